import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger, orderFulfilments, orders, wallets } from "../src/db/schema/commerce.js"
import { orderReconciliation, reconciliationBreaks } from "../src/db/schema/reconciliation.js"
import { users } from "../src/db/schema/users.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { closeExpiredOrders, reconcilePendingOrders } from "../src/features/commerce/orderReconciliation.js"
import type { PaymentProvider } from "../src/adapters/payment/paymentProviderPort.js"
import { chinaDate } from "../src/platform/chinaTime.js"
import { sandboxProvider, sandboxRecordPayment } from "../src/adapters/payment/sandboxProvider.js"
import { checkStatement, nextChinaHour } from "../src/features/commerce/statementCheck.js"
import { ORDER_CHECKS_PER_MINUTE } from "../src/features/commerce/rateWindows.js"
import { silentLog } from "../src/platform/log.js"
import { PAY, sandboxPayFixtures } from "./sandboxPayFixtures.js"
import { testUsers } from "./testUsers.js"
import { startTestServer, type TestServer } from "./testServer.js"

/**
 * R27, R28: orders are completed or closed without a notify — by provider queries at 2, 5 and 10
 * minutes, before any close, and by the daily statement check. The jobs run on an injected clock.
 */
let server: TestServer
const MINUTE = 60_000

const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370000", nickname: "对账用户", inviteCodePrefix: "RC", nidPrefix: "700" })

interface Created {
  readonly trade_no: string
  readonly status: string
  readonly createdAt: Date
}

/** A points order through the API; `createdAt` is the server's time of creation, the jobs' clock starts there. */
const order = async (token: string, body: Record<string, unknown> = { type: "points", type_id: 2 }): Promise<Created> => {
  const answer = await server.request("POST", "/api/v1/order/create", { pay_method: "alipay", ...body }, token)
  expect(answer.code).toBe(0)
  const created = answer.data as { trade_no: string; status: string }
  return { ...created, createdAt: (await row(created.trade_no)).createdAt }
}

const row = async (tradeNo: string) => (await server.deps.db.select().from(orders).where(eq(orders.tradeNo, tradeNo)))[0]!
const balanceOf = async (uid: number) => (await server.deps.db.select().from(wallets).where(eq(wallets.uid, uid)))[0]?.balance ?? 0
const creditsFor = async (tradeNo: string) => server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.kind, "order"), eq(beanLedger.ref, tradeNo)))
const after = (created: Created, ms: number) => new Date(created.createdAt.getTime() + ms)

const { formOf, press, payWithoutNotify, providerState } = sandboxPayFixtures(() => server)

const jobDeps = (provider?: PaymentProvider) => ({ db: server.deps.db, log: silentLog, provider: provider ?? sandboxProvider(server.deps.db), ledgerKey: server.deps.ledgerKey })

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

