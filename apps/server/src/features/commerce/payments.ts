import { createHmac, timingSafeEqual } from "node:crypto"
import { and, eq, ne, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { membershipPlans, orderFulfilments, orders, paymentNotifies, pointsPackages } from "../../db/schema/commerce.js"
import { users } from "../../db/schema/users.js"
import { ConfigKeys, configWholeNumbers } from "../appConfig/appConfig.js"
import { creditBeans } from "../beans/beans.js"
import { sendOrderFulfilled } from "../messages/systemNotices.js"
import { consumeCoupon, releaseCoupon } from "./coupons.js"

/**
 * Payments: completing an order (R23 claim, R26 notify), the sandbox provider's signed notify
 * (R24-like checks: signature, order, amount) and the grant of what was bought. A grant happens once
 * per order whatever the number of notifies (a unique order_fulfilments row, in the transaction that
 * marks the order paid), and a late payment of a closed or timed-out order is still granted (R27).
 */
export type OrderRow = typeof orders.$inferSelect

export interface SandboxNotice {
  readonly trade_no: string
  readonly amount_fen: string
  readonly status: string
  readonly nonce: string
}

const canonical = (notice: SandboxNotice) =>
  `amount_fen=${notice.amount_fen}&nonce=${notice.nonce}&status=${notice.status}&trade_no=${notice.trade_no}`

/** HMAC-SHA256 over the notice's fields in name order, hex. */
export const signSandbox = (secret: string, notice: SandboxNotice): string => createHmac("sha256", secret).update(canonical(notice)).digest("hex")

export const verifySandbox = (secret: string, notice: SandboxNotice, sign: string): boolean => {
  if (!/^[0-9a-f]{64}$/.test(sign)) return false
  return timingSafeEqual(Buffer.from(signSandbox(secret, notice), "hex"), Buffer.from(sign, "hex"))
}

export const INVITE_REWARD_KIND = "invite_reward"

const inviteReward = async (tx: Db, ledgerKey: string, order: OrderRow, now: Date) => {
  const [buyer] = await tx.select({ invitedBy: users.invitedBy, nickname: users.nickname }).from(users).where(eq(users.uid, order.uid)).limit(1)
  const inviter = buyer?.invitedBy
  if (inviter === null || inviter === undefined || inviter === order.uid) return
  const config = await configWholeNumbers(tx, { [ConfigKeys.inviteReward]: 0 })
  const amount = config[ConfigKeys.inviteReward] ?? 0
  if (amount <= 0) return
  // R35: once per invitee, whichever paid order is fulfilled first (unique kind + ref)
  await creditBeans(tx, ledgerKey, {
    uid: inviter,
    amount,
    remark: `邀请好友${buyer?.nickname ?? ""}首次购买奖励`,
    kind: INVITE_REWARD_KIND,
    ref: `invitee:${order.uid}`,
    now,
    notice: { title: "邀请奖励到账", reason: `你邀请的好友${buyer?.nickname ?? ""}完成了首次购买，获得邀请奖励`, jumpUrl: "/invite-info" }
  })
}

/**
 * Grants what the order bought, once (R26): a plan sets the level and extends the expiry from
 * max(now, current expiry) and credits its bonus beans; a points package credits its beans; the
 * buyer gets one system message saying so (keyed by trade_no); the inviter is rewarded on the buyer's
 * first paid order (their credit's own message). Returns false when it was granted before. The
 * buyer's credits send no message of their own: the order's notice says what arrived.
 * Call inside the transaction that marks the order success.
 */
export const fulfilOrder = async (tx: Db, ledgerKey: string, order: OrderRow, now: Date, late: boolean): Promise<boolean> => {
  const fresh = await tx.insert(orderFulfilments).values({ orderId: order.id, late, createdAt: now }).onConflictDoNothing().returning({ id: orderFulfilments.orderId })
  if (fresh.length === 0) return false
  await consumeCoupon(tx, order.id)
  const at = now.toISOString()
  if (order.itemType === "plan") {
    const [plan] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, order.itemId)).limit(1)
    if (plan === undefined) throw new Error(`order ${order.tradeNo}: plan ${order.itemId} is gone`)
    const [member] = await tx
      .update(users)
      .set({
        vipLevel: sql`case when ${users.vipExpiredAt} > ${at}::timestamptz then greatest(${users.vipLevel}, ${plan.level}) else ${plan.level} end`,
        vipExpiredAt: sql`greatest(coalesce(${users.vipExpiredAt}, ${at}::timestamptz), ${at}::timestamptz) + make_interval(days => ${plan.durationDays})`
      })
      .where(eq(users.uid, order.uid))
      .returning({ expiresAt: users.vipExpiredAt })
    if (plan.bonusBeans > 0) {
      await creditBeans(tx, ledgerKey, { uid: order.uid, amount: plan.bonusBeans, remark: `购买${plan.name}赠送`, kind: "order", ref: order.tradeNo, now, notice: false })
    }
    await sendOrderFulfilled(tx, order, { kind: "plan", name: plan.name, bonusBeans: plan.bonusBeans, expiresAt: member?.expiresAt ?? null }, now)
  } else {
    const [pack] = await tx.select().from(pointsPackages).where(eq(pointsPackages.id, order.itemId)).limit(1)
    if (pack === undefined) throw new Error(`order ${order.tradeNo}: package ${order.itemId} is gone`)
    const remark = pack.bonus > 0 ? `购买${pack.points}米豆（加赠${pack.bonus}）` : `购买${pack.points}米豆`
    await creditBeans(tx, ledgerKey, { uid: order.uid, amount: pack.points + pack.bonus, remark, kind: "order", ref: order.tradeNo, now, notice: false })
    await sendOrderFulfilled(tx, order, { kind: "points", beans: pack.points + pack.bonus }, now)
  }
  if (order.payableFen > 0) await inviteReward(tx, ledgerKey, order, now)
  return true
}

