import { ApiClient, ApiClientLive, AuthTokenLive, StorageKeys } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Api } from "@mido/core/contract"
import { and, eq } from "drizzle-orm"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger, couponRedemptions, coupons, orders, wallets } from "../src/db/schema/commerce.js"
import { users } from "../src/db/schema/users.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { testUsers } from "./testUsers.js"
import { startTestServer, type TestServer } from "./testServer.js"

/** Orders end to end (spec §4, §5; R11, R12, R22, R23, R27, R30, R36). Sandbox payments: commerce-sandbox.test.ts. */
let server: TestServer

const newUser = testUsers(() => server.deps.db, { phonePrefix: "1360000", nickname: "下单用户", inviteCodePrefix: "OD", nidPrefix: "400" })

interface OrderAnswer {
  trade_no: string
  data: string
  status: string
  payable: number
  claim: boolean
}

const create = async (token: string, body: Record<string, unknown>) => server.request("POST", "/api/v1/order/create", body, token)
const orderRow = async (tradeNo: string) => (await server.deps.db.select().from(orders).where(eq(orders.tradeNo, tradeNo)))[0]!
const ordersOf = async (uid: number) => server.deps.db.select().from(orders).where(eq(orders.uid, uid))
const balanceOf = async (uid: number) => (await server.deps.db.select().from(wallets).where(eq(wallets.uid, uid)))[0]?.balance ?? 0
const couponCheck = async (token: string, code: string) => server.request("GET", `/api/v1/order/coupon?code=${code}`, undefined, token)

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

describe("order/create (R22, R12)", () => {
  it("prices a plan on the server with the coupon and answers a pay QR, decoded by the core's client", async () => {
    const buyer = await newUser()
    const ports = Layer.merge(FetchHttpLayer({ baseUrl: server.url }), MemoryKeyValueStoreLayer({ [StorageKeys.auth]: JSON.stringify({ token: buyer.token }) }))
    const result = await Effect.runPromise(
      Effect.either(Effect.flatMap(ApiClient, (api) => api.call(Api.commerce.orderCreate, { type: "plan", type_id: 2, pay_method: "wechat", coupon_code: "MIDO90" }))).pipe(
        Effect.provide(Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports)))
      )
    )
    expect(result).toMatchObject({ _tag: "Right", right: { status: "paying", payable: 26.91, claim: false } })
    if (result._tag !== "Right") return
    expect(result.right.trade_no).toMatch(/^MD\d{14}[0-9a-f]{20}$/)
    const svg = Buffer.from(result.right.data.replace(/^data:image\/svg\+xml;base64,/, ""), "base64").toString()
    expect(svg).toContain("<svg")
    expect(svg).toContain("¥26.91")
    const row = await orderRow(result.right.trade_no)
    expect(row).toMatchObject({ priceFen: 2990, payableFen: 2691, status: "paying", payMethod: "wechat", itemName: "月度会员" })
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60_000)
  })

  it("prices a points package without a coupon", async () => {
    const buyer = await newUser()
    expect(await create(buyer.token, { type: "points", type_id: 2, pay_method: "alipay" })).toMatchObject({ code: 0, data: { payable: 30, status: "paying", claim: false } })
  })

  it.each([
    ["a client price (R12)", { type: "plan", type_id: 2, pay_method: "wechat", amount: 0.01 }],
    ["a client status (R12)", { type: "plan", type_id: 2, pay_method: "wechat", status: "success" }],
    ["an unknown type", { type: "vip", type_id: 2, pay_method: "wechat" }],
    ["an unknown pay method", { type: "plan", type_id: 2, pay_method: "paypal" }],
    ["a missing item id", { type: "plan", pay_method: "wechat" }]
  ])("refuses %s and writes nothing", async (_name, body) => {
    const buyer = await newUser()
    expect((await create(buyer.token, body)).code).toBe(400)
    expect(await ordersOf(buyer.uid)).toHaveLength(0)
  })

  it("needs a login (-401)", async () => {
    expect(await server.request("POST", "/api/v1/order/create", { type: "plan", type_id: 2, pay_method: "wechat" })).toMatchObject({ code: -401 })
  })

  it.each([
    ["请输入优惠码!", { type: "plan", type_id: 2, coupon_code: "" }],
    ["请选择购买项!", { type: "plan", type_id: 999, coupon_code: "MIDO90" }],
    ["未达到指定金额(10，无法使用!", { type: "points", type_id: 1, coupon_code: "FULL10" }],
    ["该优惠码仅供购买积分使用!", { type: "plan", type_id: 2, coupon_code: "FULL10" }],
    ["该优惠码仅供购买套餐使用!", { type: "points", type_id: 2, coupon_code: "PLAN50" }],
    ["未知优惠码作用范围!", { type: "plan", type_id: 2, coupon_code: "GIFT01" }],
    ["该优惠码已被使用!", { type: "plan", type_id: 2, coupon_code: "USED01" }],
    ["该优惠码已过期!", { type: "plan", type_id: 2, coupon_code: "OLD2025" }],
    ["该优惠码无法使用!", { type: "plan", type_id: 2, coupon_code: "STOP01" }],
    ["该优惠码无法使用!", { type: "plan", type_id: 2, coupon_code: "NOSUCH" }]
  ])("every coupon message of spec §5 is reachable: %s", async (msg, body) => {
    await server.deps.db
      .insert(coupons)
      .values({ code: "GIFT01", type: "discount", scope: "gift", discountAmount: "0.5", validFrom: new Date(0), validTo: new Date("2099-01-01") })
      .onConflictDoNothing()
    const buyer = await newUser()
    expect(await create(buyer.token, { pay_method: "alipay", ...body })).toMatchObject({ code: 400, msg })
    expect(await ordersOf(buyer.uid)).toHaveLength(0)
  })

  it("threshold and invite coupons price in fen (R22)", async () => {
    const inviter = await newUser()
    const invited = await newUser({ invitedBy: inviter.uid })
    expect(await create(invited.token, { type: "points", type_id: 2, pay_method: "alipay", coupon_code: "FULL10" })).toMatchObject({ code: 0, data: { payable: 25 } })
    expect(await create(invited.token, { type: "plan", type_id: 3, pay_method: "alipay", coupon_code: "INVITE85" })).toMatchObject({ code: 0, data: { payable: 253.3 } })
  })
})

