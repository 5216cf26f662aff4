import { and, eq, gte, lt, notExists, sql } from "drizzle-orm"
import { orders } from "../../db/schema/commerce.js"
import { orderRefunds } from "../../db/schema/refunds.js"
import type { ClosingDeps } from "./orderClosing.js"
import { markPaid } from "./payments.js"
import { chinaDate, chinaDayStart } from "../../platform/chinaTime.js"
import { recordBreak } from "./reconciliationBreaks.js"

/**
 * R28's daily statement check (WeChat's T+1 bill, Alipay's 对账单): the provider's paid trades of a
 * China business day against the orders. Every mismatch is written to reconciliation_breaks once:
 * a payment for an unknown trade, for another amount, for an order not marked paid (which is then
 * completed as a late payment — a payment is never dropped, R27), and an order marked paid that the
 * provider does not know as paid.
 */
const DAY_MS = 86_400_000
/** The next `hour`:00 China time strictly after `now` (the statement job runs at 03:00). */
export const nextChinaHour = (now: Date, hour: number): Date => {
  const today = chinaDayStart(chinaDate(now)).getTime() + hour * 3_600_000
  return new Date(today > now.getTime() ? today : today + DAY_MS)
}

export interface StatementSummary {
  readonly day: string
  readonly lines: number
  readonly breaks: number
}

export const checkStatement = async (deps: ClosingDeps, day: string, now: Date): Promise<StatementSummary> => {
  const from = chinaDayStart(day)
  const to = new Date(from.getTime() + DAY_MS)
  const lines = await deps.provider.statement(from, to)
  const base = { provider: deps.provider.name, businessDay: day }
  let breaks = 0
  const note = async (entry: Parameters<typeof recordBreak>[1]) => {
    if (await recordBreak(deps.db, entry, now)) breaks += 1
  }
  const onStatement = new Set<string>()
  for (const line of lines) {
    onStatement.add(line.tradeNo)
    const [order] = await deps.db.select().from(orders).where(eq(orders.tradeNo, line.tradeNo)).limit(1)
    const amounts = { providerAmountFen: line.amountFen, orderAmountFen: order?.payableFen ?? null, orderStatus: order?.status ?? null }
    if (order === undefined) await note({ ...base, tradeNo: line.tradeNo, kind: "unknown_trade", ...amounts })
    else if (order.payableFen !== line.amountFen) await note({ ...base, tradeNo: line.tradeNo, kind: "amount_mismatch", ...amounts })
    else if (order.status !== "success") {
      const outcome = await markPaid(deps.db, deps.ledgerKey, order.tradeNo, now, line.paidAt)
      await note({ ...base, tradeNo: line.tradeNo, kind: "paid_not_fulfilled", ...amounts, detail: `completed by the statement check (${outcome})` })
    }
  }
  const paidHere = await deps.db
    .select()
    .from(orders)
    .where(and(
      eq(orders.status, "success"), eq(orders.claim, false), gte(orders.paidAt, from), lt(orders.paidAt, to),
      // a refunded (or refunding) order is no longer paid at the provider: Alipay's query says TRADE_CLOSED
      notExists(deps.db.select({ orderId: orderRefunds.orderId }).from(orderRefunds).where(and(eq(orderRefunds.orderId, orders.id), sql`${orderRefunds.state} <> 'failed'`)))
    ))
  for (const order of paidHere) {
    if (onStatement.has(order.tradeNo)) continue
    // paid around midnight, the provider may book it on the neighbouring day: ask before calling it a break
    const trade = await deps.provider.query(order.tradeNo)
    if (trade.state === "paid" && trade.amountFen === order.payableFen) continue
    await note({
      ...base, tradeNo: order.tradeNo, kind: "fulfilled_not_paid",
      providerAmountFen: trade.state === "paid" ? trade.amountFen : null, orderAmountFen: order.payableFen, orderStatus: order.status, detail: `provider: ${trade.state}`
    })
  }
  if (breaks > 0) deps.log.error("reconciliation breaks found", { day, breaks, alert: "reconciliation_break" })
  return { day, lines: lines.length, breaks }
}

/** The statement job: yesterday and the day before (a missed day is caught up; breaks are recorded once). */
export const checkRecentStatements = async (deps: ClosingDeps, now: Date): Promise<ReadonlyArray<StatementSummary>> => {
  const summaries: Array<StatementSummary> = []
  for (const back of [2, 1]) summaries.push(await checkStatement(deps, chinaDate(new Date(now.getTime() - back * DAY_MS)), now))
  return summaries
}
