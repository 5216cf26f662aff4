import { desc, eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { beanLedger } from "../../db/schema/commerce.js"
import { entrySignature, GENESIS } from "./ledgerChain.js"

export interface NewLedgerEntry {
  readonly uid: number
  readonly delta: number
  /** the wallet balance this transaction just wrote */
  readonly balanceAfter: number
  readonly remark: string
  readonly kind: string
  readonly ref: string | null
  readonly createdAt: Date
}

/**
 * Appends one entry to the user's chain (R32), in the caller's transaction, right after the caller
 * changed the user's wallet row: that row lock keeps every other writer of this user's entries out,
 * so the last entry read here is the predecessor and the id drawn here orders the chain (the unique
 * (uid, prev_hash) index refuses a fork should a caller ever skip the lock). Returns false when
 * (kind, ref) was recorded before; nothing is written then.
 */
export const appendLedgerEntry = async (tx: Db, ledgerKey: string, entry: NewLedgerEntry): Promise<boolean> => {
  const [last] = await tx.select({ sig: beanLedger.sig }).from(beanLedger).where(eq(beanLedger.uid, entry.uid)).orderBy(desc(beanLedger.id)).limit(1)
  const prevHash = last?.sig ?? GENESIS
  const drawn = (await tx.execute(sql`select nextval(pg_get_serial_sequence('bean_ledger', 'id'))::text as id`)) as unknown as { rows: Array<{ id: string }> }
  const id = Number(drawn.rows[0]?.id)
  const inserted = await tx
    .insert(beanLedger)
    .values({
      id,
      uid: entry.uid,
      actionAmount: entry.delta,
      balanceAfter: entry.balanceAfter,
      remark: entry.remark,
      kind: entry.kind,
      ref: entry.ref,
      createdAt: entry.createdAt,
      prevHash,
      sig: entrySignature(ledgerKey, { id, ...entry }, prevHash)
    })
    .onConflictDoNothing({ target: [beanLedger.kind, beanLedger.ref], where: sql`ref is not null` })
    .returning({ id: beanLedger.id })
  return inserted.length === 1
}
