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
