import { AdminApi } from "@mido/core/admin"
import { and, desc, eq, sql, type SQL } from "drizzle-orm"
import type { Hono } from "hono"
import { adminAudit } from "../../db/schema/admin.js"
import { users } from "../../db/schema/users.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import type { ServerDeps } from "../../platform/deps.js"
import { notFound } from "../../platform/failure.js"
import { implementAdmin } from "./adminAccess.js"

/** admin/me (the console's gate) and admin/audit/list (审计日志, read-only: no route edits a row). */
export const registerAdminAccess = (app: Hono, deps: ServerDeps) => {
  implementAdmin(app, deps, AdminApi.access.me, async (_input, { uid, role }) => {
    const [user] = await deps.db.select({ nickname: users.nickname }).from(users).where(eq(users.uid, uid)).limit(1)
    if (user === undefined) throw notFound("用户不存在")
    return { uid, nickname: user.nickname, role }
  })

  implementAdmin(app, deps, AdminApi.audit.list, async (input) => {
    const filters: Array<SQL> = []
    if (input.action !== undefined && input.action !== "") filters.push(eq(adminAudit.action, input.action))
    if (input.target_type !== undefined && input.target_type !== "") filters.push(eq(adminAudit.targetType, input.target_type))
    if (input.target_id !== undefined && input.target_id !== "") filters.push(eq(adminAudit.targetId, input.target_id))
    const where = and(...filters)
    const rows = await deps.db
      .select({ row: adminAudit, nickname: users.nickname })
      .from(adminAudit)
      .leftJoin(users, eq(users.uid, adminAudit.actorId))
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size)
    const [count] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(adminAudit).where(where)
    return {
      list: rows.map(({ row, nickname }) => ({
        id: row.id,
        actor_id: row.actorId,
        actor_nickname: row.actorId === null ? "终端" : (nickname ?? ""),
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        before: row.before,
        after: row.after,
        created_at_str: chinaDateTime(row.createdAt)
      })),
      total: count?.total ?? 0
    }
  })
}
