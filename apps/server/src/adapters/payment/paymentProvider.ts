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

export interface PaymentProvider {
  /** Names the provider in reconciliation_breaks. */
  readonly name: string
  readonly query: (tradeNo: string) => Promise<ProviderTrade>
  /** Closes the trade so it can no longer be paid; "already_paid" when it was paid first (ORDERPAID). */
  readonly close: (tradeNo: string, now: Date) => Promise<ProviderCloseOutcome>
  /** The trades paid in [from, to). */
  readonly statement: (from: Date, to: Date) => Promise<ReadonlyArray<StatementLine>>
}
