import { ApiClient, ApiClientLive, AuthTokenLive, StorageKeys } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Api } from "@mido/core/contract"
import { eq, sql } from "drizzle-orm"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger, wallets } from "../src/db/schema/commerce.js"
import { awardPostReward, creditBeans, spendBeans } from "../src/features/beans/beans.js"
import { chinaDayRange } from "../src/platform/chinaTime.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { testUsers } from "./testUsers.js"
import { startTestServer, type TestServer } from "./testServer.js"

/** Beans: the balance never below zero (R33), the append-only ledger (R32), post rewards under the cap. */
let server: TestServer

const newUser = testUsers(() => server.deps.db, { phonePrefix: "1340000", nickname: "米豆用户", inviteCodePrefix: "BN", nidPrefix: "600" })

const balanceOf = async (uid: number) => (await server.deps.db.select().from(wallets).where(eq(wallets.uid, uid)))[0]?.balance ?? 0
const ledgerSum = async (uid: number) => {
  const result = (await server.deps.db.execute(sql`select coalesce(sum(action_amount), 0)::int as total, count(*)::int as n from bean_ledger where uid = ${uid}`)) as unknown as { rows: Array<{ total: number; n: number }> }
  return result.rows[0]!
}

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

describe("spendBeans under concurrency (R33)", () => {
  it("50 concurrent 10-bean spends on 100 → exactly 10 succeed, balance 0, the ledger sums to the balance", async () => {
    const { uid } = await newUser()
    expect(await creditBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 100, remark: "测试充值", kind: "test_topup" })).toBe(true)
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 10, remark: "AI绘画消耗", kind: "test_spend", ref: `task-${uid}-${i}` }))
    )
    expect(results.filter(Boolean)).toHaveLength(10)
    expect(await balanceOf(uid)).toBe(0)
    expect(await ledgerSum(uid)).toEqual({ total: 0, n: 11 })
  })

  it("a short balance spends nothing; a repeated ref is not charged twice", async () => {
    const { uid } = await newUser()
    expect(await spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 1, remark: "x", kind: "test_spend" })).toBe(false)
    await creditBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 30, remark: "测试充值", kind: "test_topup" })
    expect(await spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 31, remark: "x", kind: "test_spend" })).toBe(false)
    expect(await spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 20, remark: "x", kind: "test_spend", ref: `once-${uid}` })).toBe(true)
    expect(await spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 20, remark: "x", kind: "test_spend", ref: `once-${uid}` })).toBe(true)
    expect(await balanceOf(uid)).toBe(10)
    expect(await ledgerSum(uid)).toEqual({ total: 10, n: 2 })
  })

  it("creditBeans is idempotent by (kind, ref) and refuses non-whole amounts", async () => {
    const { uid } = await newUser()
    const credits = await Promise.all(Array.from({ length: 5 }, () => creditBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 7, remark: "奖励", kind: "test_reward", ref: `r-${uid}` })))
    expect(credits.filter(Boolean)).toHaveLength(1)
    expect(await balanceOf(uid)).toBe(7)
    await expect(creditBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 1.5, remark: "x", kind: "test" })).rejects.toThrow()
    await expect(spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: -3, remark: "x", kind: "test" })).rejects.toThrow()
  })
})

describe("the ledger is append-only (R32)", () => {
  it("refuses update and delete; the balance check refuses a negative wallet", async () => {
    const { uid } = await newUser()
    await creditBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 5, remark: "x", kind: "test" })
    await expect(server.deps.db.update(beanLedger).set({ actionAmount: 5000 }).where(eq(beanLedger.uid, uid))).rejects.toThrow()
    await expect(server.deps.db.delete(beanLedger).where(eq(beanLedger.uid, uid))).rejects.toThrow()
    await expect(server.deps.db.update(wallets).set({ balance: -1 }).where(eq(wallets.uid, uid))).rejects.toThrow()
    expect(await ledgerSum(uid)).toEqual({ total: 5, n: 1 })
  })
})

describe("awardPostReward (spec §9 daily cap)", () => {
  it("first post 50, then 10 a post, never more than 60 a China day; once per post", async () => {
    const { uid } = await newUser()
    const day1 = new Date("2026-03-01T02:00:00Z")
    const award = (postId: number, now: Date) => awardPostReward(server.deps.db, server.deps.ledgerKey, { uid, postId, now })
    expect(await award(1, day1)).toBe(50)
    expect(await award(1, day1)).toBe(0)
    expect(await award(2, day1)).toBe(10)
    expect(await award(3, day1)).toBe(0)
    // 2026-03-01T16:00Z is midnight in China: a new day
    const day2 = new Date("2026-03-01T16:00:00Z")
    const awards = []
    for (let post = 10; post < 17; post++) awards.push(await award(post, day2))
    expect(awards).toEqual([10, 10, 10, 10, 10, 10, 0])
    expect(await balanceOf(uid)).toBe(120)
  })

  it("China days are UTC+8", () => {
    expect(chinaDayRange(new Date("2026-03-01T15:59:59Z")).start.toISOString()).toBe("2026-02-28T16:00:00.000Z")
    expect(chinaDayRange(new Date("2026-03-01T16:00:00Z")).start.toISOString()).toBe("2026-03-01T16:00:00.000Z")
  })
})