describe("claim: a payable of 0 completes at once (R23)", () => {
  it("grants the plan and its beans in the same transaction, with no QR", async () => {
    const buyer = await newUser()
    const answer = await create(buyer.token, { type: "plan", type_id: 1, pay_method: "wechat", coupon_code: "PLAN50" })
    expect(answer).toMatchObject({ code: 0, data: { status: "success", claim: true, payable: 0, data: "" } })
    const row = await orderRow((answer.data as OrderAnswer).trade_no)
    expect(row).toMatchObject({ payMethod: "none", status: "success", claim: true })
    const [user] = await server.deps.db.select().from(users).where(eq(users.uid, buyer.uid))
    expect(user?.vipLevel).toBe(1)
    expect(Math.round((user!.vipExpiredAt!.getTime() - Date.now()) / 86_400_000)).toBe(7)
    expect(await balanceOf(buyer.uid)).toBe(500)
    expect(await couponCheck(buyer.token, "PLAN50")).toMatchObject({ data: { status: "used" } })
    expect(await create(buyer.token, { type: "plan", type_id: 1, pay_method: "wechat", coupon_code: "PLAN50" })).toMatchObject({ code: 400, msg: "该优惠码已被使用!" })
    const info = await server.request("GET", "/api/v1/user/info", undefined, buyer.token)
    expect(info.data).toMatchObject({ is_vip: true, vip_level: 1, vip_name: "体验会员" })
  })
})

