import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger, orderFulfilments, orders, paymentNotifies, wallets } from "../src/db/schema/commerce.js"
import { users } from "../src/db/schema/users.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { signSandbox } from "../src/features/commerce/payments.js"
import { buildApp } from "../src/app.js"
import { testUsers } from "./testUsers.js"
import { startTestServer, testConfig, type TestServer } from "./testServer.js"

/** The sandbox provider: pay page, signed notify, amount check, idempotent fulfilment (R24–R27, R35, R38). */
let server: TestServer
const SECRET = testConfig().secret

const newUser = testUsers(() => server.deps.db, { phonePrefix: "1350000", nickname: "付款用户", inviteCodePrefix: "SB", nidPrefix: "500" })

const order = async (token: string, body: Record<string, unknown>) => {
  const answer = await server.request("POST", "/api/v1/order/create", { pay_method: "alipay", ...body }, token)
  expect(answer.code).toBe(0)
  return answer.data as { trade_no: string; status: string; payable: number; data: string }
}

const payPage = async (tradeNo: string) => fetch(`${server.url}/api/sandbox/pay?trade_no=${tradeNo}`)

/** The hidden fields of the pay page's form whose button says `label`. */
const formFields = (html: string, label: string): Record<string, string> => {
  const form = html.split("<form").find((part) => part.includes(label))
  if (form === undefined) throw new Error(`no form with ${label}`)
  return Object.fromEntries([...form.matchAll(/name="([a-z_]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]))
}

const notify = async (fields: Record<string, string>, accept = "*/*") =>
  fetch(`${server.url}/api/sandbox/notify`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept }, body: new URLSearchParams(fields).toString() })

const press = async (tradeNo: string, label: "模拟支付成功" | "模拟支付失败") => notify(formFields(await (await payPage(tradeNo)).text(), label))

const signed = (tradeNo: string, amountFen: string, status: string, nonce = "n1") => {
  const notice = { trade_no: tradeNo, amount_fen: amountFen, status, nonce }
  return { ...notice, sign: signSandbox(SECRET, notice) }
}

const balanceOf = async (uid: number) => (await server.deps.db.select().from(wallets).where(eq(wallets.uid, uid)))[0]?.balance ?? 0
const statusOf = async (tradeNo: string) => (await server.deps.db.select().from(orders).where(eq(orders.tradeNo, tradeNo)))[0]?.status
const check = async (token: string, tradeNo: string) => server.request("GET", `/api/v1/order/check?trade_no=${tradeNo}`, undefined, token)

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

describe("the sandbox pay page", () => {
  it("shows the amount and the two buttons in Chinese; the QR points at it", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "points", type_id: 2 })
    const svg = Buffer.from(created.data.split(",")[1]!, "base64").toString()
    expect(svg).toContain("<path")
    const response = await payPage(created.trade_no)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain("30.00")
    expect(html).toContain("模拟支付成功")
    expect(html).toContain("模拟支付失败")
    expect(formFields(html, "模拟支付成功")).toMatchObject({ trade_no: created.trade_no, amount_fen: "3000", status: "success" })
  })

  it("answers 404 for an unknown order", async () => {
    expect((await payPage("MDnotarealorder")).status).toBe(404)
    expect((await payPage("<script>")).status).toBe(404)
  })

  it("is not served in production", async () => {
    const production = buildApp({ ...server.deps, config: { ...server.deps.config, production: true } })
    expect((await production.request("/api/sandbox/pay?trade_no=MD123456")).status).toBe(404)
    expect((await production.request("/api/sandbox/notify", { method: "POST", body: "x=1" })).status).toBe(404)
  })
})

