import type { Db } from "../../db/database.js"
import { adminAudit } from "../../db/schema/admin.js"

export interface AdminAuditRow {
  /** The operator who made the change; null for the operator's terminal (role grants). */
  readonly actorId: number | null
  /** What was done, `<area>.<verb>`: user.ban, user.adjust_beans, task.retry, … */
  readonly action: string
  /** What it was done to: user, order, task, artwork, … and its id. */
  readonly targetType: string
  readonly targetId: string | number
  /** The target's relevant fields before and after (JSON; null when there was none). */
  readonly before: unknown
  readonly after: unknown
  readonly at: Date
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so a change and its row
 * are kept or rolled back together: there is no change without its row. The table is append-only
 * (2800_admin_roles_audit.sql: a trigger refuses UPDATE, DELETE and TRUNCATE) and no route writes it
 * otherwise.
 */
export const recordAdminAudit = async (tx: Db, row: AdminAuditRow): Promise<void> => {
  await tx.insert(adminAudit).values({
    actorId: row.actorId,
    action: row.action,
    targetType: row.targetType,
    targetId: String(row.targetId),
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.at
  })
}
