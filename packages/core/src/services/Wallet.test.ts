import { Effect, Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { HttpFailure, type HttpRequest } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { AuthToken } from "./AuthToken.js"
import { StorageKeys } from "./storageKeys.js"
import { hasMoreLedger, LEDGER_PAGE_SIZE, nextLedgerPage, Wallet, WalletLive } from "./Wallet.js"

type Answer = (request: HttpRequest) => ReturnType<typeof envelope> | Effect.Effect<never, HttpFailure>
const withWallet = (answers: Record<string, Answer>, stored: Record<string, string> = storedLogin()) => {
  const core = makeTestCore((request) => answers[request.url]?.(request), stored)
  return { ...core, layer: Layer.provideMerge(WalletLive, core.layer) }
}

const entry = (id: number, action_amount: number) => ({ id, remark: action_amount > 0 ? "购买会员赠送" : "AI绘画消耗", created_at_str: "2025-06-15 12:00:00", action_amount })

describe("Wallet: balance (spec §3 balance info, §7 GET /api/v1/user/points)", () => {
  it("loads the balance and publishes it to the followers", async () => {
    const { memory, layer } = withWallet({ "/api/v1/user/points": () => envelope(0, { balance: 320, today_consumed: 48 }) })
    const seen = await runTest(
      Effect.gen(function* () {
        const wallet = yield* Wallet
        const before = yield* wallet.current
        const fresh = yield* wallet.balance
        return { before, fresh, after: yield* wallet.current }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toEqual({ before: Option.none(), fresh: { balance: 320, today_consumed: 48 }, after: Option.some({ balance: 320, today_consumed: 48 }) })
    expect(memory.requests[0]?.headers?.Authorization).toBe("Bearer tok_0123456789abcdef")
  })

  it("the top bar hears each refresh, then the logout (R9), until it unsubscribes", async () => {
    let balance = 100
    const { layer } = withWallet({ "/api/v1/user/points": () => envelope(0, { balance, today_consumed: 0 }) })
    const heard: Array<number | null> = []
    await runTest(
      Effect.gen(function* () {
        const wallet = yield* Wallet
        const unsubscribe = wallet.subscribe((value) => heard.push(Option.getOrNull(value)?.balance ?? null))
        yield* wallet.balance
        balance = 90
        yield* wallet.balance
        yield* Effect.flatMap(AuthToken, (auth) => auth.clear)
        unsubscribe()
        yield* wallet.balance
      }).pipe(Effect.provide(layer))
    )
    expect(heard).toEqual([100, 90, null])
  })

  it.each([
    ["code ≠ 0 keeps the server's msg", () => envelope(1001, null, "服务繁忙"), { _tag: "ApiError", code: 1001, msg: "服务繁忙" }],
    ["a network error", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })), { _tag: "NetworkError", reason: "offline" }],
    ["a fractional balance does not decode (R31)", () => envelope(0, { balance: 1.5, today_consumed: 0 }), { _tag: "DecodeError", field: "balance" }],
    ["a missing field does not decode", () => envelope(0, { balance: 10 }), { _tag: "DecodeError", field: "today_consumed" }]
  ] as const)("fails typed on %s", async (_name, answer, expected) => {
    const { layer } = withWallet({ "/api/v1/user/points": answer })
    const error = await runTest(Effect.flatMap(Wallet, (wallet) => Effect.flip(wallet.balance)).pipe(Effect.provide(layer)))
    expect(error).toMatchObject(expected)
  })

  it("-401 logs out and forgets the last balance (R9)", async () => {
    let code = 0
    const { kv, layer } = withWallet({ "/api/v1/user/points": () => envelope(code, code === 0 ? { balance: 5, today_consumed: 0 } : null, "请先登录") })
    const seen = await runTest(
      Effect.gen(function* () {
        const wallet = yield* Wallet
        yield* wallet.balance
        code = -401
        const error = yield* Effect.flip(wallet.balance)
        return { error: error._tag, current: yield* wallet.current }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toEqual({ error: "Unauthorized", current: Option.none() })
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })
})

describe("Wallet: the bean ledger (spec §7 GET /api/v1/user/coin/list, §9 page size 50)", () => {
  it.each([
    ["income", "income"],
    ["expense", "expense"],
    ["all", ""]
  ] as const)("tab %s sends type %j with size 50", async (tab, type) => {
    const { memory, layer } = withWallet({ "/api/v1/user/coin/list": () => envelope(0, { list: [entry(2, 100), entry(1, -8)], total: 2 }) })
    const page = await runTest(Effect.flatMap(Wallet, (wallet) => wallet.ledgerPage(2, tab)).pipe(Effect.provide(layer)))
    expect(page.list.map((line) => line.action_amount)).toEqual([100, -8])
    expect(memory.requests[0]?.query).toEqual({ page: "2", size: String(LEDGER_PAGE_SIZE), type })
  })

  it.each([
    ["code ≠ 0", () => envelope(1001, null, "服务繁忙"), { _tag: "ApiError", msg: "服务繁忙" }],
    ["-401", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }],
    ["a network error", () => Effect.fail(new HttpFailure({ reason: "timeout", timeout: true })), { _tag: "NetworkError" }],
    ["a fractional amount", () => envelope(0, { list: [entry(1, 0.5)], total: 1 }), { _tag: "DecodeError", field: "list.0.action_amount" }]
  ] as const)("fails typed on %s", async (_name, answer, expected) => {
    const { layer } = withWallet({ "/api/v1/user/coin/list": answer })
    const error = await runTest(Effect.flatMap(Wallet, (wallet) => Effect.flip(wallet.ledgerPage(1, "all"))).pipe(Effect.provide(layer)))
    expect(error).toMatchObject(expected)
  })

  it.each([
    ["nothing loaded of 120", 0, 120, true, 1],
    ["one page of 120", 50, 120, true, 2],
    ["two pages of 120", 100, 120, true, 3],
    ["all 120 loaded", 120, 120, false, 3],
    ["an empty ledger", 0, 0, false, 1],
    ["bad input: a NaN total ends paging", 50, Number.NaN, false, 2]
  ])("paging: %s", (_name, loaded, total, more, next) => {
    expect(hasMoreLedger(loaded, total)).toBe(more)
    expect(nextLedgerPage(loaded)).toBe(next)
  })
})
