import { IDEMPOTENCY_KEY_HEADER } from "@mido/core/contract"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger, orders } from "../src/db/schema/commerce.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import type { PaymentProvider } from "../src/adapters/payment/paymentProviderPort.js"
import { sandboxProvider } from "../src/adapters/payment/sandboxProvider.js"
import { buildApp } from "../src/app.js"
import { PAY, sandboxPayFixtures } from "./sandboxPayFixtures.js"
import { testUsers } from "./testUsers.js"
import { startTestServer, type TestServer } from "./testServer.js"

/**
 * R44 / R30: a buyer who orders the same item again (another pay method, another coupon) gets a new
 * QR code, and the old one can no longer be paid: the old trade is closed at the provider once the new
 * order is committed. A provider that already took the old payment completes that order instead.
 */
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1330000", nickname: "换单用户", inviteCodePrefix: "SP", nidPrefix: "900" })
const { formOf, press, payWithoutNotify, providerState } = sandboxPayFixtures(() => server)

interface Answer {
  readonly code: number
  readonly msg: string
  readonly data: { readonly trade_no: string; readonly status: string } | null
}

const create = async (token: string, payMethod: string, key?: string): Promise<Answer> => {
  const headers: Record<string, string> = { source: "PC", "content-type": "application/json", authorization: `Bearer ${token}` }
  if (key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = key
  const body = JSON.stringify({ type: "points", type_id: 2, pay_method: payMethod })
  return (await (await fetch(`${server.url}/api/v1/order/create`, { method: "POST", headers, body })).json()) as Answer
}
const tradeOf = (answer: Answer) => {
  expect(answer).toMatchObject({ code: 0 })
  return answer.data!.trade_no
}
const statusOf = async (tradeNo: string) => (await server.deps.db.select().from(orders).where(eq(orders.tradeNo, tradeNo)))[0]?.status
const creditsFor = async (tradeNo: string) => server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.kind, "order"), eq(beanLedger.ref, tradeNo)))

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

describe("R44: a replaced order is closed at the provider", () => {
  it("switching the pay method closes the old trade at the provider; its QR code can no longer be paid", async () => {
    const buyer = await newUser()
    const first = tradeOf(await create(buyer.token, "alipay"))
    const oldPayForm = await formOf(first, PAY)
    const second = tradeOf(await create(buyer.token, "wechat"))
    expect(second).not.toBe(first)
    expect(await statusOf(first)).toBe("closed")
    expect(await providerState(first)).toBe("CLOSED")
    const pressed = await press(oldPayForm)
    expect(pressed.status).toBe(409)
    expect(await statusOf(second)).toBe("paying")
  })

  it("an old order the provider reports paid (its notify lost) is completed and credited once, not closed", async () => {
    const buyer = await newUser()
    const first = tradeOf(await create(buyer.token, "alipay"))
    await payWithoutNotify(first)
    tradeOf(await create(buyer.token, "wechat"))
    expect(await statusOf(first)).toBe("success")
    expect(await providerState(first)).toBe("SUCCESS")
    expect(await creditsFor(first)).toHaveLength(1)
  })

  it("a retry with the same Idempotency-Key answers its order and closes nothing", async () => {
    const buyer = await newUser()
    const key = `retry-${buyer.uid}-0123456789`
    const first = tradeOf(await create(buyer.token, "alipay", key))
    expect(tradeOf(await create(buyer.token, "alipay", key))).toBe(first)
    expect(await statusOf(first)).toBe("paying")
    expect(await providerState(first)).not.toBe("CLOSED")
  })

  it("a provider that fails to close the old trade does not stop the new order; the failure is logged for a person", async () => {
    const buyer = await newUser()
    const first = tradeOf(await create(buyer.token, "alipay"))
    const down: PaymentProvider = {
      ...sandboxProvider(server.deps.db),
      close: async () => {
        throw new Error("provider timeout")
      }
    }
    const errors: Array<Record<string, unknown> | undefined> = []
    const log = { ...server.deps.log, error: (_message: string, fields?: Record<string, unknown>) => void errors.push(fields) }
    const app = buildApp({ ...server.deps, log, paymentProvider: down })
    const response = await app.request("/api/v1/order/create", {
      method: "POST",
      headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({ type: "points", type_id: 2, pay_method: "wechat" })
    })
    const second = tradeOf((await response.json()) as Answer)
    expect(await statusOf(first)).toBe("closed")
    expect(await statusOf(second)).toBe("paying")
    expect(errors).toContainEqual(expect.objectContaining({ trade_no: first, alert: "provider_close_failed" }))
  })

  it("a refused order (the 21st in an hour) replaces nothing: the open order stays payable", async () => {
    const buyer = await newUser()
    for (let i = 0; i < 20; i++) tradeOf(await create(buyer.token, i % 2 === 0 ? "alipay" : "wechat"))
    const open = await server.deps.db.select().from(orders).where(and(eq(orders.uid, buyer.uid), eq(orders.status, "paying")))
    expect(open).toHaveLength(1)
    expect(await create(buyer.token, "alipay")).toMatchObject({ code: 429, data: null })
    expect(await statusOf(open[0]!.tradeNo)).toBe("paying")
    expect(await providerState(open[0]!.tradeNo)).not.toBe("CLOSED")
  })
})
