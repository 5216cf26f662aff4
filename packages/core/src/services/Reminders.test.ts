import { Effect, Layer, TestClock } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { sampleCurrentUser } from "../api/examples/accountSamples.js"
import { HttpFailure, type HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { ConfigLive } from "./Config.js"
import { RemindersLive } from "./deferredServices.js"
import { Reminders } from "./Reminders.js"
import { SessionLive } from "./Session.js"
import { StorageKeys } from "./storageKeys.js"
import { WalletLive } from "./Wallet.js"

const HOUR = 3_600_000
const POINTS = "/api/v1/user/points"
const thresholds = [
  { key: "config.member.remaining.bean.threshold", value: ["100"] },
  { key: "config.member.daily.bean.consume.threshold", value: ["500"] },
  { key: "config.member.expire.remain.days.notice", value: ["3"] }
]
const member = sampleCurrentUser // is_vip, expires 2026-12-22 23:59:59 China time
const nonMember = { ...sampleCurrentUser, is_vip: false, vip_level: 0, vip_name: "", vip_expired_at_str: null }
/** 2026-12-20 16:00 UTC: the membership ends in 2 days less a second. */
const twoDaysBeforeExpiry = Date.UTC(2026, 11, 20, 16)

const balance = (value: number, today_consumed = 0) => () => envelope(0, { balance: value, today_consumed })

const withReminders = (
  points: () => HttpResponse | Effect.Effect<HttpResponse, HttpFailure>,
  options: { readonly user?: unknown; readonly stored?: Record<string, string> } = {}
) => {
  const stored: Record<string, string> = {
    ...storedLogin(),
    [StorageKeys.config]: JSON.stringify(thresholds),
    ...(options.user === null ? {} : { [StorageKeys.user]: JSON.stringify(options.user ?? nonMember) }),
    ...options.stored
  }
  const core = makeTestCore((request) => (request.url === POINTS ? points() : undefined), stored)
  const services = Layer.mergeAll(SessionLive, WalletLive, ConfigLive)
  return { ...core, layer: Layer.provideMerge(RemindersLive, Layer.provideMerge(services, core.layer)) }
}

describe("Reminders: which are due (spec §4 reminders, §3 config keys)", () => {
  it.each([
    ["RM1 beans below 100", nonMember, balance(99), undefined, [1]],
    ["RM2 more than 500 used today", nonMember, balance(800, 501), undefined, [2]],
    ["RM3 a member 2 days before expiry (vip_expired_at_str, China time)", member, balance(800), twoDaysBeforeExpiry, [3]],
    ["RM3 a member 4 days before expiry", member, balance(800), twoDaysBeforeExpiry - 2 * 24 * HOUR, []],
    ["RM1–RM3 all at once", member, balance(5, 900), twoDaysBeforeExpiry, [1, 2, 3]],
    ["nothing to remind", nonMember, balance(800, 10), undefined, []]
  ] as const)("%s", async (_name, user, points, now, expected) => {
    const { layer } = withReminders(points, { user })
    const due = await runTest(Effect.flatMap(Reminders, (reminders) => reminders.due(now)).pipe(Effect.provide(layer)))
    expect(due).toEqual(expected)
  })

  it("nobody logged in: none, and the balance is not asked", async () => {
    const { memory, layer } = withReminders(balance(0), { user: null })
    const due = await runTest(Effect.flatMap(Reminders, (reminders) => reminders.due()).pipe(Effect.provide(layer)))
    expect(due).toEqual([])
    expect(memory.requests).toHaveLength(0)
  })

  it("RM5 a config without the keys switches every reminder off", async () => {
    const { layer } = withReminders(balance(0, 9999), { user: member, stored: { [StorageKeys.config]: "[]" } })
    const due = await runTest(Effect.flatMap(Reminders, (reminders) => reminders.due(twoDaysBeforeExpiry)).pipe(Effect.provide(layer)))
    expect(due).toEqual([])
  })

  it.each([
    ["code ≠ 0 with the server's msg", () => envelope(1001, null, "服务繁忙"), { _tag: "ApiError", msg: "服务繁忙" }],
    ["-401", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }],
    ["a network error", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })), { _tag: "NetworkError" }],
    ["an undecodable balance", () => envelope(0, { balance: "many" }), { _tag: "DecodeError", field: "balance" }]
  ] as const)("the balance call failing (%s) fails typed", async (_name, points, expected) => {
    const { layer } = withReminders(points)
    const error = await runTest(Effect.flatMap(Reminders, (reminders) => Effect.flip(reminders.due())).pipe(Effect.provide(layer)))
    expect(error).toMatchObject(expected)
  })
})

