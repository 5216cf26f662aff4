import { and, asc, eq, inArray, ne, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger, wallets } from "../src/db/schema/commerce.js"
import { beanLedgerSeal } from "../src/db/schema/ledger.js"
import { creditBeans, spendBeans } from "../src/features/beans/beans.js"
import { auditLedger, walletLedgerMismatches } from "../src/features/beans/ledgerAudit.js"
import { entrySignature, GENESIS, legacySeal } from "../src/features/beans/ledgerChain.js"
import { REVERSAL_KIND, reverseBeanEntry } from "../src/features/beans/ledgerReversal.js"
import { errorText, ledgerUser, prng, withLedgerTriggerOff } from "./ledgerFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

/** R32: the verifiable, append-only beans ledger; R33: its balance under concurrent spends. */
let server: TestServer
const db = () => server.deps.db

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const entriesOf = (uid: number) => db().select().from(beanLedger).where(eq(beanLedger.uid, uid)).orderBy(asc(beanLedger.id))
const balanceOf = async (uid: number) => (await db().select().from(wallets).where(eq(wallets.uid, uid)))[0]?.balance ?? 0

/** A user with five movements: +100, -30, +7, -50, +3 (balance 30). */
const userWithHistory = async () => {
  const uid = await ledgerUser(db(), "h")
  await creditBeans(db(), server.deps.ledgerKey, { uid, amount: 100, remark: "购买1000米豆", kind: "order", ref: `t-${uid}` })
  await spendBeans(db(), server.deps.ledgerKey, { uid, amount: 30, remark: "AI绘画消耗", kind: "gen" })
  await creditBeans(db(), server.deps.ledgerKey, { uid, amount: 7, remark: "每日发帖奖励", kind: "post_reward", ref: `p-${uid}` })
  await spendBeans(db(), server.deps.ledgerKey, { uid, amount: 50, remark: "高清修复消耗", kind: "gen" })
  await creditBeans(db(), server.deps.ledgerKey, { uid, amount: 3, remark: "邀请奖励 🎉", kind: "invite_reward" })
  return { uid, entries: await entriesOf(uid) }
}

describe("each entry stores balance_after, prev_hash and an HMAC of itself plus prev_hash (R32)", () => {
  it("the chain links each entry to the previous one's signature and carries the running balance", async () => {
    const { uid, entries } = await userWithHistory()
    expect(entries.map((entry) => [entry.actionAmount, entry.balanceAfter])).toEqual([[100, 100], [-30, 70], [7, 77], [-50, 27], [3, 30]])
    expect(entries[0]!.prevHash).toBe(GENESIS)
    for (let index = 1; index < entries.length; index++) expect(entries[index]!.prevHash).toBe(entries[index - 1]!.sig)
    expect(entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.sig))).toBe(true)
    expect(await auditLedger(db(), server.deps.ledgerKey, uid)).toEqual({ uid, ok: true, entries: 5, walletBalance: 30, ledgerSum: 30, firstBadEntryId: null, problem: null })
  })

  it("a signature made with another key does not verify", async () => {
    const { entries } = await userWithHistory()
    const first = { ...entries[0]!, delta: entries[0]!.actionAmount }
    expect(entrySignature("another key", first, GENESIS)).not.toBe(first.sig)
  })
})