describe("the signed notify (R24–R26, R38)", () => {
  it("pay: a points order credits its beans once and the order reads success", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "points", type_id: 2 })
    const response = await press(created.trade_no, "模拟支付成功")
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("success")
    expect(await check(buyer.token, created.trade_no)).toMatchObject({ code: 0, data: { status: "success", claim: false } })
    expect(await balanceOf(buyer.uid)).toBe(3100)
    const points = await server.request("GET", "/api/v1/user/points", undefined, buyer.token)
    expect(points).toMatchObject({ data: { balance: 3100, today_consumed: 0 } })
    const list = await server.request("GET", "/api/v1/user/coin/list?page=1&size=50", undefined, buyer.token)
    expect(list).toMatchObject({ data: { total: 1, list: [{ remark: "购买3000米豆（加赠100）", action_amount: 3100 }] } })
    expect(await (await payPage(created.trade_no)).text()).not.toContain("模拟支付成功")
  })

  it("a browser gets a Chinese result page", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "points", type_id: 1 })
    const fields = formFields(await (await payPage(created.trade_no)).text(), "模拟支付成功")
    const response = await notify(fields, "text/html")
    expect(await response.text()).toContain("支付成功")
  })

  it("one notify delivered 5 times at once is credited once (R26)", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "points", type_id: 3 })
    const fields = formFields(await (await payPage(created.trade_no)).text(), "模拟支付成功")
    const responses = await Promise.all(Array.from({ length: 5 }, () => notify(fields)))
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200])
    expect(await Promise.all(responses.map((response) => response.text()))).toEqual(["success", "success", "success", "success", "success"])
    const entries = await server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.kind, "order"), eq(beanLedger.ref, created.trade_no)))
    expect(entries).toHaveLength(1)
    expect(await balanceOf(buyer.uid)).toBe(7300)
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.tradeNo, created.trade_no))
    expect(await server.deps.db.select().from(orderFulfilments).where(eq(orderFulfilments.orderId, row!.id))).toHaveLength(1)
    const outcomes = (await server.deps.db.select().from(paymentNotifies).where(eq(paymentNotifies.tradeNo, created.trade_no))).map((n) => n.outcome).sort()
    expect(outcomes).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "paid"])
  })

  it("a bad signature is refused and changes nothing", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "points", type_id: 2 })
    const fields = formFields(await (await payPage(created.trade_no)).text(), "模拟支付成功")
    for (const forged of [{ ...fields, sign: "0".repeat(64) }, { ...fields, amount_fen: "1" }, { ...fields, sign: "" }]) {
      const response = await notify(forged)
      expect(response.status).toBe(400)
      expect(await response.text()).toBe("fail")
    }
    expect(await statusOf(created.trade_no)).toBe("paying")
    expect(await balanceOf(buyer.uid)).toBe(0)
    const logged = await server.deps.db.select().from(paymentNotifies).where(eq(paymentNotifies.tradeNo, created.trade_no))
    expect(logged.map((n) => [n.sigOk, n.outcome])).toEqual([[false, "bad_signature"], [false, "bad_signature"], [false, "bad_signature"]])
  })

  it("a validly signed notify with the wrong amount is refused and logged", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "points", type_id: 2 })
    const response = await notify(signed(created.trade_no, "1", "success"))
    expect(response.status).toBe(400)
    expect(await statusOf(created.trade_no)).toBe("paying")
    expect(await balanceOf(buyer.uid)).toBe(0)
    const [logged] = await server.deps.db.select().from(paymentNotifies).where(eq(paymentNotifies.tradeNo, created.trade_no))
    expect(logged).toMatchObject({ sigOk: true, amountOk: false, outcome: "amount_mismatch" })
    expect((await notify(signed("MDnosuchorder000", "3000", "success"))).status).toBe(400)
    expect((await notify(signed(created.trade_no, "3000", "refunded"))).status).toBe(400)
  })

  it("fail: the order fails, frees its coupon, and grants nothing", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "plan", type_id: 2, coupon_code: "MIDO90" })
    expect((await press(created.trade_no, "模拟支付失败")).status).toBe(200)
    expect(await check(buyer.token, created.trade_no)).toMatchObject({ data: { status: "fail" } })
    expect(await server.request("GET", "/api/v1/order/coupon?code=MIDO90", undefined, buyer.token)).toMatchObject({ data: { status: "unused" } })
    expect((await server.deps.db.select().from(users).where(eq(users.uid, buyer.uid)))[0]?.vipLevel).toBe(0)
  })

  it("a payment that arrives after close is still granted, once, and marked late (R27)", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, { type: "points", type_id: 1 })
    const fields = formFields(await (await payPage(created.trade_no)).text(), "模拟支付成功")
    expect(await server.request("GET", `/api/v1/order/close?trade_no=${created.trade_no}`, undefined, buyer.token)).toMatchObject({ data: { status: "closed" } })
    expect((await notify(fields)).status).toBe(200)
    expect(await statusOf(created.trade_no)).toBe("success")
    expect(await balanceOf(buyer.uid)).toBe(600)
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.tradeNo, created.trade_no))
    expect((await server.deps.db.select().from(orderFulfilments).where(eq(orderFulfilments.orderId, row!.id)))[0]?.late).toBe(true)
  })
})

