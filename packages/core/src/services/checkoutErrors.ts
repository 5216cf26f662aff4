import { Data } from "effect"

/** Spec §5: ordering needs the membership agreement accepted (checkbox or confirm dialog). */
export const AGREEMENT_REQUIRED_MESSAGE = "请先阅读并同意《会员服务协议》"

/** The agreement box was not ticked: nothing was sent. `message` is the text to show. */
export class AgreementRequired extends Data.TaggedError("AgreementRequired")<{
  readonly message: string
}> {}

/** What the dialog says when the client stops asking before the server gave a final status (R29). */
export const PAYMENT_UNCONFIRMED_MESSAGE = "暂未查询到支付结果，如已付款请稍后刷新查看"

/**
 * The payment wait ran out (R29: the client polls for at most 10 minutes) while the order was still
 * paying. Nothing is decided: the server fulfils a late payment on its own (R27, R28), and the next
 * user or balance refresh shows it.
 */
export class PaymentUnconfirmed extends Data.TaggedError("PaymentUnconfirmed")<{
  readonly tradeNo: string
  readonly message: string
}> {}