describe("Reminders: once per 24 hours, on the TestClock (spec §4, §9 RM4)", () => {
  it("shown at t: not due at t+23h59m, due again at t+24h, and only that type waits", async () => {
    const { kv, layer } = withReminders(balance(5, 900))
    const seen = await runTest(
      Effect.gen(function* () {
        const reminders = yield* Reminders
        yield* TestClock.setTime(Date.UTC(2026, 5, 15, 4))
        const first = yield* reminders.due()
        yield* reminders.markShown(1)
        const rightAfter = yield* reminders.due()
        yield* TestClock.adjust(24 * HOUR - 60_000)
        const almost = yield* reminders.due()
        yield* TestClock.adjust(60_000)
        const again = yield* reminders.due()
        return { first, rightAfter, almost, again }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toEqual({ first: [1, 2], rightAfter: [2], almost: [2], again: [1, 2] })
    expect(JSON.parse(kv.entries.get(StorageKeys.remindersShown) ?? "")).toEqual({ "1": Date.UTC(2026, 5, 15, 4) })
  })

  it("the stamps survive a restart (a new layer over the same storage)", async () => {
    const shownAt = Date.UTC(2026, 5, 15, 4)
    const { layer } = withReminders(balance(5), { stored: { [StorageKeys.remindersShown]: JSON.stringify({ "1": shownAt }) } })
    const due = await runTest(Effect.flatMap(Reminders, (reminders) => Effect.zip(reminders.due(shownAt + HOUR), reminders.due(shownAt + 24 * HOUR))).pipe(Effect.provide(layer)))
    expect(due).toEqual([[], [1]])
  })

  it.each([
    ["not JSON", "{oops"],
    ["a stamp that is text", JSON.stringify({ "1": "yesterday" })],
    ["an array", "[1,2,3]"]
  ])("corrupt stamps (%s) count as never shown, and markShown replaces them", async (_name, text) => {
    const { kv, layer } = withReminders(balance(5), { stored: { [StorageKeys.remindersShown]: text } })
    const due = await runTest(
      Effect.gen(function* () {
        const reminders = yield* Reminders
        yield* TestClock.setTime(1_000)
        const due = yield* reminders.due()
        yield* reminders.markShown(3)
        return due
      }).pipe(Effect.provide(layer))
    )
    expect(due).toEqual([1])
    expect(JSON.parse(kv.entries.get(StorageKeys.remindersShown) ?? "")).toEqual({ "3": 1_000 })
  })
})

describe("Reminders: wording (spec §4, RM6)", () => {
  it.each([
    ["a member low on beans is offered beans", member, 1, "米豆余额不足", "购买米豆"],
    ["a non-member low on beans is offered a membership", nonMember, 1, "米豆余额不足", "开通会员"],
    ["an expiring member is offered renewal", member, 3, "会员即将到期", "续费会员"],
    ["logged out counts as a non-member", null, 2, "今日米豆消耗较多", "开通会员"]
  ] as const)("%s", async (_name, user, type, title, button) => {
    const { layer } = withReminders(balance(0), { user })
    const content = await runTest(Effect.flatMap(Reminders, (reminders) => reminders.content(type)).pipe(Effect.provide(layer)))
    expect(content.title).toBe(title)
    expect(content.buttons[0]?.label).toBe(button)
    expect(content.buttons[1]).toEqual({ label: "邀请好友得米豆", action: { kind: "navigate", to: "/invite-info" } })
  })
})
