import { type AdminRole } from "@mido/core/admin"
import { asc, eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { userRoles } from "../../db/schema/admin.js"
import { users } from "../../db/schema/users.js"
import { recordAdminAudit } from "./adminAudit.js"

export interface RoleHolder {
  readonly uid: number
  readonly phone: string | null
  readonly nickname: string
  readonly role: string
  readonly grantedAt: Date
}

export type GrantOutcome = { readonly ok: true; readonly uid: number; readonly before: string | null } | { readonly ok: false; readonly reason: string }

const accountOf = async (db: Db, phone: string) =>
  (await db.select({ uid: users.uid }).from(users).where(eq(users.phone, phone)).limit(1))[0]

/**
 * Gives the account with `phone` a console role (replacing the one it had), with its audit row, in
 * one transaction. Only the terminal command calls this (ADR 0023): no route can grant a role.
 */
export const grantRole = (db: Db, phone: string, role: AdminRole, now: Date): Promise<GrantOutcome> =>
  db.transaction(async (tx) => {
    const account = await accountOf(tx, phone)
    if (account === undefined) return { ok: false, reason: `没有手机号为 ${phone} 的账号（请先用它登录一次）` }
    const [held] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.uid, account.uid)).limit(1)
    await tx.insert(userRoles).values({ uid: account.uid, role, grantedAt: now }).onConflictDoUpdate({ target: userRoles.uid, set: { role, grantedAt: now } })
    await recordAdminAudit(tx, { actorId: null, action: "role.grant", targetType: "user", targetId: account.uid, before: { role: held?.role ?? null }, after: { role }, at: now })
    return { ok: true, uid: account.uid, before: held?.role ?? null }
  })

/** Takes the console role away from the account with `phone` (its next console call is refused). */
export const revokeRole = (db: Db, phone: string, now: Date): Promise<GrantOutcome> =>
  db.transaction(async (tx) => {
    const account = await accountOf(tx, phone)
    if (account === undefined) return { ok: false, reason: `没有手机号为 ${phone} 的账号` }
    const [removed] = await tx.delete(userRoles).where(eq(userRoles.uid, account.uid)).returning({ role: userRoles.role })
    if (removed === undefined) return { ok: false, reason: `${phone} 没有后台角色` }
    await recordAdminAudit(tx, { actorId: null, action: "role.revoke", targetType: "user", targetId: account.uid, before: { role: removed.role }, after: { role: null }, at: now })
    return { ok: true, uid: account.uid, before: removed.role }
  })

/** Every account with a console role, by uid. */
export const listRoles = (db: Db): Promise<Array<RoleHolder>> =>
  db
    .select({ uid: users.uid, phone: users.phone, nickname: users.nickname, role: userRoles.role, grantedAt: userRoles.grantedAt })
    .from(userRoles)
    .innerJoin(users, eq(users.uid, userRoles.uid))
    .orderBy(asc(users.uid))