describe("R28: a payment whose notify never arrived", () => {
  it("the provider knows it, the order does not; the 2-minute query completes it and credits once", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token)
    await payWithoutNotify(created.trade_no)
    expect(await providerState(created.trade_no)).toBe("SUCCESS")
    expect((await row(created.trade_no)).status).toBe("paying")
    expect(await balanceOf(buyer.uid)).toBe(0)

    expect(await reconcilePendingOrders(jobDeps(), after(created, MINUTE))).toMatchObject({ paid: 0 })
    expect((await row(created.trade_no)).status).toBe("paying")
    expect(await reconcilePendingOrders(jobDeps(), after(created, 2 * MINUTE + 1000))).toMatchObject({ paid: 1 })
    const paid = await row(created.trade_no)
    expect(paid.status).toBe("success")
    expect(await balanceOf(buyer.uid)).toBe(3100)
    expect(await creditsFor(created.trade_no)).toHaveLength(1)
    // paid at the provider within the 15 minutes: not a late payment
    expect((await server.deps.db.select().from(orderFulfilments).where(eq(orderFulfilments.orderId, paid.id)))[0]?.late).toBe(false)
    expect(await server.request("GET", `/api/v1/order/check?trade_no=${created.trade_no}`, undefined, buyer.token)).toMatchObject({ code: 0, data: { status: "success" } })

    // later checkpoints and the close job find nothing more to do
    await reconcilePendingOrders(jobDeps(), after(created, 10 * MINUTE))
    await closeExpiredOrders(jobDeps(), after(created, 16 * MINUTE))
    expect(await creditsFor(created.trade_no)).toHaveLength(1)
    expect(await balanceOf(buyer.uid)).toBe(3100)
  })

  it("the job run twice concurrently (and with the close job) still credits once", async () => {
    const buyer = await newUser()
    const first = await order(buyer.token, { type: "points", type_id: 1 })
    const second = await order(buyer.token, { type: "points", type_id: 3 })
    await payWithoutNotify(first.trade_no)
    await payWithoutNotify(second.trade_no)
    const at = after(second, 5 * MINUTE + 1000)
    await Promise.all([reconcilePendingOrders(jobDeps(), at), reconcilePendingOrders(jobDeps(), at)])
    const late = after(second, 16 * MINUTE)
    await Promise.all([reconcilePendingOrders(jobDeps(), late), closeExpiredOrders(jobDeps(), late), closeExpiredOrders(jobDeps(), late)])
    expect((await row(first.trade_no)).status).toBe("success")
    expect((await row(second.trade_no)).status).toBe("success")
    expect(await creditsFor(first.trade_no)).toHaveLength(1)
    expect(await creditsFor(second.trade_no)).toHaveLength(1)
    expect(await balanceOf(buyer.uid)).toBe(600 + 7300)
  })

  it("an unpaid order is queried at 2, 5 and 10 minutes, once each, however often the job runs", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token)
    const base = sandboxProvider(server.deps.db)
    const asked: Array<string> = []
    const counting: PaymentProvider = { ...base, query: (tradeNo) => (tradeNo === created.trade_no && asked.push(tradeNo), base.query(tradeNo)) }
    for (const minutes of [1, 2, 3, 4, 5, 6, 9, 10, 11, 14]) {
      await Promise.all([reconcilePendingOrders(jobDeps(counting), after(created, minutes * MINUTE)), reconcilePendingOrders(jobDeps(counting), after(created, minutes * MINUTE))])
    }
    expect(asked).toHaveLength(3)
    const [tracked] = await server.deps.db.select().from(orderReconciliation).where(eq(orderReconciliation.orderId, (await row(created.trade_no)).id))
    expect(tracked).toMatchObject({ queries: 3, lastState: "unpaid" })
    expect((await row(created.trade_no)).status).toBe("paying")
  })

  it("a paid answer for another amount is not granted: the order stays open and a break is recorded", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token)
    const base = sandboxProvider(server.deps.db)
    const lying: PaymentProvider = {
      ...base,
      query: async (tradeNo) => (tradeNo === created.trade_no ? { state: "paid", amountFen: 1, paidAt: created.createdAt, providerTxnId: "SBXfake" } : base.query(tradeNo))
    }
    await reconcilePendingOrders(jobDeps(lying), after(created, 3 * MINUTE))
    expect((await row(created.trade_no)).status).toBe("paying")
    expect(await balanceOf(buyer.uid)).toBe(0)
    const breaks = await server.deps.db.select().from(reconciliationBreaks).where(eq(reconciliationBreaks.tradeNo, created.trade_no))
    expect(breaks).toMatchObject([{ kind: "amount_mismatch", providerAmountFen: 1, orderAmountFen: 3000 }])
  })
})

