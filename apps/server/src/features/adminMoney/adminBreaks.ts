import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { reconciliationBreaks } from "../../db/schema/reconciliation.js"
import type { RecordAudit } from "../commerce/refundTakeBack.js"
import { refuse, textOf } from "./moneyAdminRefusal.js"

/**
 * Reconciliation breaks (R28: the statement check and the provider queries record them) as the console
 * lists them, open ones first by default, and resolved by an operator with a note of what was done. A
 * break is resolved once; the audit row keeps who and why.
 */
export type BreakRow = typeof reconciliationBreaks.$inferSelect

export const listBreaks = async (db: Db, filter: { readonly resolved: boolean; readonly page: number; readonly size: number }) => {
  const where = filter.resolved ? isNotNull(reconciliationBreaks.resolvedAt) : isNull(reconciliationBreaks.resolvedAt)
  const list = await db.select().from(reconciliationBreaks).where(where).orderBy(desc(reconciliationBreaks.createdAt), desc(reconciliationBreaks.id))
    .limit(filter.size).offset((filter.page - 1) * filter.size)
  const [total] = await db.select({ n: count() }).from(reconciliationBreaks).where(where)
  return { list, total: total?.n ?? 0 }
}

export const resolveBreak = async (db: Db, audit: RecordAudit, input: { readonly id: number; readonly note: string; readonly actorUid: number }, now: Date): Promise<BreakRow> => {
  const note = textOf(input.note, 500, "处理说明")
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reconciliationBreaks).where(eq(reconciliationBreaks.id, input.id)).limit(1).for("update")
    if (before === undefined) return refuse("对账差异不存在")
    if (before.resolvedAt !== null) return refuse("该差异已处理")
    const [after] = await tx
      .update(reconciliationBreaks)
      .set({ resolvedAt: now, resolvedBy: input.actorUid, resolutionNote: note })
      .where(and(eq(reconciliationBreaks.id, input.id), isNull(reconciliationBreaks.resolvedAt)))
      .returning()
    if (after === undefined) return refuse("该差异已处理")
    await audit(tx, { actorId: input.actorUid, action: "reconciliation.resolve", targetType: "reconciliation_break", targetId: String(input.id), before: { resolved: false }, after: { resolved: true, note } })
    return after
  })
}
