import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toOutTradeNo } from "../src/adapters/payment/wechatPaySigning.js"
import { beanLedger, orders, wallets } from "../src/db/schema/commerce.js"
import { reconciliationBreaks } from "../src/db/schema/reconciliation.js"
import { orderRefunds } from "../src/db/schema/refunds.js"
import { users } from "../src/db/schema/users.js"
import { auditLedger } from "../src/features/beans/ledgerAudit.js"
import { spendBeans } from "../src/features/beans/beans.js"
import { ORDER_REFUND_KIND, ORDER_REFUND_UNDO_KIND, refundOrder, RefundRefusal, settleProcessingRefunds } from "../src/features/commerce/orderRefunds.js"
import { createOrder } from "../src/features/commerce/orders.js"
import { markPaid } from "../src/features/commerce/payments.js"
import type { RecordAudit } from "../src/features/commerce/refundTakeBack.js"
import { checkStatement } from "../src/features/commerce/statementCheck.js"
import { chinaDate } from "../src/platform/chinaTime.js"
import type { Log } from "../src/platform/log.js"
import type { RunningServer } from "../src/server.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { type AlipayFake, startAlipayFake } from "./payFakes/alipayGateway.js"
import { paymentsAgainst } from "./payFakes/livePayments.js"
import { startWechatPayFake, type WechatPayFake } from "./payFakes/wechatPayApi.js"
import { testUsers } from "./testUsers.js"
import { startServerWith, testConfig } from "./testServer.js"

/**
 * Refunds of paid orders (issue 29): through the sandbox, Alipay and WeChat Pay (against their fakes),
 * the beans and membership the order bought are taken back in one transaction with a ledger row of its
 * own kind (in the HMAC chain); a double click refunds once; spent beans refuse the refund; a refund the
 * provider refuses gives back what was taken; a "processing" refund completes when asked again.
 */
let server: RunningServer
let alipay: AlipayFake
let wechat: WechatPayFake
const log: Log = { info: () => {}, warn: () => {}, error: () => {} }
const audits: Array<{ action: string; targetId: string; before: unknown; after: unknown }> = []
const audit: RecordAudit = async (_tx, entry) => void audits.push(entry)

const newUser = testUsers(() => server.deps.db, { phonePrefix: "1352900", nickname: "退款用户", inviteCodePrefix: "RF", nidPrefix: "2900" })
const deps = () => ({ db: server.deps.db, ledgerKey: server.deps.ledgerKey, provider: server.deps.paymentProvider, log, audit })
const refund = (tradeNo: string, reason = "用户申请退款") => refundOrder(deps(), { tradeNo, actorUid: 1, reason }, new Date())

const balanceOf = async (uid: number) => (await server.deps.db.select().from(wallets).where(eq(wallets.uid, uid)))[0]?.balance ?? 0
const ledgerOf = async (uid: number, kind: string) => server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.uid, uid), eq(beanLedger.kind, kind)))
const refundRow = async (tradeNo: string) => {
  const [order] = await server.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.tradeNo, tradeNo))
  return (await server.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order?.id ?? 0)))[0]
}

/** A paid sandbox order (the provider's books say SUCCESS, the order is granted). */
const sandboxPaid = async (uid: number, type: "plan" | "points", typeId: number) => {
  const { order } = await createOrder(server.deps.db, server.deps.ledgerKey, uid, { type, type_id: typeId, pay_method: "alipay" }, new Date())
  await server.deps.sandboxCashier.recordPayment(order.tradeNo, order.payableFen, new Date())
  expect(await markPaid(server.deps.db, server.deps.ledgerKey, order.tradeNo, new Date())).toBe("paid")
  return order.tradeNo
}

interface OrderAnswer { code: number; data: { trade_no: string } }
/** A paid order of the live provider `method` (the buyer pays at the fake, its notify credits). */
const livePaid = async (token: string, method: "alipay" | "wechat", typeId = 2) => {
  const response = await fetch(`${server.url}/api/v1/order/create`, {
    method: "POST",
    headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: "points", type_id: typeId, pay_method: method })
  })
  const tradeNo = ((await response.json()) as OrderAnswer).data.trade_no
  if (method === "alipay") await alipay.pay(tradeNo, { notifyBase: server.url })
  else await wechat.pay(toOutTradeNo(tradeNo), { notifyBase: server.url })
  return tradeNo
}

beforeAll(async () => {
  ;[alipay, wechat] = await Promise.all([startAlipayFake(), startWechatPayFake()])
  server = await startServerWith(testConfig(paymentsAgainst(alipay, wechat)), log)
  await seedCommerce(server.deps.db)
}, 60_000)
afterAll(async () => {
  await server.stop()
  await Promise.all([alipay.close(), wechat.close()])
})

