import { ApiClient, ApiClientLive, AuthTokenLive, StorageKeys } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Api, IDEMPOTENCY_KEY_HEADER } from "@mido/core/contract"
import { and, eq } from "drizzle-orm"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger, couponRedemptions, orders } from "../src/db/schema/commerce.js"
import { orderIdempotencyKeys } from "../src/db/schema/orderRequests.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { purgeIdempotencyKeys } from "../src/features/commerce/orderIdempotency.js"
import { testUsers } from "./testUsers.js"
import { startTestServer, type TestServer } from "./testServer.js"

/** R45 (and R30's Idempotency-Key): duplicate order submissions from the client make one order. */
let server: TestServer

const newUser = testUsers(() => server.deps.db, { phonePrefix: "1380000", nickname: "幂等用户", inviteCodePrefix: "IK", nidPrefix: "800" })

const create = async (token: string, body: Record<string, unknown>, key?: string, signal?: AbortSignal) => {
  const headers: Record<string, string> = { source: "PC", "content-type": "application/json", authorization: `Bearer ${token}` }
  if (key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = key
  const response = await fetch(`${server.url}/api/v1/order/create`, { method: "POST", headers, body: JSON.stringify(body), ...(signal ? { signal } : {}) })
  return (await response.json()) as { code: number; msg: string; data: { trade_no: string; status: string; claim: boolean } | null }
}

const ordersOf = async (uid: number) => server.deps.db.select().from(orders).where(eq(orders.uid, uid))
const POINTS = { type: "points", type_id: 2, pay_method: "alipay" }

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

describe("R45: the same Idempotency-Key answers the same order", () => {
  it("the first request commits, the client gives up on it and retries with the key: the same order, one row", async () => {
    const buyer = await newUser()
    const key = "checkout-7f3a9c1e5b2d4a60"
    const aborted = new AbortController()
    const first = create(buyer.token, POINTS, key, aborted.signal).catch((error: unknown) => error)
    // the server committed the order; the client never sees the answer
    const deadline = Date.now() + 10_000
    while ((await ordersOf(buyer.uid)).length === 0) {
      if (Date.now() > deadline) throw new Error("the first request never committed")
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    aborted.abort()
    await first
    const [committed] = await ordersOf(buyer.uid)

    const retried = await create(buyer.token, POINTS, key)
    expect(retried).toMatchObject({ code: 0, data: { trade_no: committed!.tradeNo, status: "paying" } })
    expect(await ordersOf(buyer.uid)).toHaveLength(1)
    const [stored] = await server.deps.db.select().from(orderIdempotencyKeys).where(eq(orderIdempotencyKeys.uid, buyer.uid))
    expect(stored).toMatchObject({ key, orderId: committed!.id })
  })

  it("5 concurrent submissions with one key make one order, one coupon hold", async () => {
    const buyer = await newUser()
    const body = { type: "plan", type_id: 2, pay_method: "wechat", coupon_code: "MIDO90" }
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(buyer.token, body, "double-click-000000001")))
    expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0])
    expect(new Set(answers.map((answer) => answer.data?.trade_no)).size).toBe(1)
    const rows = await ordersOf(buyer.uid)
    expect(rows).toHaveLength(1)
    expect(await server.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, rows[0]!.id))).toHaveLength(1)
  })

  it("a claim (payable 0) retried with its key is granted once: one ledger entry", async () => {
    const buyer = await newUser()
    const body = { type: "plan", type_id: 1, pay_method: "alipay", coupon_code: "PLAN50" }
    const first = await create(buyer.token, body, "free-claim-key-0001")
    const second = await create(buyer.token, body, "free-claim-key-0001")
    expect(first).toMatchObject({ code: 0, data: { status: "success", claim: true } })
    expect(second.data?.trade_no).toBe(first.data?.trade_no)
    expect(await ordersOf(buyer.uid)).toHaveLength(1)
    expect(await server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.uid, buyer.uid), eq(beanLedger.kind, "order")))).toHaveLength(1)
  })

  it("the same key with another payload is refused (422) in Chinese, and nothing is written", async () => {
    const buyer = await newUser()
    const first = await create(buyer.token, POINTS, "reused-key-00000001")
    const refused = await create(buyer.token, { ...POINTS, type_id: 3 }, "reused-key-00000001")
    expect(refused).toMatchObject({ code: 422, msg: "同一请求标识已用于内容不同的订单，请刷新页面后重新下单", data: null })
    const rows = await ordersOf(buyer.uid)
    expect(rows.map((row) => [row.tradeNo, row.status])).toEqual([[first.data!.trade_no, "paying"]])
  })

  it("keys are the user's own: another user's same key makes their own order", async () => {
    const one = await newUser()
    const two = await newUser()
    const a = await create(one.token, POINTS, "shared-looking-key-01")
    const b = await create(two.token, POINTS, "shared-looking-key-01")
    expect(a.code).toBe(0)
    expect(b.code).toBe(0)
    expect(b.data?.trade_no).not.toBe(a.data?.trade_no)
  })

  it("a malformed key is refused before anything is written; without a key every create is new", async () => {
    const buyer = await newUser()
    expect(await create(buyer.token, POINTS, "short")).toMatchObject({ code: 400, msg: "Idempotency-Key 格式不正确（8–255 个可见字符）" })
    expect(await create(buyer.token, POINTS, "has spaces in the key")).toMatchObject({ code: 400 })
    expect(await ordersOf(buyer.uid)).toHaveLength(0)
    const first = await create(buyer.token, POINTS)
    const second = await create(buyer.token, POINTS)
    expect(second.data?.trade_no).not.toBe(first.data?.trade_no)
    // R30: the second replaced the first open order for the same item
    expect((await ordersOf(buyer.uid)).map((row) => row.status).sort()).toEqual(["closed", "paying"])
  })

  it("a refused create keeps no key: after fixing the cause the same key creates the order", async () => {
    const buyer = await newUser()
    expect(await create(buyer.token, { ...POINTS, coupon_code: "OLD2025" }, "retry-after-refusal-1")).toMatchObject({ code: 400 })
    expect(await server.deps.db.select().from(orderIdempotencyKeys).where(eq(orderIdempotencyKeys.uid, buyer.uid))).toHaveLength(0)
    expect(await ordersOf(buyer.uid)).toHaveLength(0)
    const fixed = await create(buyer.token, POINTS, "retry-after-refusal-1")
    expect(fixed).toMatchObject({ code: 0, data: { status: "paying" } })
    expect((await ordersOf(buyer.uid)).map((row) => row.tradeNo)).toEqual([fixed.data!.trade_no])
  })

  it("keys are purged after a day; the core's client sends the header through ApiClient", async () => {
    const buyer = await newUser()
    const layer = Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, Layer.merge(FetchHttpLayer({ baseUrl: server.url }), MemoryKeyValueStoreLayer({ [StorageKeys.auth]: JSON.stringify({ token: buyer.token }) }))))
    const call = Effect.flatMap(ApiClient, (api) => api.call(Api.commerce.orderCreate, { type: "points", type_id: 1, pay_method: "wechat" }, { headers: { [IDEMPOTENCY_KEY_HEADER]: "sdk-key-000000000001" } }))
    const [first, second] = await Effect.runPromise(Effect.all([call, call]).pipe(Effect.provide(layer)))
    expect(second.trade_no).toBe(first.trade_no)
    expect(await purgeIdempotencyKeys(server.deps.db, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1)
    expect(await server.deps.db.select().from(orderIdempotencyKeys).where(eq(orderIdempotencyKeys.uid, buyer.uid))).toHaveLength(0)
  })
})