describe("the ledger is append-only (R32)", () => {
  it("UPDATE, DELETE and TRUNCATE of entries raise; the seal row is immutable too", async () => {
    const { uid, entries } = await userWithHistory()
    const first = entries[0]!.id
    await expect(db().update(beanLedger).set({ actionAmount: 5000 }).where(eq(beanLedger.id, first)).catch(errorText)).resolves.toMatch(/append-only/)
    await expect(db().delete(beanLedger).where(eq(beanLedger.id, first)).catch(errorText)).resolves.toMatch(/append-only/)
    await expect(db().execute(sql`truncate bean_ledger`).catch(errorText)).resolves.toMatch(/append-only/)
    await expect(db().update(beanLedgerSeal).set({ legacyMaxId: 1e12 }).catch(errorText)).resolves.toMatch(/append-only/)
    expect(await entriesOf(uid)).toEqual(entries)
  })

  it("a correction is a reversal entry: once per entry, a credit's reversal needs the balance", async () => {
    const { uid, entries } = await userWithHistory()
    const [purchase, spend] = entries
    expect(await reverseBeanEntry(db(), server.deps.ledgerKey, { entryId: spend!.id })).toBe("reversed")
    expect(await reverseBeanEntry(db(), server.deps.ledgerKey, { entryId: spend!.id })).toBe("reversed")
    expect(await balanceOf(uid)).toBe(60)
    expect(await reverseBeanEntry(db(), server.deps.ledgerKey, { entryId: purchase!.id })).toBe("insufficient")
    expect(await reverseBeanEntry(db(), server.deps.ledgerKey, { entryId: 9_999_999_999 })).toBe("not_found")
    const reversals = await db().select().from(beanLedger).where(and(eq(beanLedger.uid, uid), eq(beanLedger.kind, REVERSAL_KIND)))
    expect(reversals).toMatchObject([{ actionAmount: 30, balanceAfter: 60, remark: "冲正：AI绘画消耗", ref: `entry:${spend!.id}` }])
    expect((await auditLedger(db(), server.deps.ledgerKey, uid)).ok).toBe(true)
  })
})

describe("a random workload with concurrent spends keeps every invariant (R32, R33)", () => {
  it("480 operations over 6 users, 24 at a time: every audit passes and each balance is what the successes add up to", async () => {
    const random = prng(20_260_301)
    const uids = await Promise.all(Array.from({ length: 6 }, () => ledgerUser(db(), "w")))
    const expected = new Map(uids.map((uid) => [uid, 0]))
    const reversed = new Set<number>()
    const effect = (uid: number, delta: number) => expected.set(uid, expected.get(uid)! + delta)
    let step = 0
    const operation = async (): Promise<void> => {
      step += 1
      const uid = random.pick(uids)
      const amount = random.int(1, 60)
      const roll = random.next()
      const ref = random.next() < 0.5 ? `w-${step}` : undefined
      const choice = random.next()
      if (roll < 0.4) {
        if (await creditBeans(db(), server.deps.ledgerKey, { uid, amount, remark: "充值", kind: "test_topup", ...(ref ? { ref } : {}) })) effect(uid, amount)
      } else if (roll < 0.9) {
        if (await spendBeans(db(), server.deps.ledgerKey, { uid, amount, remark: "AI绘画消耗", kind: "test_spend", ...(ref ? { ref } : {}) })) effect(uid, -amount)
      } else {
        const candidates = await db().select().from(beanLedger).where(and(eq(beanLedger.uid, uid), ne(beanLedger.kind, REVERSAL_KIND)))
        const open = candidates.filter((entry) => !reversed.has(entry.id))
        if (open.length === 0) return
        const entry = open[Math.floor(choice * open.length)]!
        reversed.add(entry.id)
        if ((await reverseBeanEntry(db(), server.deps.ledgerKey, { entryId: entry.id })) === "reversed") effect(uid, -entry.actionAmount)
      }
    }
    for (let batch = 0; batch < 20; batch++) await Promise.all(Array.from({ length: 24 }, operation))

    const audits = await Promise.all(uids.map((uid) => auditLedger(db(), server.deps.ledgerKey, uid)))
    expect(audits.filter((audit) => !audit.ok)).toEqual([])
    expect(audits.map((audit) => audit.walletBalance)).toEqual(uids.map((uid) => expected.get(uid)))
    expect(audits.reduce((total, audit) => total + audit.entries, 0)).toBeGreaterThan(300)
    expect((await walletLedgerMismatches(db())).filter((uid) => uids.includes(uid))).toEqual([])
    const negative = await db().select().from(beanLedger).where(and(inArray(beanLedger.uid, uids), sql`${beanLedger.balanceAfter} < 0`))
    expect(negative).toEqual([])
  })

  it("50 concurrent 10-bean spends on 100: exactly 10 succeed, balance 0, the chain verifies", async () => {
    const uid = await ledgerUser(db(), "c")
    await creditBeans(db(), server.deps.ledgerKey, { uid, amount: 100, remark: "测试充值", kind: "test_topup" })
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => spendBeans(db(), server.deps.ledgerKey, { uid, amount: 10, remark: "AI绘画消耗", kind: "test_spend", ref: `c-${uid}-${i}` })))
    expect(results.filter(Boolean)).toHaveLength(10)
    expect(await auditLedger(db(), server.deps.ledgerKey, uid)).toMatchObject({ ok: true, entries: 11, walletBalance: 0, ledgerSum: 0 })
  })
})

