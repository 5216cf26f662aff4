import { randomBytes } from "node:crypto"
import { and, asc, eq, lt, sql } from "drizzle-orm"
import type { PaymentProvider, RefundOutcome } from "../../adapters/payment/paymentProviderPort.js"
import type { Db } from "../../db/database.js"
import { beanLedger, membershipPlans, orders, wallets } from "../../db/schema/commerce.js"
import { orderRefunds } from "../../db/schema/refunds.js"
import { users } from "../../db/schema/users.js"
import type { Log } from "../../platform/log.js"
import { creditBeans } from "../beans/beans.js"
import type { OrderRow } from "./payments.js"
import { type RecordAudit, refundTakeBack, type TakeBack } from "./refundTakeBack.js"

/**
 * Refunding a paid order (issue 29, ADR 0026), in three steps:
 * 1. ONE transaction takes back what the order granted — the beans it credited (a spend of kind
 *    order_refund, in the user's HMAC chain) and the membership days of a plan — records the refund as
 *    processing and writes the audit row. The balance never goes below zero (R33): when the user already
 *    spent the beans the refund is refused with the numbers, nothing changes, and the operator decides.
 * 2. The provider refunds under Mido's refund number (idempotent at the provider: a retry refunds once).
 * 3. Done → refunded; processing (or no answer) → stays processing, the same button asks again with the
 *    same number; refused → one transaction gives back exactly what step 1 took (kind order_refund_undo).
 * A double click: the order row lock serialises step 1, and a second step 1 finds the refund and only asks
 * the provider again. The order's status stays success (the buyer's API); the console shows 已退款.
 */
export const ORDER_REFUND_KIND = "order_refund"
export const ORDER_REFUND_UNDO_KIND = "order_refund_undo"

export type RefundRow = typeof orderRefunds.$inferSelect

/** A refund the console refuses before anything moves; the message is the operator's. */
export class RefundRefusal extends Error {}

export interface RefundDeps {
  readonly db: Db
  readonly ledgerKey: string
  readonly provider: PaymentProvider
  readonly log: Log
  readonly audit: RecordAudit
}

export interface RefundRequestInput {
  readonly tradeNo: string
  readonly actorUid: number
  readonly reason: string
}

export interface RefundAnswer {
  readonly state: RefundRow["state"]
  readonly detail: string
  readonly beansTaken: number
  readonly vipDaysTaken: number
}

const answerOf = (row: RefundRow): RefundAnswer => ({ state: row.state, detail: row.detail, beansTaken: row.beansTaken, vipDaysTaken: row.vipDaysTaken })

const newRefundNo = () => `RF${randomBytes(15).toString("hex")}`

/** What the order granted in beans (its one order credit, kind order ref trade_no). */
const beansGranted = async (tx: Db, order: OrderRow): Promise<number> => {
  const [credit] = await tx.select({ amount: beanLedger.actionAmount }).from(beanLedger).where(and(eq(beanLedger.kind, "order"), eq(beanLedger.ref, order.tradeNo))).limit(1)
  return Math.max(0, credit?.amount ?? 0)
}

/** Step 1: takes back and records (or finds the refund already under way). */
const begin = async (deps: RefundDeps, input: RefundRequestInput, now: Date): Promise<RefundRow> =>
  deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.tradeNo, input.tradeNo)).limit(1).for("update")
    if (order === undefined) throw new RefundRefusal("订单不存在")
    const [existing] = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).limit(1)
    if (existing !== undefined && existing.state !== "failed") return existing
    if (order.status !== "success") throw new RefundRefusal("只有已支付的订单可以退款")
    if (order.claim || order.payableFen <= 0) throw new RefundRefusal("这是免费领取的订单，没有可退的款项")
    let days = 0
    if (order.itemType === "plan") {
      const [plan] = await tx.select({ durationDays: membershipPlans.durationDays }).from(membershipPlans).where(eq(membershipPlans.id, order.itemId)).limit(1)
      days = plan?.durationDays ?? 0
    }
    const attempt = (existing?.attempts ?? 0) + 1
    const take: TakeBack = { beans: await beansGranted(tx, order), vipDays: days }
    const outcome = await refundTakeBack(tx, deps, order, take, { attempt, actorUid: input.actorUid, reason: input.reason, now })
    if (outcome.kind === "short") {
      throw new RefundRefusal(`用户已用掉部分米豆：需收回 ${take.beans} 米豆，当前余额仅 ${outcome.balance}，无法退款`)
    }
    const values = {
      amountFen: order.payableFen, state: "processing" as const, beansTaken: take.beans, vipDaysTaken: take.vipDays, attempts: attempt,
      reason: input.reason, actorUid: input.actorUid, detail: "", createdAt: now, finishedAt: null
    }
    const [row] = existing === undefined
      ? await tx.insert(orderRefunds).values({ orderId: order.id, refundNo: newRefundNo(), ...values }).returning()
      : await tx.update(orderRefunds).set(values).where(eq(orderRefunds.orderId, order.id)).returning()
    if (row === undefined) throw new Error(`refund of ${order.tradeNo} was not recorded`)
    return row
  })