describe("R28/R27: closing after the 15 minutes, provider first", () => {
  it("an unpaid order is closed by the job after its timeout, not before; the provider closes it too", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "plan", type_id: 2, coupon_code: "MIDO90" })
    await closeExpiredOrders(jobDeps(), after(created, 14 * MINUTE))
    expect((await row(created.trade_no)).status).toBe("paying")
    await closeExpiredOrders(jobDeps(), after(created, 15 * MINUTE + 1000))
    expect((await row(created.trade_no)).status).toBe("timeout")
    expect(await providerState(created.trade_no)).toBe("CLOSED")
    // the coupon is free again, nothing was granted, and the provider refuses a late pay press
    expect(await server.request("GET", "/api/v1/order/coupon?code=MIDO90", undefined, buyer.token)).toMatchObject({ data: { status: "unused" } })
    expect(await server.request("GET", `/api/v1/order/check?trade_no=${created.trade_no}`, undefined, buyer.token)).toMatchObject({ data: { status: "timeout" } })
    expect((await server.deps.db.select().from(users).where(eq(users.uid, buyer.uid)))[0]?.vipLevel).toBe(0)
  })

  it("a payment that won the race with the close is completed, not closed (R27 ORDERPAID)", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token)
    await payWithoutNotify(created.trade_no)
    const base = sandboxProvider(server.deps.db)
    let queries = 0
    // the first query answers before the payment landed; the close then meets the paid trade
    const racing: PaymentProvider = { ...base, query: async (tradeNo) => (++queries === 1 ? { state: "unpaid" } : base.query(tradeNo)) }
    await closeExpiredOrders(jobDeps(racing), after(created, 16 * MINUTE))
    expect(queries).toBe(2)
    expect((await row(created.trade_no)).status).toBe("success")
    expect(await providerState(created.trade_no)).toBe("SUCCESS")
    expect(await creditsFor(created.trade_no)).toHaveLength(1)
  })

  it("order/close by the buyer closes at the provider first; a later pay press is refused", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token)
    const payForm = await formOf(created.trade_no, PAY)
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${created.trade_no}`, undefined, buyer.token)).toMatchObject({ code: 0, data: { status: "closed" } })
    expect(await providerState(created.trade_no)).toBe("CLOSED")
    const pressed = await press(payForm)
    expect(pressed.status).toBe(409)
    expect(await pressed.text()).toContain("订单已关闭")
    expect((await row(created.trade_no)).status).toBe("closed")
    expect(await balanceOf(buyer.uid)).toBe(0)
  })

  it("order/close of an order paid without a notify answers success and credits once", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token)
    await payWithoutNotify(created.trade_no)
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${created.trade_no}`, undefined, buyer.token)).toMatchObject({ code: 0, data: { status: "success" } })
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${created.trade_no}`, undefined, buyer.token)).toMatchObject({ code: 0, data: { status: "success" } })
    expect(await creditsFor(created.trade_no)).toHaveLength(1)
    expect(await balanceOf(buyer.uid)).toBe(3100)
  })
})

describe("R28: the daily statement check", () => {
  it("records each kind of mismatch once, completes a paid order the server missed, and passes matching ones", async () => {
    const buyer = await newUser()
    const matching = await order(buyer.token, { type: "points", type_id: 1 })
    expect((await press(await formOf(matching.trade_no, PAY))).status).toBe(200)
    expect((await row(matching.trade_no)).status).toBe("success")

    // paid at the provider, but the order timed out here (the notify and every query were lost)
    const missed = await order(buyer.token, { type: "points", type_id: 2 })
    await payWithoutNotify(missed.trade_no)
    await server.deps.db.update(orders).set({ status: "timeout", closedAt: new Date() }).where(eq(orders.tradeNo, missed.trade_no))

    // marked paid here with nothing at the provider (a notify that never came from its books)
    const unbacked = await order(buyer.token, { type: "points", type_id: 3 })
    await server.deps.db.update(orders).set({ status: "success", paidAt: new Date() }).where(eq(orders.tradeNo, unbacked.trade_no))

    await sandboxRecordPayment(server.deps.db, "MDUNKNOWN0000000000001", 990, new Date())

    const now = new Date()
    const summary = await checkStatement(jobDeps(), chinaDate(now), now)
    expect(summary.breaks).toBeGreaterThanOrEqual(3)
    const breaks = await server.deps.db.select().from(reconciliationBreaks)
    const kindOf = (tradeNo: string) => breaks.filter((entry) => entry.tradeNo === tradeNo).map((entry) => entry.kind)
    expect(kindOf(matching.trade_no)).toEqual([])
    expect(kindOf(missed.trade_no)).toEqual(["paid_not_fulfilled"])
    expect(kindOf(unbacked.trade_no)).toEqual(["fulfilled_not_paid"])
    expect(kindOf("MDUNKNOWN0000000000001")).toEqual(["unknown_trade"])
    // the missed payment is granted once, as a late payment (R27: never dropped)
    expect((await row(missed.trade_no)).status).toBe("success")
    expect(await creditsFor(missed.trade_no)).toHaveLength(1)

    const again = await checkStatement(jobDeps(), chinaDate(now), now)
    expect(again.breaks).toBe(0)
    expect(await server.deps.db.select().from(reconciliationBreaks)).toHaveLength(breaks.length)
    expect(await creditsFor(missed.trade_no)).toHaveLength(1)
  })

  it("runs at 03:00 China time", () => {
    expect(nextChinaHour(new Date("2026-03-01T18:59:00Z"), 3).toISOString()).toBe("2026-03-01T19:00:00.000Z")
    expect(nextChinaHour(new Date("2026-03-01T19:00:00Z"), 3).toISOString()).toBe("2026-03-02T19:00:00.000Z")
    expect(nextChinaHour(new Date("2026-03-01T03:00:00Z"), 3).toISOString()).toBe("2026-03-01T19:00:00.000Z")
  })
})

describe("R29: the status poll is a rate-limited read", () => {
  it("200 polls in a minute from one user → 429 past the limit, and the order row is unchanged", async () => {
    const buyer = await newUser()
    const other = await newUser()
    const created = await order(buyer.token)
    const before = await row(created.trade_no)
    const answers: Array<{ code: number; msg: string }> = []
    for (let batch = 0; batch < 10; batch++) {
      answers.push(...(await Promise.all(Array.from({ length: 20 }, () => server.request("GET", `/api/v1/order/check?trade_no=${created.trade_no}`, undefined, buyer.token)))))
    }
    const refused = answers.filter((answer) => answer.code === 429)
    // one fixed window of 60, or two if the run straddles a minute boundary
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(ORDER_CHECKS_PER_MINUTE)
    expect(answers.length - refused.length).toBeLessThanOrEqual(2 * ORDER_CHECKS_PER_MINUTE)
    expect(refused[0]).toMatchObject({ msg: "查询订单太频繁，请稍后再试" })
    expect(await row(created.trade_no)).toEqual(before)
    // the limit is the poller's own: another user polls freely
    const otherOrder = await order(other.token)
    expect(await server.request("GET", `/api/v1/order/check?trade_no=${otherOrder.trade_no}`, undefined, other.token)).toMatchObject({ code: 0, data: { status: "paying" } })
  })
})
