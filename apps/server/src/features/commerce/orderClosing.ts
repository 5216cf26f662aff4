import type { Db } from "../../db/database.js"
import type { Log } from "../../platform/log.js"
import { endUnpaidOrder, findOwnOrder, orderById } from "./orders.js"
import type { PaymentProvider } from "../../adapters/payment/paymentProviderPort.js"
import { markPaid, type OrderRow, type PaidOutcome } from "./payments.js"
import { chinaDate } from "../../platform/chinaTime.js"
import { recordBreak } from "./reconciliationBreaks.js"

/**
 * Ending orders without a notify (R27, R28): the provider is asked before any close, a paid answer
 * completes the order through markPaid — the notify's idempotent path, so a payment is granted once
 * however many queries, notifies and processes see it — and only an unpaid order is closed, first at
 * the provider (which answers already_paid when the payment won the race) and then locally.
 */
export type SettleOutcome = PaidOutcome | "unpaid" | "closed" | "failed" | "amount_mismatch"

export interface ClosingDeps {
  readonly db: Db
  readonly provider: PaymentProvider
  readonly log: Log
  readonly ledgerKey: string
}

/** Asks the provider about the order; a paid answer for the order's amount completes it. */
export const settleFromProvider = async (deps: ClosingDeps, order: OrderRow, now: Date): Promise<SettleOutcome> => {
  const trade = await deps.provider.query(order.tradeNo)
  if (trade.state !== "paid") return trade.state
  if (trade.amountFen !== order.payableFen) {
    // R24-like: a payment of another amount is never granted; a person resolves the break
    deps.log.error("payment amount mismatch", { trade_no: order.tradeNo, provider_fen: trade.amountFen, order_fen: order.payableFen, alert: "amount_mismatch" })
    await recordBreak(deps.db, {
      provider: deps.provider.name, businessDay: chinaDate(now), tradeNo: order.tradeNo, kind: "amount_mismatch",
      providerAmountFen: trade.amountFen, orderAmountFen: order.payableFen, orderStatus: order.status, detail: "provider query"
    }, now)
    return "amount_mismatch"
  }
  const outcome = await markPaid(deps.db, deps.ledgerKey, order.tradeNo, now, trade.paidAt)
  if (outcome !== "duplicate") deps.log.warn("order completed by a provider query: its notify never arrived", { trade_no: order.tradeNo, outcome })
  return outcome
}

const isPaid = (outcome: SettleOutcome) => outcome === "paid" || outcome === "late_payment" || outcome === "duplicate"

/**
 * Ends a paying order as `status` unless it was paid: query, then the provider's close, then the
 * local conditional update. Answers the order as it now is.
 */
export const closeUnpaidOrder = async (deps: ClosingDeps, order: OrderRow, status: "timeout" | "closed", now: Date): Promise<OrderRow> => {
  if (order.status !== "paying") return order
  if (!order.claim) {
    const settled = await settleFromProvider(deps, order, now)
    if (isPaid(settled)) return (await orderById(deps.db, order.id)) ?? order
    // R27 (c): the provider's close is refused for a trade paid meanwhile: query again and fulfil
    if (settled !== "amount_mismatch" && (await deps.provider.close(order.tradeNo, now)) === "already_paid") {
      if (isPaid(await settleFromProvider(deps, order, now))) return (await orderById(deps.db, order.id)) ?? order
    }
  }
  return (await endUnpaidOrder(deps.db, order.id, status, now)) ?? order
}

/** The 15 minutes are over: the order times out unless the provider says it was paid (R28). */
export const closeIfExpired = async (deps: ClosingDeps, order: OrderRow, now: Date): Promise<OrderRow> =>
  order.status === "paying" && now > order.expiresAt ? closeUnpaidOrder(deps, order, "timeout", now) : order

/**
 * order/close by its owner (R11, R27): a paid order stays success (and the provider is not asked to
 * close it), an expired one times out, a paying one is closed at the provider, then locally.
 */
export const closeOwnOrder = async (deps: ClosingDeps, uid: number, tradeNo: string, now: Date): Promise<OrderRow | undefined> => {
  const order = await findOwnOrder(deps.db, uid, tradeNo)
  if (order === undefined || order.status !== "paying") return order
  return now > order.expiresAt ? closeUnpaidOrder(deps, order, "timeout", now) : closeUnpaidOrder(deps, order, "closed", now)
}

/**
 * R44: the orders a new order replaced are closed locally in its transaction; here their trades are
 * closed at the provider, so that only the new QR code can be paid. A trade the provider reports paid
 * (it won the race, or its notify was lost) is completed and granted as a late payment (R27). A
 * provider that fails is logged for a person; a payment it still takes arrives as a late notify and is
 * granted, never dropped.
 */
export const closeSupersededAtProvider = async (deps: ClosingDeps, superseded: ReadonlyArray<OrderRow>, now: Date): Promise<void> => {
  for (const order of superseded) {
    if (order.claim) continue
    try {
      if ((await deps.provider.close(order.tradeNo, now)) === "already_paid") await settleFromProvider(deps, order, now)
    } catch (error) {
      deps.log.error("closing a replaced order at the provider failed", { trade_no: order.tradeNo, error: String(error), alert: "provider_close_failed" })
    }
  }
}