describe("auditLedger names the first entry that was changed behind the server's back (R32)", () => {
  it("a delta edited with the trigger disabled → that exact entry (balance_after no longer adds up)", async () => {
    const { uid, entries } = await userWithHistory()
    await withLedgerTriggerOff(db(), () => db().update(beanLedger).set({ actionAmount: -5 }).where(eq(beanLedger.id, entries[3]!.id)))
    expect(await auditLedger(db(), server.deps.ledgerKey, uid)).toMatchObject({ ok: false, firstBadEntryId: entries[3]!.id, problem: "balance_after" })
  })

  it("a consistent rewrite (delta, every later balance_after and the wallet) without the key → that entry's signature", async () => {
    const { uid, entries } = await userWithHistory()
    const target = entries[1]!
    await withLedgerTriggerOff(db(), async () => {
      await db().update(beanLedger).set({ actionAmount: -3 }).where(eq(beanLedger.id, target.id))
      await db().execute(sql`update bean_ledger set balance_after = balance_after + 27 where uid = ${uid} and id >= ${target.id}`)
    })
    await db().update(wallets).set({ balance: 57 }).where(eq(wallets.uid, uid))
    expect(await auditLedger(db(), server.deps.ledgerKey, uid)).toMatchObject({ ok: false, firstBadEntryId: target.id, problem: "signature", walletBalance: 57, ledgerSum: 57 })
  })

  it("only the remark changed → that entry's signature", async () => {
    const { uid, entries } = await userWithHistory()
    await withLedgerTriggerOff(db(), () => db().update(beanLedger).set({ remark: "系统赠送" }).where(eq(beanLedger.id, entries[2]!.id)))
    expect(await auditLedger(db(), server.deps.ledgerKey, uid)).toMatchObject({ firstBadEntryId: entries[2]!.id, problem: "signature" })
  })

  it("an entry deleted (wallet adjusted to match) → the next entry, whose link is broken", async () => {
    const { uid, entries } = await userWithHistory()
    await withLedgerTriggerOff(db(), () => db().delete(beanLedger).where(eq(beanLedger.id, entries[1]!.id)))
    await db().update(wallets).set({ balance: 60 }).where(eq(wallets.uid, uid))
    expect(await auditLedger(db(), server.deps.ledgerKey, uid)).toMatchObject({ firstBadEntryId: entries[2]!.id, problem: "chain" })
  })

  it("a new entry re-sealed in the unkeyed legacy form → that entry's signature", async () => {
    const { uid, entries } = await userWithHistory()
    const target = entries[4]!
    const forged = legacySeal({ ...target, delta: target.actionAmount }, target.prevHash)
    await withLedgerTriggerOff(db(), () => db().update(beanLedger).set({ sig: forged }).where(eq(beanLedger.id, target.id)))
    expect(await auditLedger(db(), server.deps.ledgerKey, uid)).toMatchObject({ firstBadEntryId: target.id, problem: "signature" })
  })

  it("only the wallet changed → a wallet mismatch, no entry named; the invariant query lists the user", async () => {
    const { uid } = await userWithHistory()
    await db().update(wallets).set({ balance: 31 }).where(eq(wallets.uid, uid))
    expect(await auditLedger(db(), server.deps.ledgerKey, uid)).toMatchObject({ ok: false, firstBadEntryId: null, problem: "wallet", walletBalance: 31, ledgerSum: 30 })
    expect(await walletLedgerMismatches(db())).toContain(uid)
  })
})
