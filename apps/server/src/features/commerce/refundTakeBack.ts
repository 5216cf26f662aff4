import { eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { wallets } from "../../db/schema/commerce.js"
import { users } from "../../db/schema/users.js"
import { spendBeans } from "../beans/beans.js"
import type { OrderRow } from "./payments.js"

/** The audit writer every admin write calls inside its transaction (features/admin/adminAudit.ts' recordAdminAudit). */
export type RecordAudit = (tx: Db, entry: {
  readonly actorId: number
  readonly action: string
  readonly targetType: string
  readonly targetId: string
  readonly before: unknown
  readonly after: unknown
}) => Promise<unknown>

export interface TakeBack {
  readonly beans: number
  readonly vipDays: number
}

export type TakeBackOutcome = { readonly kind: "taken" } | { readonly kind: "short"; readonly balance: number }

/**
 * Takes back, in the caller's transaction, what a refunded order granted: the beans (a spend of kind
 * order_refund, ref <trade_no>#<attempt>, so the HMAC chain records it) and a plan's days (the expiry moves
 * back by the plan's duration; a membership that then lies in the past ends: level 0). When the balance is
 * short nothing is written and the caller refuses (R33: never below zero). Writes the audit row.
 */
export const refundTakeBack = async (
  tx: Db,
  deps: { readonly ledgerKey: string; readonly audit: RecordAudit },
  order: OrderRow,
  take: TakeBack,
  context: { readonly attempt: number; readonly actorUid: number; readonly reason: string; readonly now: Date }
): Promise<TakeBackOutcome> => {
  await tx.insert(wallets).values({ uid: order.uid }).onConflictDoNothing()
  const [wallet] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.uid, order.uid)).for("update")
  const balanceBefore = wallet?.balance ?? 0
  if (balanceBefore < take.beans) return { kind: "short", balance: balanceBefore }
  const [member] = await tx.select({ vipLevel: users.vipLevel, vipExpiredAt: users.vipExpiredAt }).from(users).where(eq(users.uid, order.uid)).limit(1)
  if (take.beans > 0) {
    const spent = await spendBeans(tx, deps.ledgerKey, {
      uid: order.uid, amount: take.beans, remark: `订单退款收回（${order.itemName}）`, kind: "order_refund", ref: `${order.tradeNo}#${context.attempt}`, now: context.now
    })
    if (!spent) return { kind: "short", balance: balanceBefore }
  }
  let after = member
  if (take.vipDays > 0 && member?.vipExpiredAt !== null && member !== undefined) {
    const at = context.now.toISOString()
    const cut = sql`${users.vipExpiredAt} - make_interval(days => ${take.vipDays})`
    ;[after] = await tx
      .update(users)
      .set({ vipExpiredAt: cut, vipLevel: sql`case when ${cut} > ${at}::timestamptz then ${users.vipLevel} else 0 end` })
      .where(eq(users.uid, order.uid))
      .returning({ vipLevel: users.vipLevel, vipExpiredAt: users.vipExpiredAt })
  }
  await deps.audit(tx, {
    actorId: context.actorUid, action: "order.refund", targetType: "order", targetId: order.tradeNo,
    before: { order_status: order.status, balance: balanceBefore, vip_level: member?.vipLevel ?? 0, vip_expired_at: member?.vipExpiredAt ?? null },
    after: { refund: "processing", reason: context.reason, balance: balanceBefore - take.beans, vip_level: after?.vipLevel ?? 0, vip_expired_at: after?.vipExpiredAt ?? null }
  })
  return { kind: "taken" }
}