export type PaidOutcome = "paid" | "late_payment" | "duplicate"

/**
 * Marks the order paid and grants it, in one transaction (R26): the order row is locked, a success
 * order is a duplicate (nothing more happens), any other state becomes success — a closed, failed or
 * timed-out order that was paid after all is a late payment, granted and recorded (R27). The notify
 * and reconciliation (R28, with the provider's payment time as `paidAt`) both complete orders here.
 */
export const markPaid = async (db: Db, ledgerKey: string, tradeNo: string, now: Date, paidAt: Date = now): Promise<PaidOutcome> =>
  db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.tradeNo, tradeNo)).limit(1).for("update")
    if (order === undefined) throw new Error(`order ${tradeNo} not found`)
    if (order.status === "success") return "duplicate"
    const late = order.status !== "paying" || paidAt > order.expiresAt
    const [updated] = await tx
      .update(orders)
      .set({ status: "success", paidAt })
      .where(and(eq(orders.id, order.id), ne(orders.status, "success")))
      .returning()
    if (updated === undefined) return "duplicate"
    const granted = await fulfilOrder(tx, ledgerKey, updated, now, late)
    return !granted ? "duplicate" : late ? "late_payment" : "paid"
  })

/** The provider reported a failed payment: a paying order becomes fail and frees its coupon. */
export const markFailed = async (db: Db, tradeNo: string, now: Date): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [failed] = await tx
      .update(orders)
      .set({ status: "fail", closedAt: now })
      .where(and(eq(orders.tradeNo, tradeNo), eq(orders.status, "paying")))
      .returning({ id: orders.id })
    if (failed === undefined) return false
    await releaseCoupon(tx, failed.id)
    return true
  })

export interface NotifyResult {
  readonly accepted: boolean
  readonly outcome: string
}

/**
 * The sandbox provider's notify: signature, order and amount checked before anything changes
 * (R24-like); idempotent under duplicate and concurrent delivery (R26); stored raw with the outcome
 * of its checks (R38).
 */
export const processSandboxNotify = async (db: Db, ledgerKey: string, secret: string, notice: SandboxNotice, sign: string, raw: string, now: Date): Promise<NotifyResult> => {
  const sigOk = verifySandbox(secret, notice, sign)
  const [order] = sigOk ? await db.select().from(orders).where(eq(orders.tradeNo, notice.trade_no)).limit(1) : []
  const amountOk = order !== undefined && /^\d{1,15}$/.test(notice.amount_fen) && Number(notice.amount_fen) === order.payableFen
  let result: NotifyResult
  if (!sigOk) result = { accepted: false, outcome: "bad_signature" }
  else if (order === undefined) result = { accepted: false, outcome: "unknown_order" }
  else if (!amountOk) result = { accepted: false, outcome: "amount_mismatch" }
  else if (order.claim) result = { accepted: false, outcome: "claim_order" }
  // an order a real provider took is paid only through that provider's notify or query
  else if (order.provider !== null) result = { accepted: false, outcome: "other_provider" }
  else if (notice.status === "success") result = { accepted: true, outcome: await markPaid(db, ledgerKey, order.tradeNo, now) }
  else if (notice.status === "fail") result = { accepted: true, outcome: (await markFailed(db, order.tradeNo, now)) ? "failed" : "ignored_fail" }
  else result = { accepted: false, outcome: "unknown_status" }
  await db.insert(paymentNotifies).values({ tradeNo: notice.trade_no.slice(0, 64), raw: raw.slice(0, 4000), sigOk, amountOk, outcome: result.outcome, createdAt: now })
  return result
}
