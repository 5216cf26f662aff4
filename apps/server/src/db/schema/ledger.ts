import { bigint, pgTable } from "drizzle-orm/pg-core"

/**
 * 0210_bean_ledger_chain.sql (R32): entries up to legacy_max_id were written before the ledger was
 * signed and carry an unkeyed 'legacy:' seal; every later entry must carry an HMAC. Immutable.
 */
export const beanLedgerSeal = pgTable("bean_ledger_seal", {
  legacyMaxId: bigint("legacy_max_id", { mode: "number" }).notNull()
})
