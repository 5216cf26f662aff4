import { ApiClient, ApiClientLive, AuthTokenLive, StorageKeys } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Api } from "@mido/core/contract"
import { eq, sql } from "drizzle-orm"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { coupons, membershipPlans } from "../src/db/schema/commerce.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { testUsers } from "./testUsers.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer

/** A fresh user and a live token; `extra` sets membership or the inviter. */
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370000", nickname: "买家", inviteCodePrefix: "CM", nidPrefix: "300" })

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

const asClient = <A, E>(effect: Effect.Effect<A, E, ApiClient>, token = "") => {
  const ports = Layer.merge(FetchHttpLayer({ baseUrl: server.url }), MemoryKeyValueStoreLayer(token === "" ? {} : { [StorageKeys.auth]: JSON.stringify({ token }) }))
  return Effect.runPromise(Effect.either(effect).pipe(Effect.provide(Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports)))))
}

describe("config, tools, plans and packages (spec §3, §7)", () => {
  it("app_config has every key of spec §3, decoded by the core's schema", async () => {
    const result = await asClient(Effect.flatMap(ApiClient, (api) => api.call(Api.commerce.appConfig, {})))
    expect(result._tag).toBe("Right")
    if (result._tag !== "Right") return
    const keys = result.right.list.map((entry) => entry.key)
    for (const key of ["config.wecom.promotion.qrcode", "points.first-post", "points.daily-post", "config.member.daily.bean.consume.threshold", "config.member.remaining.bean.threshold", "config.member.expire.remain.days.notice"]) {
      expect(keys).toContain(key)
    }
    const value = (key: string) => result.right.list.find((entry) => entry.key === key)?.value[0]
    expect(value("points.first-post")).toBe("50")
    expect(value("config.wecom.promotion.qrcode")).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it("lists the 7 tools of spec §2 with their paths", async () => {
    const answer = await server.request("GET", "/api/v1/open/config/tools/list")
    const list = (answer.data as { list: Array<{ key: string; name: string; path: string }> }).list
    expect(list.map((tool) => [tool.name, tool.path])).toEqual([
      ["智能抠图", "/tools/discount"],
      ["高清修复", "/tools/hd-repair"],
      ["老照片上色", "/tools/old-photo-restoration"],
      ["去水印", "/tools/remove-watermark"],
      ["局部重绘", "/tools/redraw"],
      ["元素消除", "/tools/element-elimination"],
      ["风格头像", "/tools/style-avatar"]
    ])
  })

  it("lists plans 1–3 with yuan prices and list-only benefit HTML (R15)", async () => {
    const result = await asClient(Effect.flatMap(ApiClient, (api) => api.call(Api.commerce.membershipPlans, {})))
    expect(result._tag).toBe("Right")
    if (result._tag !== "Right") return
    expect(result.right.list.map((plan) => [plan.level, plan.name, plan.price, plan.duration_days])).toEqual([
      [1, "体验会员", 9.9, 7],
      [2, "月度会员", 29.9, 30],
      [3, "年度会员", 298, 365]
    ])
    expect(result.right.list[1]?.original_price).toBe(39.9)
    for (const plan of result.right.list) expect(`${plan.content}${plan.exclusive}`).toMatch(/^<ul><li>/)
  })

  it("a hand-edited plan row with a payload is answered sanitized (R15)", async () => {
    await server.deps.db.update(membershipPlans).set({ exclusive: `<ul><li onclick="alert(1)">x</li></ul><img src=x onerror=alert(1)><script>alert(1)</script>` }).where(eq(membershipPlans.code, "yearly"))
    const answer = await server.request("GET", "/api/v1/open/config/membership_plan/list")
    const yearly = (answer.data as { list: Array<{ level: number; exclusive: string }> }).list.find((plan) => plan.level === 3)
    expect(yearly?.exclusive).toBe("<ul><li>x</li></ul>")
  })

  it("lists the points packages with bonus beans", async () => {
    const answer = await server.request("GET", "/api/v1/open/config/points_package/list")
    expect(answer.code).toBe(0)
    expect((answer.data as { list: unknown[] }).list).toContainEqual({ id: 2, points: 3000, price: 30, bonus: 100 })
    expect((answer.data as { list: unknown[] }).list).toContainEqual({ id: 1, points: 600, price: 6 })
  })

  it("seeding again changes nothing (idempotent)", async () => {
    const count = async () => (await server.deps.db.execute(sql`select (select count(*) from coupons)::int + (select count(*) from tools)::int + (select count(*) from membership_plans)::int as n`)) as unknown as { rows: Array<{ n: number }> }
    const before = (await count()).rows[0]?.n
    await seedCommerce(server.deps.db)
    expect((await count()).rows[0]?.n).toBe(before)
  })
})

describe("coupon check and order/coupon (spec §4, §5; R11, R22, R36, R37)", () => {
  it("a visitor sees a public code's terms; codes are case-insensitive", async () => {
    expect(await server.request("GET", "/api/v1/open/config/coupon/check?code=mido90")).toMatchObject({
      code: 0,
      data: { code: "MIDO90", discount_amount: 0.9, minimum_amount: null, status: "unused", scope: "plan,points", type: "discount" }
    })
  })

  it("answers used, expired and the threshold terms, decoded by the core's client", async () => {
    const buyer = await newUser()
    const check = (code: string) => asClient(Effect.flatMap(ApiClient, (api) => api.call(Api.commerce.orderCoupon, { code })), buyer.token)
    expect(await check("USED01")).toMatchObject({ _tag: "Right", right: { status: "used" } })
    expect(await check("OLD2025")).toMatchObject({ _tag: "Right", right: { status: "expired" } })
    expect(await check("FULL10")).toMatchObject({ _tag: "Right", right: { type: "threshold", discount_amount: 5, minimum_amount: 10, scope: "points", status: "unused" } })
  })

  it.each([
    ["an empty code", "", "请输入优惠码!"],
    ["a malformed code", "a%20b", "优惠码格式不正确"],
    ["an unknown code", "NOPE99", "该优惠码无法使用!"],
    ["a disabled code", "STOP01", "该优惠码无法使用!"],
    ["a seeded code of a scope the app does not sell", "COURSE20", "未知优惠码作用范围!"]
  ])("refuses %s", async (_name, code, msg) => {
    const buyer = await newUser()
    expect(await server.request("GET", `/api/v1/order/coupon?code=${code}`, undefined, buyer.token)).toMatchObject({ code: 400, msg })
  })

  it("order/coupon needs a login (-401)", async () => {
    expect(await server.request("GET", "/api/v1/order/coupon?code=MIDO90")).toMatchObject({ code: -401 })
  })

  it("someone else's coupon reads as unknown, never revealed (R11)", async () => {
    const owner = await newUser()
    const other = await newUser()
    await server.deps.db.insert(coupons).values({ code: "MINE01", type: "threshold", scope: "plan,points", discountAmount: "3", ownerUid: owner.uid, validFrom: new Date(0), validTo: new Date("2099-01-01") })
    expect(await server.request("GET", "/api/v1/order/coupon?code=MINE01", undefined, owner.token)).toMatchObject({ code: 0, data: { status: "unused" } })
    expect(await server.request("GET", "/api/v1/order/coupon?code=MINE01", undefined, other.token)).toMatchObject({ code: 400, msg: "该优惠码无法使用!", data: null })
    expect(await server.request("GET", "/api/v1/open/config/coupon/check?code=MINE01")).toMatchObject({ code: 400, msg: "该优惠码无法使用!" })
  })

  it("invite coupons are for invited users only", async () => {
    const inviter = await newUser()
    const invited = await newUser({ invitedBy: inviter.uid })
    expect(await server.request("GET", "/api/v1/order/coupon?code=INVITE85", undefined, invited.token)).toMatchObject({ code: 0, data: { type: "invite", discount_amount: 0.85 } })
    expect(await server.request("GET", "/api/v1/order/coupon?code=INVITE85", undefined, inviter.token)).toMatchObject({ code: 400, msg: "该优惠码无法使用!" })
  })

  it("a scope the app does not know answers 未知优惠码作用范围!", async () => {
    const buyer = await newUser()
    await server.deps.db.insert(coupons).values({ code: "TOOL20", type: "discount", scope: "tools", discountAmount: "0.8", validFrom: new Date(0), validTo: new Date("2099-01-01") })
    expect(await server.request("GET", "/api/v1/order/coupon?code=TOOL20", undefined, buyer.token)).toMatchObject({ code: 400, msg: "未知优惠码作用范围!" })
  })

  it("the 11th look-up in a minute is refused (R37)", async () => {
    const buyer = await newUser()
    for (let i = 0; i < 10; i++) expect((await server.request("GET", "/api/v1/order/coupon?code=MIDO90", undefined, buyer.token)).code).toBe(0)
    expect(await server.request("GET", "/api/v1/order/coupon?code=MIDO90", undefined, buyer.token)).toMatchObject({ code: 429 })
    const other = await newUser()
    expect((await server.request("GET", "/api/v1/order/coupon?code=MIDO90", undefined, other.token)).code).toBe(0)
  })
})

describe("task/points: the cost preview (charges nothing)", () => {
  it("prices quick_mj by image; members pay 80%", async () => {
    const plain = await newUser()
    const member = await newUser({ vipLevel: 2, vipExpiredAt: new Date(Date.now() + 86_400_000) })
    const body = { type: "quick_mj", num: 4, ratio: "3:4" }
    expect(await server.request("POST", "/api/v2/quick/task/points", body, plain.token)).toMatchObject({ code: 0, data: { points: 40, balance: 0 } })
    const answer = await server.request("POST", "/api/v2/quick/task/points", body, member.token)
    expect(answer).toMatchObject({ code: 0, data: { points: 32, original_points: 40, balance: 0 } })
    expect(await server.request("POST", "/api/v2/quick/task/points", { type: "quick", num: 2, hd: true, style_group: "pro" }, plain.token)).toMatchObject({ data: { points: 24 } })
  })

  it("prices sd (hires extra), agent and each tool from config (GC3–GC5), members included", async () => {
    const plain = await newUser()
    const member = await newUser({ vipLevel: 2, vipExpiredAt: new Date(Date.now() + 86_400_000) })
    const points = async (body: object, token: string) => (await server.request("POST", "/api/v2/quick/task/points", body, token)).data
    expect(await points({ type: "sd", num: 2 }, plain.token)).toEqual({ points: 12, balance: 0 })
    expect(await points({ type: "sd", num: 2, hires: true }, plain.token)).toEqual({ points: 20, balance: 0 })
    expect(await points({ type: "agent", num: 3 }, member.token)).toEqual({ points: 19, original_points: 24, balance: 0 })
    expect(await points({ type: "tool", num: 1, tool: "hd-repair" }, plain.token)).toEqual({ points: 6, balance: 0 })
    expect(await points({ type: "tool", num: 4, tool: "discount" }, plain.token)).toEqual({ points: 4, balance: 0 })
  })

  it("refuses bad input and visitors", async () => {
    const plain = await newUser()
    expect(await server.request("POST", "/api/v2/quick/task/points", { type: "quick", num: 5 }, plain.token)).toMatchObject({ code: 400, msg: "每次最多生成 4 张" })
    expect(await server.request("POST", "/api/v2/quick/task/points", { type: "tool", num: 1 }, plain.token)).toMatchObject({ code: 400, msg: "请选择工具" })
    expect(await server.request("POST", "/api/v2/quick/task/points", { type: "quick", num: 1 })).toMatchObject({ code: -401 })
  })
})
