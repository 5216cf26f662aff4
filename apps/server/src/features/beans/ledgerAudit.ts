import { and, asc, eq, gt, min, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { beanLedger, wallets } from "../../db/schema/commerce.js"
import { beanLedgerSeal } from "../../db/schema/ledger.js"
import { entrySignature, GENESIS, LEGACY_PREFIX, legacySeal, sameSeal } from "./ledgerChain.js"

/** What broke first: the link to the previous entry, the running balance, the seal, or the wallet. */
export type LedgerProblem = "chain" | "balance_after" | "signature" | "wallet"

export interface LedgerAudit {
  readonly uid: number
  readonly ok: boolean
  readonly entries: number
  readonly walletBalance: number
  /** Σ delta over the user's entries */
  readonly ledgerSum: number
  /** The first entry in chain order that does not verify; null when they all do (a wallet mismatch alone names none). */
  readonly firstBadEntryId: number | null
  readonly problem: LedgerProblem | null
}

type Entry = typeof beanLedger.$inferSelect

const PAGE = 1000

const entryProblem = (entry: Entry, context: { prevHash: string; running: number; key: string; legacyMaxId: number }): LedgerProblem | null => {
  if (entry.prevHash !== context.prevHash) return "chain"
  if (entry.balanceAfter !== context.running) return "balance_after"
  const fields = { ...entry, delta: entry.actionAmount }
  const expected = entry.sig.startsWith(LEGACY_PREFIX)
    ? entry.id <= context.legacyMaxId ? legacySeal(fields, entry.prevHash) : undefined
    : entrySignature(context.key, fields, entry.prevHash)
  return expected !== undefined && sameSeal(entry.sig, expected) ? null : "signature"
}

/**
 * R32: verifies one user's ledger: every entry links to the previous one's sig, its balance_after is
 * the running Σ delta, its HMAC (or, up to the migration's cut-off, its legacy seal) verifies, and the
 * wallet balance equals Σ delta. Reads under a share lock on the wallet row, which every writer of
 * this user's entries must update first, so a concurrent spend cannot make a false alarm.
 */
export const auditLedger = (db: Db, ledgerKey: string, uid: number): Promise<LedgerAudit> =>
  db.transaction(async (tx) => {
    const [wallet] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.uid, uid)).for("share")
    const [seal] = await tx.select({ legacyMaxId: min(beanLedgerSeal.legacyMaxId) }).from(beanLedgerSeal)
    const context = { prevHash: GENESIS, running: 0, key: ledgerKey, legacyMaxId: Number(seal?.legacyMaxId ?? 0) }
    let entries = 0
    let bad: { id: number; problem: LedgerProblem } | undefined
    for (let after = 0; ; ) {
      const page = await tx.select().from(beanLedger).where(and(eq(beanLedger.uid, uid), gt(beanLedger.id, after))).orderBy(asc(beanLedger.id)).limit(PAGE)
      for (const entry of page) {
        entries += 1
        context.running += entry.actionAmount
        const problem = bad === undefined ? entryProblem(entry, context) : null
        if (problem !== null) bad = { id: entry.id, problem }
        context.prevHash = entry.sig
      }
      if (page.length < PAGE) break
      after = page[page.length - 1]!.id
    }
    const walletBalance = wallet?.balance ?? 0
    const problem = bad?.problem ?? (walletBalance !== context.running ? "wallet" : null)
    return { uid, ok: problem === null, entries, walletBalance, ledgerSum: context.running, firstBadEntryId: bad?.id ?? null, problem }
  })

/** The cheap invariant over everyone: users whose wallet balance is not Σ delta of their entries. */
export const walletLedgerMismatches = async (db: Db): Promise<ReadonlyArray<number>> => {
  const result = (await db.execute(sql`
    select coalesce(w.uid, l.uid)::text as uid
    from ${wallets} w full join (select uid, sum(action_amount) as total from ${beanLedger} group by uid) l on l.uid = w.uid
    where coalesce(w.balance, 0) <> coalesce(l.total, 0)
    order by 1`)) as unknown as { rows: Array<{ uid: string }> }
  return result.rows.map((row) => Number(row.uid))
}

/** Audits every user with a wallet or an entry; answers the audits that failed (for a periodic job). */
export const auditAllLedgers = async (db: Db, ledgerKey: string): Promise<{ readonly users: number; readonly failures: ReadonlyArray<LedgerAudit> }> => {
  const result = (await db.execute(sql`select uid::text as uid from ${wallets} union select uid::text from ${beanLedger}`)) as unknown as { rows: Array<{ uid: string }> }
  const failures: Array<LedgerAudit> = []
  for (const row of result.rows) {
    const audit = await auditLedger(db, ledgerKey, Number(row.uid))
    if (!audit.ok) failures.push(audit)
  }
  return { users: result.rows.length, failures }
}
