import type { Db } from "../../db/database.js"
import { type BreakKind, reconciliationBreaks } from "../../db/schema/reconciliation.js"

export interface BreakRecord {
  readonly provider: string
  readonly businessDay: string
  readonly tradeNo: string
  readonly kind: BreakKind
  readonly providerAmountFen?: number | null
  readonly orderAmountFen?: number | null
  readonly orderStatus?: string | null
  readonly detail?: string
}

/** R28: records a mismatch once per (provider, day, trade, kind); true when it is new. */
export const recordBreak = async (db: Db, entry: BreakRecord, now: Date): Promise<boolean> => {
  const inserted = await db
    .insert(reconciliationBreaks)
    .values({
      provider: entry.provider,
      businessDay: entry.businessDay,
      tradeNo: entry.tradeNo,
      kind: entry.kind,
      providerAmountFen: entry.providerAmountFen ?? null,
      orderAmountFen: entry.orderAmountFen ?? null,
      orderStatus: entry.orderStatus ?? null,
      detail: entry.detail ?? "",
      createdAt: now
    })
    .onConflictDoNothing()
    .returning({ id: reconciliationBreaks.id })
  return inserted.length === 1
}
