import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { wallets } from "../../db/schema/commerce.js"
import { users } from "../../db/schema/users.js"
import { revokeUserSessions } from "../../platform/tokens.js"
import { creditBeans, spendBeans } from "../beans/beans.js"
import { badInput, notFound } from "../../platform/failure.js"
import { recordAdminAudit } from "./adminAudit.js"

/** The ledger kind of a console adjustment: its own kind, in the user's signed chain like every entry. */
export const ADMIN_ADJUST_KIND = "admin_adjust"

interface Actor {
  readonly actorId: number
  readonly now: Date
}

const accountOf = async (tx: Db, uid: number) => {
  const [user] = await tx.select({ bannedAt: users.bannedAt, banReason: users.banReason }).from(users).where(eq(users.uid, uid)).for("update").limit(1)
  if (user === undefined) throw notFound("用户不存在")
  return user
}

/** Bans a user: the ban, the end of every live session and the audit row in one transaction. */
export const banUser = (db: Db, uid: number, reason: string, { actorId, now }: Actor) =>
  db.transaction(async (tx) => {
    const before = await accountOf(tx, uid)
    if (before.bannedAt !== null) return { ok: false, message: "该用户已被封禁" }
    await tx.update(users).set({ bannedAt: now, banReason: reason }).where(eq(users.uid, uid))
    const ended = await revokeUserSessions(tx, uid, now)
    await recordAdminAudit(tx, { actorId, action: "user.ban", targetType: "user", targetId: uid, before: { banned: false }, after: { banned: true, reason, sessions_ended: ended }, at: now })
    return { ok: true, message: `已封禁，结束了 ${ended} 个登录会话` }
  })

export const unbanUser = (db: Db, uid: number, { actorId, now }: Actor) =>
  db.transaction(async (tx) => {
    const before = await accountOf(tx, uid)
    if (before.bannedAt === null) return { ok: false, message: "该用户未被封禁" }
    await tx.update(users).set({ bannedAt: null, banReason: null }).where(eq(users.uid, uid))
    await recordAdminAudit(tx, { actorId, action: "user.unban", targetType: "user", targetId: uid, before: { banned: true, reason: before.banReason }, after: { banned: false }, at: now })
    return { ok: true, message: "已解封" }
  })

export const endUserSessions = (db: Db, uid: number, { actorId, now }: Actor) =>
  db.transaction(async (tx) => {
    await accountOf(tx, uid)
    const ended = await revokeUserSessions(tx, uid, now)
    await recordAdminAudit(tx, { actorId, action: "user.end_sessions", targetType: "user", targetId: uid, before: { live_sessions: ended }, after: { live_sessions: 0 }, at: now })
    return { ok: true, message: `结束了 ${ended} 个登录会话` }
  })

/**
 * Adds (amount > 0) or takes (amount < 0) beans with the operator's reason: a ledger row of kind
 * admin_adjust through creditBeans / spendBeans (the signed chain, R32; never below zero, R33), and the
 * audit row with the balance before and after, in one transaction.
 */
export const adjustBeans = (db: Db, ledgerKey: string, input: { readonly uid: number; readonly amount: number; readonly reason: string }, { actorId, now }: Actor) =>
  db.transaction(async (tx) => {
    await accountOf(tx, input.uid)
    const [wallet] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.uid, input.uid)).limit(1)
    const before = Number(wallet?.balance ?? 0)
    const movement = { uid: input.uid, amount: Math.abs(input.amount), remark: `运营调整：${input.reason}`, kind: ADMIN_ADJUST_KIND, now }
    if (input.amount > 0) await creditBeans(tx, ledgerKey, movement)
    else if (!(await spendBeans(tx, ledgerKey, movement))) throw badInput(`余额不足：当前 ${before} 米豆，无法扣减 ${-input.amount}`)
    const after = before + input.amount
    await recordAdminAudit(tx, { actorId, action: "user.adjust_beans", targetType: "user", targetId: input.uid, before: { balance: before }, after: { balance: after, amount: input.amount, reason: input.reason }, at: now })
    return { ok: true, message: `已调整 ${input.amount > 0 ? "+" : ""}${input.amount} 米豆，余额 ${after}` }
  })