describe("user/points and user/coin/list (spec §3, §7)", () => {
  const asClient = <A, E>(effect: Effect.Effect<A, E, ApiClient>, token: string) => {
    const ports = Layer.merge(FetchHttpLayer({ baseUrl: server.url }), MemoryKeyValueStoreLayer({ [StorageKeys.auth]: JSON.stringify({ token }) }))
    return Effect.runPromise(Effect.either(effect).pipe(Effect.provide(Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports)))))
  }

  it("answers the balance and today's spending (China time), decoded by the core's client", async () => {
    const { uid, token } = await newUser()
    const yesterday = new Date(Date.now() - 86_400_000)
    await creditBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 300, remark: "购买3000米豆", kind: "test_topup", now: yesterday })
    await spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 40, remark: "AI绘画消耗", kind: "test_spend", now: yesterday })
    await spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 8, remark: "AI绘画消耗", kind: "test_spend" })
    await spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 12, remark: "高清修复消耗", kind: "test_spend" })
    const result = await asClient(Effect.flatMap(ApiClient, (api) => api.call(Api.user.points, {})), token)
    expect(result).toMatchObject({ _tag: "Right", right: { balance: 240, today_consumed: 20 } })
  })

  it("pages the ledger newest first and filters income and expense", async () => {
    const { uid, token } = await newUser()
    await creditBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: 100, remark: "首次发帖奖励", kind: "test_topup" })
    for (let i = 1; i <= 3; i++) await spendBeans(server.deps.db, server.deps.ledgerKey, { uid, amount: i, remark: `AI绘画消耗${i}`, kind: "test_spend" })
    const all = await asClient(Effect.flatMap(ApiClient, (api) => api.call(Api.user.coinList, { page: 1, size: 2, type: "" })), token)
    expect(all).toMatchObject({ _tag: "Right", right: { total: 4, list: [{ remark: "AI绘画消耗3", action_amount: -3 }, { remark: "AI绘画消耗2", action_amount: -2 }] } })
    if (all._tag === "Right") expect(all.right.list[0]?.created_at_str).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const page2 = await server.request("GET", "/api/v1/user/coin/list?page=2&size=2", undefined, token)
    expect((page2.data as { list: Array<{ action_amount: number }> }).list.map((entry) => entry.action_amount)).toEqual([-1, 100])
    const income = await server.request("GET", "/api/v1/user/coin/list?page=1&size=50&type=income", undefined, token)
    expect(income.data).toMatchObject({ total: 1, list: [{ action_amount: 100 }] })
    const expense = await server.request("GET", "/api/v1/user/coin/list?page=1&size=50&type=expense", undefined, token)
    expect(expense.data).toMatchObject({ total: 3 })
  })

  it("shows only the caller's own entries (R11)", async () => {
    const a = await newUser()
    const b = await newUser()
    await creditBeans(server.deps.db, server.deps.ledgerKey, { uid: a.uid, amount: 9, remark: "A 的奖励", kind: "test" })
    expect(await server.request("GET", "/api/v1/user/coin/list", undefined, b.token)).toMatchObject({ code: 0, data: { total: 0, list: [] } })
    expect(await server.request("GET", "/api/v1/user/points", undefined, b.token)).toMatchObject({ data: { balance: 0, today_consumed: 0 } })
  })

  it.each([
    ["a page over 50", "size=51", "每页最多 50 条"],
    ["an unknown type", "type=gift", undefined],
    ["a page 0", "page=0", undefined],
    ["an unknown field (R12)", "uid=1", undefined]
  ])("refuses %s", async (_name, query, msg) => {
    const { token } = await newUser()
    const answer = await server.request("GET", `/api/v1/user/coin/list?${query}`, undefined, token)
    expect(answer.code).toBe(400)
    if (msg !== undefined) expect(answer.msg).toBe(msg)
  })

  it("needs a login (-401)", async () => {
    expect(await server.request("GET", "/api/v1/user/points")).toMatchObject({ code: -401 })
    expect(await server.request("GET", "/api/v1/user/coin/list")).toMatchObject({ code: -401 })
  })
})
