/**
 * What the server asks of a payment provider besides taking the payment (R27, R28): the state of a
 * trade (the trade query), closing a trade (the close call) and the day's statement of paid trades
 * (the bill). The sandbox provider (sandboxProvider.ts) answers from its own books; a real Alipay or
 * WeChat Pay adapter implements the same three calls.
 */
export type ProviderTrade =
  | { readonly state: "paid"; readonly amountFen: number; readonly paidAt: Date; readonly providerTxnId: string }
  | { readonly state: "unpaid" | "closed" | "failed" }

export type ProviderCloseOutcome = "closed" | "already_paid"

export interface StatementLine {
  readonly tradeNo: string
  readonly amountFen: number
  readonly paidAt: Date
}

/**
 * A full refund of a paid trade. `refundNo` is Mido's refund number (Alipay out_request_no, WeChat Pay
 * out_refund_no): asking again with the same number refunds once — both vendors say a refund that failed
 * or is still processing is retried with the original number.
 */
export interface RefundRequest {
  readonly tradeNo: string
  readonly refundNo: string
  readonly amountFen: number
  /** the trade's paid amount (WeChat Pay asks for it beside the refund) */
  readonly totalFen: number
  readonly reason: string
}

export type RefundOutcome =
  /** the money went back (or had already gone back under this refund number) */
  | { readonly state: "refunded" }
  /** accepted, not finished: ask again later with the same refund number */
  | { readonly state: "processing" }
  /** the provider will not refund this (not paid, amount, closed refund…): `reason` is shown to the operator */
  | { readonly state: "refused"; readonly reason: string }

export interface PaymentProvider {
  /** Names the provider in reconciliation_breaks. */
  readonly name: string
  readonly query: (tradeNo: string) => Promise<ProviderTrade>
  /** Closes the trade so it can no longer be paid; "already_paid" when it was paid first (ORDERPAID). */
  readonly close: (tradeNo: string, now: Date) => Promise<ProviderCloseOutcome>
  /** The trades paid in [from, to). */
  readonly statement: (from: Date, to: Date) => Promise<ReadonlyArray<StatementLine>>
  /** Refunds a paid trade whole; the same refundNo again answers that refund's state, never a second refund. */
  readonly refund: (request: RefundRequest, now: Date) => Promise<RefundOutcome>
}

export type SandboxPayOutcome = "paid" | "already_paid" | "closed"

/**
 * The sandbox's pay page (development only) acting as the payer: it writes a payment or a failed
 * attempt into the sandbox provider's own books. A real provider has no such call; the notify and
 * the trade query are how the server learns of a payment.
 */
export interface SandboxCashier {
  /** The provider takes a payment of `amountFen` for the trade, once. */
  readonly recordPayment: (tradeNo: string, amountFen: number, now: Date) => Promise<SandboxPayOutcome>
  /** The payer's attempt failed; a paid or closed trade is not changed. */
  readonly recordFailure: (tradeNo: string, amountFen: number, now: Date) => Promise<void>
}

/** The pay methods a buyer chooses (the contract's pay_method), each backed by one live provider when configured. */
export type PayMethod = "alipay" | "wechat"

/** What a live provider needs to open a trade the buyer can scan. */
export interface TradeToCreate {
  readonly tradeNo: string
  readonly amountFen: number
  /** the item's name, shown to the payer in the wallet app */
  readonly subject: string
  /** after this the provider refuses the payment (the order's 15 minutes) */
  readonly expiresAt: Date
}

/** A provider's verified notify of a payment, in Mido's terms (fen, Mido's trade number). */
export interface PaidNotice {
  readonly tradeNo: string
  readonly amountFen: number
  /** the app the payment was made to: another app's notify is refused */
  readonly appId: string
  readonly providerTxnId: string
  readonly paidAt: Date
}

export type NotifyReading =
  | { readonly kind: "paid"; readonly notice: PaidNotice }
  /** a verified notify of something else than a payment (a closed trade, a refund): acknowledged, nothing changes */
  | { readonly kind: "other"; readonly tradeNo: string; readonly state: string }
  /** the signature (or the decryption) failed, or the body is not the provider's: nothing changes */
  | { readonly kind: "refused"; readonly reason: "bad_signature" | "malformed"; readonly tradeNo: string }

export interface NotifyRequest {
  readonly header: (name: string) => string | undefined
  readonly body: string
}

export interface NotifyAnswer {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

/**
 * A real provider (Alipay 当面付, WeChat Pay Native): besides query, close and statement it opens
 * the trade (its answer is what the purchase dialog's QR encodes) and reads its own notify.
 */
export interface LivePaymentProvider extends PaymentProvider {
  readonly method: PayMethod
  /** the app id a notify must name (Alipay app_id, WeChat Pay appid) */
  readonly appId: string
  /** where the provider posts its notify (PUBLIC_URL + this path) */
  readonly notifyPath: string
  /** opens the trade; answers the QR content (Alipay qr_code, WeChat Pay code_url) */
  readonly precreate: (trade: TradeToCreate) => Promise<string>
  readonly readNotify: (request: NotifyRequest, now: Date) => NotifyReading
  /** the answer the provider's docs ask for once the notify is recorded (accepted) or not */
  readonly answerNotify: (accepted: boolean) => NotifyAnswer
}

/** The configured live providers by pay method; a method without one is the sandbox's (outside production) or not offered. */
export type LivePayments = Readonly<Partial<Record<PayMethod, LivePaymentProvider>>>
