import { and, asc, eq, lt, lte, sql } from "drizzle-orm"
import { orders } from "../../db/schema/commerce.js"
import { orderReconciliation } from "../../db/schema/reconciliation.js"
import { closeUnpaidOrder, type ClosingDeps, settleFromProvider } from "./orderClosing.js"

/**
 * The order jobs (R27, R28): open orders are checked with the provider at 2, 5 and 10 minutes (a
 * payment whose notify was lost is found and completed), and closed eagerly once their 15 minutes
 * are over — after one more query and the provider's close. Both are safe to run from several
 * processes at once: each checkpoint is claimed by one conditional upsert, and completing an order
 * goes through markPaid's row lock and once-only fulfilment.
 */
export const RECONCILE_CHECKPOINTS_MS: ReadonlyArray<number> = [2 * 60_000, 5 * 60_000, 10 * 60_000]
/** Orders handled per run; the rest wait for the next run. */
export const ORDER_JOB_BATCH = 100

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms)

/** How many checkpoints an order created at `createdAt` has passed by `now`. */
export const checkpointsPassed = (createdAt: Date, now: Date) => RECONCILE_CHECKPOINTS_MS.filter((ms) => createdAt <= ago(now, ms)).length

export interface ReconcileSummary {
  readonly queried: number
  readonly paid: number
}

/** R28: queries the provider for paying orders at each checkpoint they passed and were not queried at. */
export const reconcilePendingOrders = async (deps: ClosingDeps, now: Date): Promise<ReconcileSummary> => {
  const [first, second, third] = RECONCILE_CHECKPOINTS_MS.map((ms) => ago(now, ms).toISOString())
  const due = sql<number>`(case when ${orders.createdAt} <= ${third}::timestamptz then 3 when ${orders.createdAt} <= ${second}::timestamptz then 2 else 1 end)::int`
  const candidates = await deps.db
    .select({ order: orders, stage: due })
    .from(orders)
    .leftJoin(orderReconciliation, eq(orderReconciliation.orderId, orders.id))
    .where(and(
      eq(orders.status, "paying"),
      eq(orders.claim, false),
      lte(orders.createdAt, sql`${first}::timestamptz`),
      sql`coalesce(${orderReconciliation.queries}, 0) < ${due}`
    ))
    .orderBy(asc(orders.createdAt))
    .limit(ORDER_JOB_BATCH)
  let queried = 0
  let paid = 0
  for (const { order, stage } of candidates) {
    // one process wins each checkpoint; the others skip it
    const claimed = await deps.db
      .insert(orderReconciliation)
      .values({ orderId: order.id, queries: Number(stage), lastQueriedAt: now })
      .onConflictDoUpdate({
        target: orderReconciliation.orderId,
        set: { queries: sql`excluded.queries`, lastQueriedAt: now },
        setWhere: lt(orderReconciliation.queries, sql`excluded.queries`)
      })
      .returning({ orderId: orderReconciliation.orderId })
    if (claimed.length === 0) continue
    queried += 1
    const outcome = await settleFromProvider(deps, order, now)
    if (outcome === "paid" || outcome === "late_payment") paid += 1
    await deps.db.update(orderReconciliation).set({ lastState: outcome }).where(eq(orderReconciliation.orderId, order.id))
  }
  return { queried, paid }
}

export interface CloseSummary {
  readonly timedOut: number
  readonly paid: number
}

/** Times out paying orders past their 15 minutes, each after a last query and the provider's close. */
export const closeExpiredOrders = async (deps: ClosingDeps, now: Date): Promise<CloseSummary> => {
  const due = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "paying"), lt(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(ORDER_JOB_BATCH)
  let timedOut = 0
  let paid = 0
  for (const order of due) {
    const ended = await closeUnpaidOrder(deps, order, "timeout", now)
    if (ended.status === "timeout") timedOut += 1
    else if (ended.status === "success") paid += 1
  }
  return { timedOut, paid }
}
