import { AlipaySdk } from "alipay-sdk"
import { chinaDateTime } from "../../platform/chinaTime.js"
import type { AlipaySettings } from "../../platform/paymentConfig.js"
import type { ServiceCheck } from "../../platform/serviceCheck.js"
import { fenToYuanText, providerTime, yuanTextToFen } from "./payAmounts.js"
import type { LivePaymentProvider, NotifyReading, ProviderCloseOutcome, ProviderTrade, RefundOutcome, RefundRequest } from "./paymentProviderPort.js"

/**
 * Alipay 当面付 through the official SDK (alipay/alipay-sdk-nodejs-all, src/alipay.ts `exec`,
 * `checkNotifySignV2`): RSA2 request signing by the SDK, and — because `exec` only checks the answer's
 * signature when asked — every call passes `validateSign: true`, so an answer not signed with Alipay's
 * public key fails the call. Trade numbers are Mido's own (out_trade_no ≤ 64 characters).
 * Docs: opendocs.alipay.com alipay.trade.precreate / query / close, 异步通知 (notify).
 */
export const ALIPAY_NOTIFY_PATH = "/api/pay/alipay/notify"
/** Alipay's answer for a trade it never saw: a QR nobody scanned (query and close alike). */
const TRADE_NOT_EXIST = "ACQ.TRADE_NOT_EXIST"
const SUCCESS_CODE = "10000"

interface AlipayAnswer {
  readonly code?: string
  readonly msg?: string
  readonly subCode?: string
  readonly subMsg?: string
  readonly [field: string]: unknown
}

const failure = (method: string, answer: AlipayAnswer) =>
  new Error(`alipay ${method} failed: ${answer.code ?? "?"} ${answer.subCode ?? ""} ${answer.subMsg ?? answer.msg ?? ""}`.trim())

export const makeAlipaySdk = (settings: AlipaySettings): AlipaySdk =>
  new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    // the SDK rewraps the key by type: a PKCS#8 "BEGIN PRIVATE KEY" must be named as such
    keyType: settings.privateKey.includes("BEGIN PRIVATE KEY") ? "PKCS8" : "PKCS1",
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: "RSA2",
    timeout: 10_000
  })

