import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { beanLedger } from "../../db/schema/commerce.js"
import { creditBeans, spendBeans } from "./beans.js"

export const REVERSAL_KIND = "reversal"

export type ReversalOutcome = "reversed" | "insufficient" | "not_found"

/**
 * R32: entries are never edited; a correction is a new entry of the opposite sign (kind reversal,
 * ref entry:<id>, so an entry is reversed at most once; a repeat answers "reversed" again). Reversing
 * a credit is a spend and needs the balance (R33): "insufficient" when it is short, nothing written.
 */
export const reverseBeanEntry = async (db: Db, ledgerKey: string, request: { readonly entryId: number; readonly remark?: string; readonly now?: Date }): Promise<ReversalOutcome> => {
  const [entry] = await db
    .select({ uid: beanLedger.uid, delta: beanLedger.actionAmount, remark: beanLedger.remark })
    .from(beanLedger)
    .where(eq(beanLedger.id, request.entryId))
    .limit(1)
  if (entry === undefined) return "not_found"
  const movement = {
    uid: entry.uid,
    amount: Math.abs(entry.delta),
    remark: request.remark ?? `冲正：${entry.remark}`,
    kind: REVERSAL_KIND,
    ref: `entry:${request.entryId}`,
    ...(request.now !== undefined ? { now: request.now } : {})
  }
  if (entry.delta > 0) return (await spendBeans(db, ledgerKey, movement)) ? "reversed" : "insufficient"
  await creditBeans(db, ledgerKey, { ...movement, notice: { title: "米豆已退还", reason: `一笔支出已冲正（${entry.remark}）` } })
  return "reversed"
}
