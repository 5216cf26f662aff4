/** The money pages' shared wording: yuan from fen, the console's order states in Chinese. */
export const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`

const STATUS: Readonly<Record<string, string>> = { paying: "待支付", success: "已支付", timeout: "已超时", fail: "支付失败", closed: "已关闭" }
const REFUND: Readonly<Record<string, string>> = { processing: "退款中", refunded: "已退款", failed: "退款失败" }

/** What the console calls the order: a refund's state wins over the paid status it keeps for the buyer. */
export const orderStateText = (status: string, refundState: string | null): string =>
  refundState === "processing" || refundState === "refunded" ? (REFUND[refundState] ?? refundState) : (STATUS[status] ?? status)

export const refundStateText = (state: string): string => REFUND[state] ?? state

export const ORDER_STATE_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ["", "全部状态"], ["paying", "待支付"], ["success", "已支付"], ["refunding", "退款中"], ["refunded", "已退款"], ["closed", "已关闭"], ["timeout", "已超时"], ["fail", "支付失败"]
]

const BREAK_KINDS: Readonly<Record<string, string>> = {
  paid_not_fulfilled: "已付款未到账", fulfilled_not_paid: "已到账未付款", amount_mismatch: "金额不一致", unknown_trade: "未知交易"
}
export const breakKindText = (kind: string): string => BREAK_KINDS[kind] ?? kind

const PAY: Readonly<Record<string, string>> = { alipay: "支付宝", wechat: "微信支付", none: "无需支付" }
export const payMethodText = (method: string): string => PAY[method] ?? method
