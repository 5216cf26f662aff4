import { asc, eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database.js"
import { migrate } from "../src/db/migrate.js"
import { beanLedger } from "../src/db/schema/commerce.js"
import { creditBeans } from "../src/features/beans/beans.js"
import { auditLedger } from "../src/features/beans/ledgerAudit.js"
import { ledgerKeyOf } from "../src/features/beans/ledgerKey.js"
import { legacySeal } from "../src/features/beans/ledgerChain.js"
import { ledgerUser, withLedgerTriggerOff } from "./ledgerFixtures.js"
import { freshDatabase, testConfig } from "./testServer.js"

/**
 * R32: 0210_bean_ledger_chain.sql backfills the entries that existed before the ledger was signed.
 * The test takes a migrated database back to the state before 0210, writes entries the old way, and
 * applies 0210 again.
 */
let database: Database
const db = () => database.db
const ledgerKey = ledgerKeyOf(testConfig())

beforeAll(async () => {
  database = await freshDatabase()
  await migrate(database)
  await database.exec(`
    drop trigger bean_ledger_no_truncate on bean_ledger;
    drop table bean_ledger_seal;
    drop index bean_ledger_chain;
    alter table bean_ledger drop constraint bean_ledger_sig_present;
    alter table bean_ledger drop column prev_hash;
    alter table bean_ledger drop column sig;
    delete from mido_migrations where name = '0210_bean_ledger_chain.sql';`)
})
afterAll(() => database.close())

/** An entry as the server wrote it before 0210: no prev_hash, no sig. */
const oldEntry = (uid: number, delta: number, balanceAfter: number, remark: string, ref: string | null, at: string) =>
  db().execute(sql`insert into bean_ledger (uid, action_amount, balance_after, remark, kind, ref, created_at)
    values (${uid}, ${delta}, ${balanceAfter}, ${remark}, 'order', ${ref}, ${at}::timestamptz)`)

describe("0210 seals the existing entries and the chain continues with HMACs", () => {
  let first: number
  let second: number

  it("backfills prev_hash and a legacy seal for every old entry; the audit accepts them", async () => {
    first = await ledgerUser(db(), "m")
    second = await ledgerUser(db(), "m")
    await oldEntry(first, 100, 100, "购买1000米豆", "T1", "2025-12-01T08:00:00.123Z")
    await oldEntry(second, 5, 5, "首次发帖奖励", null, "2025-12-01T09:00:00Z")
    await oldEntry(first, -30, 70, "AI绘画消耗 ✨ \"引号\"\n第二行", null, "2025-12-02T10:30:45.678Z")
    await db().execute(sql`insert into wallets (uid, balance) values (${first}, 70), (${second}, 5)`)

    expect(await migrate(database)).toEqual(["0210_bean_ledger_chain.sql"])
    const entries = await db().select().from(beanLedger).where(eq(beanLedger.uid, first)).orderBy(asc(beanLedger.id))
    expect(entries.map((entry) => entry.prevHash)).toEqual(["genesis", entries[0]!.sig])
    // the SQL backfill and the server's canonical form agree byte for byte
    for (const entry of entries) expect(entry.sig).toBe(legacySeal({ ...entry, delta: entry.actionAmount }, entry.prevHash))
    expect(await auditLedger(db(), ledgerKey, first)).toMatchObject({ ok: true, entries: 2, walletBalance: 70 })
    expect(await auditLedger(db(), ledgerKey, second)).toMatchObject({ ok: true, entries: 1, walletBalance: 5 })
  })

  it("new entries are HMAC-signed and chained to the last legacy seal", async () => {
    await creditBeans(db(), ledgerKey, { uid: first, amount: 8, remark: "每日发帖奖励", kind: "post_reward", ref: "post:1" })
    const entries = await db().select().from(beanLedger).where(eq(beanLedger.uid, first)).orderBy(asc(beanLedger.id))
    expect(entries[2]).toMatchObject({ prevHash: entries[1]!.sig, balanceAfter: 78 })
    expect(entries[2]!.sig).toMatch(/^[0-9a-f]{64}$/)
    expect(await auditLedger(db(), ledgerKey, first)).toMatchObject({ ok: true, entries: 3, walletBalance: 78 })
  })

  it("an old entry rewritten with a recomputed legacy seal breaks the first signed entry after it", async () => {
    const entries = await db().select().from(beanLedger).where(eq(beanLedger.uid, first)).orderBy(asc(beanLedger.id))
    const old = entries[1]!
    const forged = { ...old, remark: "系统赠送", delta: old.actionAmount }
    await withLedgerTriggerOff(db(), () => db().update(beanLedger).set({ remark: forged.remark, sig: legacySeal(forged, old.prevHash) }).where(eq(beanLedger.id, old.id)))
    expect(await auditLedger(db(), ledgerKey, first)).toMatchObject({ ok: false, firstBadEntryId: entries[2]!.id, problem: "chain" })
  })
})