describe("what a payment grants", () => {
  it("a plan raises the level and extends from the current expiry; bonus beans are credited", async () => {
    const expiry = new Date(Date.now() + 10 * 86_400_000)
    const buyer = await newUser({ vipLevel: 2, vipExpiredAt: expiry })
    const created = await order(buyer.token, { type: "plan", type_id: 3 })
    expect(created.payable).toBe(298)
    await press(created.trade_no, "模拟支付成功")
    const [user] = await server.deps.db.select().from(users).where(eq(users.uid, buyer.uid))
    expect(user?.vipLevel).toBe(3)
    expect(user!.vipExpiredAt!.getTime() - expiry.getTime()).toBe(365 * 86_400_000)
    expect(await balanceOf(buyer.uid)).toBe(40000)
    // a lower plan extends but never lowers an active level
    const monthly = await order(buyer.token, { type: "plan", type_id: 2 })
    await press(monthly.trade_no, "模拟支付成功")
    const [after] = await server.deps.db.select().from(users).where(eq(users.uid, buyer.uid))
    expect(after?.vipLevel).toBe(3)
    expect(after!.vipExpiredAt!.getTime() - expiry.getTime()).toBe(395 * 86_400_000)
  })

  it("an expired member's plan starts from now", async () => {
    const buyer = await newUser({ vipLevel: 3, vipExpiredAt: new Date(Date.now() - 30 * 86_400_000) })
    const created = await order(buyer.token, { type: "plan", type_id: 2 })
    await press(created.trade_no, "模拟支付成功")
    const [user] = await server.deps.db.select().from(users).where(eq(users.uid, buyer.uid))
    expect(user?.vipLevel).toBe(2)
    expect(Math.round((user!.vipExpiredAt!.getTime() - Date.now()) / 86_400_000)).toBe(30)
  })

  it("the inviter is rewarded once, on the invitee's first paid order (R35)", async () => {
    const inviter = await newUser()
    const invitee = await newUser({ invitedBy: inviter.uid })
    const claim = await order(invitee.token, { type: "plan", type_id: 1, coupon_code: "PLAN50" })
    expect(claim.status).toBe("success")
    expect(await balanceOf(inviter.uid)).toBe(0)
    const first = await order(invitee.token, { type: "points", type_id: 1 })
    await press(first.trade_no, "模拟支付成功")
    expect(await balanceOf(inviter.uid)).toBe(500)
    const second = await order(invitee.token, { type: "points", type_id: 2 })
    await press(second.trade_no, "模拟支付成功")
    expect(await balanceOf(inviter.uid)).toBe(500)
    const rewards = await server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.uid, inviter.uid), eq(beanLedger.kind, "invite_reward")))
    expect(rewards.map((entry) => entry.actionAmount)).toEqual([500])
  })
})