export const alipayProvider = (settings: AlipaySettings, publicUrl: string, sdk: AlipaySdk = makeAlipaySdk(settings)): LivePaymentProvider => {
  const call = async (method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Promise<AlipayAnswer> =>
    (await sdk.exec(method, { bizContent, ...extra }, { validateSign: true })) as AlipayAnswer

  const query = async (tradeNo: string): Promise<ProviderTrade> => {
    const answer = await call("alipay.trade.query", { out_trade_no: tradeNo })
    if (answer.code !== SUCCESS_CODE) {
      if (answer.subCode === TRADE_NOT_EXIST) return { state: "unpaid" }
      throw failure("alipay.trade.query", answer)
    }
    const status = String(answer.tradeStatus ?? "")
    if (status === "TRADE_SUCCESS" || status === "TRADE_FINISHED") {
      const amountFen = yuanTextToFen(String(answer.totalAmount ?? ""))
      if (amountFen === undefined) throw new Error(`alipay.trade.query: unreadable total_amount for ${tradeNo}`)
      return { state: "paid", amountFen, paidAt: providerTime(answer.sendPayDate as string | undefined, new Date()), providerTxnId: String(answer.tradeNo ?? "") }
    }
    return { state: status === "TRADE_CLOSED" ? "closed" : "unpaid" }
  }

  const close = async (tradeNo: string): Promise<ProviderCloseOutcome> => {
    const answer = await call("alipay.trade.close", { out_trade_no: tradeNo })
    if (answer.code === SUCCESS_CODE || answer.subCode === TRADE_NOT_EXIST) return "closed"
    // ACQ.TRADE_STATUS_ERROR: the trade is paid (or already closed): the caller queries again and decides
    if (answer.subCode === "ACQ.TRADE_STATUS_ERROR") return "already_paid"
    throw failure("alipay.trade.close", answer)
  }

  /**
   * alipay.trade.refund with out_request_no = Mido's refund number (opendocs: "一笔退款失败后重新提交，要采用
   * 原来的退款单号"; the same out_request_no again answers 10000 with fund_change "N" and no money moves).
   * fund_change "Y" is a refund done; "N" is not proof either way, so alipay.trade.fastpay.refund.query
   * decides (refund_status REFUND_SUCCESS, absent while it is not). ACQ.SYSTEM_ERROR asks for the same call
   * again: processing. Any other business failure (ACQ.TRADE_STATUS_ERROR, ACQ.REASON_TRADE_REFUND_FEE_ERR,
   * ACQ.SELLER_BALANCE_NOT_ENOUGH…) is a refusal with Alipay's own sub_msg.
   */
  const refund = async (request: RefundRequest): Promise<RefundOutcome> => {
    const answer = await call("alipay.trade.refund", {
      out_trade_no: request.tradeNo,
      refund_amount: fenToYuanText(request.amountFen),
      out_request_no: request.refundNo,
      refund_reason: request.reason.slice(0, 256)
    })
    if (answer.code !== SUCCESS_CODE) {
      if (answer.subCode === "ACQ.SYSTEM_ERROR" || answer.code === "20000") return { state: "processing" }
      return { state: "refused", reason: `支付宝：${answer.subMsg ?? answer.msg ?? answer.subCode ?? "退款失败"}` }
    }
    if (answer.fundChange === "Y") return { state: "refunded" }
    const queried = await call("alipay.trade.fastpay.refund.query", { out_trade_no: request.tradeNo, out_request_no: request.refundNo })
    if (queried.code === SUCCESS_CODE && queried.refundStatus === "REFUND_SUCCESS") return { state: "refunded" }
    return { state: "processing" }
  }

  const readNotify = (request: { body: string }, now: Date): NotifyReading => {
    const fields = Object.fromEntries(new URLSearchParams(request.body))
    const tradeNo = (fields.out_trade_no ?? "").slice(0, 64)
    if (!sdk.checkNotifySignV2(fields)) return { kind: "refused", reason: "bad_signature", tradeNo }
    const status = fields.trade_status ?? ""
    if (status !== "TRADE_SUCCESS" && status !== "TRADE_FINISHED") return { kind: "other", tradeNo, state: status }
    const amountFen = yuanTextToFen(fields.total_amount)
    if (amountFen === undefined) return { kind: "refused", reason: "malformed", tradeNo }
    return {
      kind: "paid",
      notice: { tradeNo, amountFen, appId: fields.app_id ?? "", providerTxnId: fields.trade_no ?? "", paidAt: providerTime(fields.gmt_payment, now) }
    }
  }

  return {
    name: "alipay",
    method: "alipay",
    appId: settings.appId,
    notifyPath: ALIPAY_NOTIFY_PATH,
    precreate: async (trade) => {
      const answer = await call(
        "alipay.trade.precreate",
        { out_trade_no: trade.tradeNo, total_amount: fenToYuanText(trade.amountFen), subject: trade.subject, time_expire: chinaDateTime(trade.expiresAt) },
        { notify_url: `${publicUrl}${ALIPAY_NOTIFY_PATH}` }
      )
      if (answer.code !== SUCCESS_CODE || typeof answer.qrCode !== "string") throw failure("alipay.trade.precreate", answer)
      return answer.qrCode
    },
    query,
    close: (tradeNo) => close(tradeNo),
    refund,
    // the daily bill is a zip of GBK CSV files behind alipay.data.dataservice.bill.downloadurl.query; until it
    // is read, the statement check asks alipay.trade.query about each paid order instead (statementCheck.ts)
    statement: async () => [],
    readNotify,
    // 异步通知: Alipay keeps retrying until it reads exactly "success"
    answerNotify: (accepted) => ({ status: 200, contentType: "text/plain", body: accepted ? "success" : "fail" })
  }
}

/** The doctor's harmless call: a query of a trade that cannot exist answers ACQ.TRADE_NOT_EXIST, signed. */
export const alipayServiceCheck = (settings: AlipaySettings, sdk: AlipaySdk = makeAlipaySdk(settings)): ServiceCheck => ({
  name: "支付宝 (Alipay)",
  check: async () => {
    try {
      const trade = await alipayProvider(settings, "", sdk).query(`MIDO-DOCTOR-${Date.now()}`)
      return { ok: true, detail: `网关 ${settings.gateway} 应答已验签（测试交易：${trade.state}）` }
    } catch (error) {
      return { ok: false, detail: `网关 ${settings.gateway}：${error instanceof Error ? error.message : String(error)}` }
    }
  }
})