describe("sandbox refunds", () => {
  it("takes the beans back with an order_refund ledger row in the chain; a second click refunds once; the pay page says 已退款", async () => {
    const buyer = await newUser()
    const tradeNo = await sandboxPaid(buyer.uid, "points", 2)
    expect(await balanceOf(buyer.uid)).toBe(3100)
    expect(await refund(tradeNo)).toMatchObject({ state: "refunded", beansTaken: 3100 })
    expect(await refund(tradeNo)).toMatchObject({ state: "refunded", beansTaken: 3100 })
    expect(await balanceOf(buyer.uid)).toBe(0)
    expect((await ledgerOf(buyer.uid, ORDER_REFUND_KIND)).map((row) => [row.actionAmount, row.balanceAfter])).toEqual([[-3100, 0]])
    expect((await auditLedger(server.deps.db, server.deps.ledgerKey, buyer.uid)).ok).toBe(true)
    expect(audits.filter((entry) => entry.targetId === tradeNo).map((entry) => entry.action)).toEqual(["order.refund"])
    const page = await (await fetch(`${server.url}/api/sandbox/pay?trade_no=${tradeNo}`)).text()
    expect(page).toContain("订单已退款")
  })

  it("a double click at the same instant refunds once", async () => {
    const buyer = await newUser()
    const tradeNo = await sandboxPaid(buyer.uid, "points", 1)
    const answers = await Promise.all([refund(tradeNo), refund(tradeNo)])
    expect(answers.map((answer) => answer.state)).toEqual(["refunded", "refunded"])
    expect(await ledgerOf(buyer.uid, ORDER_REFUND_KIND)).toHaveLength(1)
    expect(await balanceOf(buyer.uid)).toBe(0)
  })

  it("beans already spent: refused with the numbers, nothing moves", async () => {
    const buyer = await newUser()
    const tradeNo = await sandboxPaid(buyer.uid, "points", 1)
    await spendBeans(server.deps.db, server.deps.ledgerKey, { uid: buyer.uid, amount: 100, remark: "AI绘画消耗", kind: "test_spend" })
    const refused = await refund(tradeNo).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(RefundRefusal)
    expect((refused as Error).message).toBe("用户已用掉部分米豆：需收回 600 米豆，当前余额仅 500，无法退款")
    expect(await balanceOf(buyer.uid)).toBe(500)
    expect(await ledgerOf(buyer.uid, ORDER_REFUND_KIND)).toHaveLength(0)
    expect(await refundRow(tradeNo)).toBeUndefined()
  })

  it("a plan: the bonus beans and the plan's days are taken back, the membership ends", async () => {
    const buyer = await newUser()
    const tradeNo = await sandboxPaid(buyer.uid, "plan", 2)
    const [member] = await server.deps.db.select().from(users).where(eq(users.uid, buyer.uid))
    expect(member?.vipLevel).toBe(2)
    expect(await refund(tradeNo)).toMatchObject({ state: "refunded", beansTaken: 3000, vipDaysTaken: 30 })
    const [after] = await server.deps.db.select().from(users).where(eq(users.uid, buyer.uid))
    expect(after?.vipLevel).toBe(0)
    expect(after!.vipExpiredAt!.getTime()).toBeLessThanOrEqual(Date.now())
    expect(await balanceOf(buyer.uid)).toBe(0)
  })

  it("an unpaid order or an empty reason is refused", async () => {
    const buyer = await newUser()
    const { order } = await createOrder(server.deps.db, server.deps.ledgerKey, buyer.uid, { type: "points", type_id: 3, pay_method: "alipay" }, new Date())
    await expect(refund(order.tradeNo)).rejects.toThrow("只有已支付的订单可以退款")
    await expect(refund(order.tradeNo, "  ")).rejects.toThrow("请填写退款原因")
    await expect(refund("MD00000000000000nonexistent")).rejects.toThrow("订单不存在")
  })
})