describe("coupons are reserved atomically, once (R36)", () => {
  it("10 concurrent orders by 10 buyers with a single-use coupon → exactly 1 discounted", async () => {
    await server.deps.db.insert(coupons).values({ code: "ONCE01", type: "threshold", scope: "plan,points", discountAmount: "10", maxUses: 1, validFrom: new Date(0), validTo: new Date("2099-01-01") })
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newUser()))
    const answers = await Promise.all(buyers.map((buyer) => create(buyer.token, { type: "plan", type_id: 2, pay_method: "alipay", coupon_code: "ONCE01" })))
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1)
    expect(answers.filter((answer) => answer.code === 400 && answer.msg === "该优惠码已被使用!")).toHaveLength(9)
    const [coupon] = await server.deps.db.select().from(coupons).where(eq(coupons.code, "ONCE01"))
    expect(coupon?.usedCount).toBe(1)
  })

  it("closing the order frees the coupon; re-ordering replaces the open order (R30)", async () => {
    const buyer = await newUser()
    const first = (await create(buyer.token, { type: "plan", type_id: 2, pay_method: "alipay", coupon_code: "MIDO90" })).data as OrderAnswer
    expect(await couponCheck(buyer.token, "MIDO90")).toMatchObject({ data: { status: "used" } })
    // switching the pay method with the same coupon replaces the order instead of refusing it
    const second = (await create(buyer.token, { type: "plan", type_id: 2, pay_method: "wechat", coupon_code: "MIDO90" })).data as OrderAnswer
    expect(second.payable).toBe(26.91)
    expect((await orderRow(first.trade_no)).status).toBe("closed")
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${second.trade_no}`, undefined, buyer.token)).toMatchObject({ code: 0, data: { status: "closed" } })
    expect(await couponCheck(buyer.token, "MIDO90")).toMatchObject({ data: { status: "unused" } })
    const redemptions = await server.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.uid, buyer.uid))
    expect(redemptions).toHaveLength(0)
  })
})

describe("order/check and order/close (R11, R27)", () => {
  it("checks the caller's own order; another user's is not found (R11)", async () => {
    const owner = await newUser()
    const other = await newUser()
    const order = (await create(owner.token, { type: "points", type_id: 1, pay_method: "alipay" })).data as OrderAnswer
    expect(await server.request("GET", `/api/v1/order/check?trade_no=${order.trade_no}`, undefined, owner.token)).toMatchObject({ code: 0, data: { status: "paying", trade_no: order.trade_no } })
    expect(await server.request("GET", `/api/v1/order/check?trade_no=${order.trade_no}`, undefined, other.token)).toMatchObject({ code: 404, data: null })
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${order.trade_no}`, undefined, other.token)).toMatchObject({ code: 404 })
    expect((await orderRow(order.trade_no)).status).toBe("paying")
    expect(await server.request("GET", `/api/v1/order/check?trade_no=${order.trade_no}`)).toMatchObject({ code: -401 })
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${order.trade_no}`)).toMatchObject({ code: -401 })
    expect(await server.request("GET", "/api/v1/order/check?trade_no=x", undefined, owner.token)).toMatchObject({ code: 400, msg: "订单号无效" })
  })

  it("times out after 15 minutes and frees the coupon", async () => {
    const buyer = await newUser()
    const order = (await create(buyer.token, { type: "plan", type_id: 3, pay_method: "alipay", coupon_code: "MIDO90" })).data as OrderAnswer
    await server.deps.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.tradeNo, order.trade_no))
    expect(await server.request("GET", `/api/v1/order/check?trade_no=${order.trade_no}`, undefined, buyer.token)).toMatchObject({ code: 0, data: { status: "timeout" } })
    expect(await couponCheck(buyer.token, "MIDO90")).toMatchObject({ data: { status: "unused" } })
    // closing a timed-out order keeps it timed out
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${order.trade_no}`, undefined, buyer.token)).toMatchObject({ data: { status: "timeout" } })
  })

  it("a paid order stays success when closed (R27)", async () => {
    const buyer = await newUser()
    const order = (await create(buyer.token, { type: "plan", type_id: 1, pay_method: "wechat", coupon_code: "PLAN50" })).data as OrderAnswer
    expect(order.claim).toBe(true)
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${order.trade_no}`, undefined, buyer.token)).toMatchObject({ code: 0, data: { status: "success", claim: true } })
  })

  it("the 21st order in an hour is refused (R30)", async () => {
    const buyer = await newUser()
    for (let i = 0; i < 20; i++) expect((await create(buyer.token, { type: "points", type_id: 1, pay_method: "alipay" })).code).toBe(0)
    expect(await create(buyer.token, { type: "points", type_id: 1, pay_method: "alipay" })).toMatchObject({ code: 429 })
    const open = await server.deps.db.select().from(orders).where(and(eq(orders.uid, buyer.uid), eq(orders.status, "paying")))
    expect(open).toHaveLength(1)
  })

  it("nothing is credited for an unpaid order", async () => {
    const buyer = await newUser()
    await create(buyer.token, { type: "points", type_id: 4, pay_method: "alipay" })
    expect(await server.deps.db.select().from(beanLedger).where(eq(beanLedger.uid, buyer.uid))).toHaveLength(0)
  })
})