/** Step 3 for a refusal: gives back what step 1 took, in one transaction, once (the row's state guards it). */
const giveBack = async (deps: RefundDeps, order: OrderRow, refund: RefundRow, reason: string, now: Date): Promise<RefundRow> =>
  deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(orderRefunds)
      .set({ state: "failed", detail: reason, finishedAt: now })
      .where(and(eq(orderRefunds.orderId, refund.orderId), eq(orderRefunds.state, "processing")))
      .returning()
    if (failed === undefined) return (await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, refund.orderId)))[0] ?? refund
    const ref = `${order.tradeNo}#${refund.attempts}`
    if (refund.beansTaken > 0) {
      await creditBeans(tx, deps.ledgerKey, {
        uid: order.uid, amount: refund.beansTaken, remark: `退款未成功，退还收回的米豆（${order.itemName}）`, kind: ORDER_REFUND_UNDO_KIND, ref, now,
        notice: { title: "米豆已退还", reason: "订单退款未成功，之前收回的米豆已退还" }
      })
    }
    if (refund.vipDaysTaken > 0) {
      // the take-back may have ended the membership (level 0): the plan's level comes back with its days
      const [plan] = await tx.select({ level: membershipPlans.level }).from(membershipPlans).where(eq(membershipPlans.id, order.itemId)).limit(1)
      await tx
        .update(users)
        .set({
          vipExpiredAt: sql`${users.vipExpiredAt} + make_interval(days => ${refund.vipDaysTaken})`,
          vipLevel: sql`greatest(${users.vipLevel}, ${plan?.level ?? 0})`
        })
        .where(eq(users.uid, order.uid))
    }
    await deps.audit(tx, {
      actorId: refund.actorUid, action: "order.refund_failed", targetType: "order", targetId: order.tradeNo,
      before: { refund: "processing" }, after: { refund: "failed", reason, beans_returned: refund.beansTaken, vip_days_returned: refund.vipDaysTaken }
    })
    return failed
  })

const settle = async (deps: RefundDeps, order: OrderRow, refund: RefundRow, outcome: RefundOutcome, now: Date): Promise<RefundRow> => {
  if (outcome.state === "refused") return giveBack(deps, order, refund, outcome.reason, now)
  if (outcome.state === "processing") {
    const [row] = await deps.db.update(orderRefunds).set({ detail: "支付平台处理中" }).where(and(eq(orderRefunds.orderId, refund.orderId), eq(orderRefunds.state, "processing"))).returning()
    return row ?? refund
  }
  const [row] = await deps.db
    .update(orderRefunds)
    .set({ state: "refunded", detail: "", finishedAt: now })
    .where(and(eq(orderRefunds.orderId, refund.orderId), eq(orderRefunds.state, "processing")))
    .returning()
  return row ?? (await deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, refund.orderId)))[0] ?? refund
}

/**
 * Refunds the order `tradeNo` whole (the console's 退款 button; asking again continues the same refund).
 * Throws RefundRefusal when nothing may move; otherwise answers the refund's state.
 */
export const refundOrder = async (deps: RefundDeps, input: RefundRequestInput, now: Date): Promise<RefundAnswer> => {
  const reason = input.reason.trim()
  if (reason === "" || reason.length > 200) throw new RefundRefusal("请填写退款原因（200字以内）")
  const refund = await begin(deps, { ...input, reason }, now)
  if (refund.state === "refunded") return answerOf(refund)
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId)).limit(1)
  if (order === undefined) throw new Error(`refund ${refund.refundNo}: order is gone`)
  let outcome: RefundOutcome
  try {
    outcome = await deps.provider.refund({ tradeNo: order.tradeNo, refundNo: refund.refundNo, amountFen: refund.amountFen, totalFen: order.payableFen, reason }, now)
  } catch (error) {
    // no answer is no knowledge: the refund may have gone through, so it is asked again with the same number
    deps.log.warn("refund call failed; the refund stays processing", { trade_no: order.tradeNo, error: error instanceof Error ? error.message : String(error) })
    outcome = { state: "processing" }
  }
  return answerOf(await settle(deps, order, refund, outcome, now))
}

/**
 * The refunds job: asks the provider again about refunds still processing (WeChat Pay's usual first
 * answer), oldest first, with their own numbers, so 退款中 turns into 已退款 without a second press.
 */
export const settleProcessingRefunds = async (deps: RefundDeps, now: Date, olderThanMs = 60_000): Promise<number> => {
  const due = await deps.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.state, "processing"), lt(orderRefunds.createdAt, new Date(now.getTime() - olderThanMs))))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(50)
  let settled = 0
  for (const refund of due) {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId)).limit(1)
    if (order === undefined) continue
    let outcome: RefundOutcome
    try {
      outcome = await deps.provider.refund({ tradeNo: order.tradeNo, refundNo: refund.refundNo, amountFen: refund.amountFen, totalFen: order.payableFen, reason: refund.reason }, now)
    } catch {
      continue
    }
    if ((await settle(deps, order, refund, outcome, now)).state !== "processing") settled += 1
  }
  return settled
}

/** The balance a refund would need (for the console's confirmation): the beans the order granted and the wallet. */
export const refundPreview = async (db: Db, tradeNo: string): Promise<{ readonly beans: number; readonly balance: number } | undefined> => {
  const [order] = await db.select().from(orders).where(eq(orders.tradeNo, tradeNo)).limit(1)
  if (order === undefined) return undefined
  const [wallet] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.uid, order.uid)).limit(1)
  return { beans: await beansGranted(db, order), balance: wallet?.balance ?? 0 }
}