describe("Alipay refunds (alipay.trade.refund)", () => {
  it("refunds once under its out_request_no: the repeat answers fund_change N and moves no money", async () => {
    const buyer = await newUser()
    const tradeNo = await livePaid(buyer.token, "alipay")
    expect(await refund(tradeNo)).toMatchObject({ state: "refunded" })
    const row = (await server.deps.db.select().from(orderRefunds)).find((entry) => alipay.refunds.has(entry.refundNo))!
    expect(alipay.refunds.get(row.refundNo)?.amountYuan).toBe("30.00")
    expect(await refund(tradeNo)).toMatchObject({ state: "refunded" })
    expect(alipay.fundChanges.filter((no) => no === row.refundNo)).toHaveLength(1)
    expect(await balanceOf(buyer.uid)).toBe(0)
  })

  it("a refund that answers fund_change N (processing) stays processing until the refund query says REFUND_SUCCESS", async () => {
    const buyer = await newUser()
    const tradeNo = await livePaid(buyer.token, "alipay", 1)
    alipay.slowRefunds = true
    try {
      expect(await refund(tradeNo)).toMatchObject({ state: "processing", detail: "支付平台处理中" })
      expect(await balanceOf(buyer.uid)).toBe(0)
      alipay.settleRefunds()
      expect(await refund(tradeNo)).toMatchObject({ state: "refunded" })
    } finally {
      alipay.slowRefunds = false
    }
  })

  it("ACQ.SYSTEM_ERROR is asked again with the same number; a refused refund gives the beans back", async () => {
    const buyer = await newUser()
    const tradeNo = await livePaid(buyer.token, "alipay", 1)
    alipay.refundSystemErrors = 1
    expect(await refund(tradeNo)).toMatchObject({ state: "processing" })
    expect(await refund(tradeNo)).toMatchObject({ state: "refunded" })

    const other = await newUser()
    const closedTrade = await livePaid(other.token, "alipay", 1)
    alipay.trades.get(closedTrade)!.status = "TRADE_CLOSED"
    expect(await refund(closedTrade)).toMatchObject({ state: "failed", detail: "支付宝：交易状态不合法" })
    expect(await balanceOf(other.uid)).toBe(600)
    expect((await ledgerOf(other.uid, ORDER_REFUND_UNDO_KIND)).map((entry) => entry.actionAmount)).toEqual([600])
    expect((await auditLedger(server.deps.db, server.deps.ledgerKey, other.uid)).ok).toBe(true)
  })

  it("the statement check records no break for an order refunded (Alipay's query then says TRADE_CLOSED)", async () => {
    const buyer = await newUser()
    const tradeNo = await livePaid(buyer.token, "alipay", 1)
    expect(await refund(tradeNo)).toMatchObject({ state: "refunded" })
    await checkStatement({ db: server.deps.db, provider: server.deps.paymentProvider, log, ledgerKey: server.deps.ledgerKey }, chinaDate(new Date()), new Date())
    expect(await server.deps.db.select().from(reconciliationBreaks).where(eq(reconciliationBreaks.tradeNo, tradeNo))).toEqual([])
  })
})

describe("WeChat Pay refunds (POST /v3/refund/domestic/refunds)", () => {
  it("PROCESSING first, SUCCESS when asked again later; one refund under its out_refund_no", async () => {
    const buyer = await newUser()
    const tradeNo = await livePaid(buyer.token, "wechat")
    expect(await refund(tradeNo)).toMatchObject({ state: "processing" })
    expect(await refund(tradeNo)).toMatchObject({ state: "processing" })
    wechat.settleRefunds()
    expect(await refund(tradeNo)).toMatchObject({ state: "refunded" })
    expect([...wechat.refunds.values()].filter((entry) => entry.outTradeNo === toOutTradeNo(tradeNo))).toHaveLength(1)
    expect(await balanceOf(buyer.uid)).toBe(0)
  })

  it("403 NOT_ENOUGH refuses and gives back; asking again later takes back again and refunds", async () => {
    const buyer = await newUser()
    const tradeNo = await livePaid(buyer.token, "wechat", 1)
    wechat.notEnough = true
    try {
      expect(await refund(tradeNo)).toMatchObject({ state: "failed", detail: "微信支付：基本账户余额不足，请充值后重新发起" })
    } finally {
      wechat.notEnough = false
    }
    expect(await balanceOf(buyer.uid)).toBe(600)
    wechat.settleRefunds()
    expect(await refund(tradeNo)).toMatchObject({ state: "processing" })
    expect(await balanceOf(buyer.uid)).toBe(0)
    expect((await ledgerOf(buyer.uid, ORDER_REFUND_KIND)).map((entry) => entry.ref)).toEqual([`${tradeNo}#1`, `${tradeNo}#2`])
    // the refunds job asks again about processing refunds once WeChat Pay has paid them back
    wechat.settleRefunds()
    expect(await settleProcessingRefunds(deps(), new Date(), 0)).toBeGreaterThanOrEqual(1)
    expect((await refundRow(tradeNo))?.state).toBe("refunded")
    expect((await auditLedger(server.deps.db, server.deps.ledgerKey, buyer.uid)).ok).toBe(true)
  })
})
