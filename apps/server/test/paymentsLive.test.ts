import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { alipayProvider } from "../src/adapters/payment/alipayProvider.js"
import { fromOutTradeNo, toOutTradeNo } from "../src/adapters/payment/wechatPaySigning.js"
import { wechatPayProvider } from "../src/adapters/payment/wechatPayProvider.js"
import { orders, paymentNotifies, wallets } from "../src/db/schema/commerce.js"
import { closeOwnOrder } from "../src/features/commerce/orderClosing.js"
import { signSandbox } from "../src/features/commerce/payments.js"
import { openTrade, PayMessages } from "../src/features/commerce/liveTrades.js"
import type { Log } from "../src/platform/log.js"
import { qrMatrix } from "../src/platform/qrSvg.js"
import type { RunningServer } from "../src/server.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { type AlipayFake, startAlipayFake } from "./payFakes/alipayGateway.js"
import { paymentsAgainst } from "./payFakes/livePayments.js"
import { startWechatPayFake, type WechatPayFake } from "./payFakes/wechatPayApi.js"
import { testUsers } from "./testUsers.js"
import { startServerWith, testConfig } from "./testServer.js"

/**
 * Alipay 当面付 and WeChat Pay Native against fakes of their gateways (test/payFakes): the purchase
 * QR is the provider's, a verified notify credits once, a forged one changes nothing and alerts,
 * never-scanned trades still close, and answers or requests with a bad signature are refused.
 */
let server: RunningServer
let alipay: AlipayFake
let wechat: WechatPayFake
const warnings: Array<Record<string, unknown>> = []
const errors: Array<Record<string, unknown>> = []
const log: Log = { info: () => {}, warn: (_m, fields) => void warnings.push(fields ?? {}), error: (_m, fields) => void errors.push(fields ?? {}) }

const newUser = testUsers(() => server.deps.db, { phonePrefix: "1360000", nickname: "真付款", inviteCodePrefix: "LV", nidPrefix: "600" })

interface OrderAnswer { code: number; msg: string; data: { trade_no: string; status: string; payable: number; data: string } }
const call = async (path: string, token: string, body?: unknown): Promise<OrderAnswer> => {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return (await response.json()) as OrderAnswer
}
const order = (token: string, payMethod: "alipay" | "wechat", typeId = 2) => call("/api/v1/order/create", token, { type: "points", type_id: typeId, pay_method: payMethod })

/** The QR modules drawn in the order's SVG, to compare with the modules of the provider's QR content. */
const svgPath = (dataUrl: string) => /<path d="([^"]*)"/.exec(Buffer.from(dataUrl.split(",")[1]!, "base64").toString())?.[1]
const qrPath = (text: string) => qrMatrix(text).flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + 4} ${y + 4}h1v1h-1z` : ""))).join("")

const balanceOf = async (uid: number) => (await server.deps.db.select().from(wallets).where(eq(wallets.uid, uid)))[0]?.balance ?? 0
const orderRow = async (tradeNo: string) => (await server.deps.db.select().from(orders).where(eq(orders.tradeNo, tradeNo)))[0]!
const notifyOutcomes = async (tradeNo: string) => (await server.deps.db.select().from(paymentNotifies).where(eq(paymentNotifies.tradeNo, tradeNo))).map((row) => row.outcome)

beforeAll(async () => {
  ;[alipay, wechat] = await Promise.all([startAlipayFake(), startWechatPayFake()])
  server = await startServerWith(testConfig(paymentsAgainst(alipay, wechat)), log)
  await seedCommerce(server.deps.db)
}, 60_000)
afterAll(async () => {
  await server.stop()
  await Promise.all([alipay.close(), wechat.close()])
})

describe("Alipay 当面付", () => {
  it("the purchase QR is Alipay's qr_code; the signed notify credits once, however often it comes", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, "alipay")
    expect(created.code).toBe(0)
    const trade = alipay.trades.get(created.data.trade_no)!
    expect(trade.amountYuan).toBe(created.data.payable.toFixed(2))
    expect(trade.notifyUrl).toBe("http://127.0.0.1/api/pay/alipay/notify")
    expect(svgPath(created.data.data)).toBe(qrPath(trade.qrCode))
    const before = await balanceOf(buyer.uid)
    await alipay.pay(created.data.trade_no, { notifyBase: server.url })
    expect(alipay.notifies.at(-1)!.answer).toEqual({ status: 200, body: "success" })
    const credited = (await balanceOf(buyer.uid)) - before
    expect(credited).toBeGreaterThan(0)
    expect(await alipay.notify(created.data.trade_no, { notifyBase: server.url })).toEqual({ status: 200, body: "success" })
    expect((await balanceOf(buyer.uid)) - before).toBe(credited)
    expect((await call(`/api/v1/order/check?trade_no=${created.data.trade_no}`, buyer.token)).data.status).toBe("success")
    expect(await notifyOutcomes(created.data.trade_no)).toEqual(["paid", "duplicate"])
  })

  it("a forged notify, another app id or another amount changes nothing, is answered fail and alerts", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, "alipay")
    alipay.scan(created.data.trade_no)
    const trade = alipay.trades.get(created.data.trade_no)!
    trade.status = "TRADE_SUCCESS"
    for (const options of [{ forged: true }, { appId: "2021000000009999" }, { amountYuan: "0.01" }]) {
      expect(await alipay.notify(created.data.trade_no, { notifyBase: server.url, ...options })).toEqual({ status: 200, body: "fail" })
    }
    expect((await orderRow(created.data.trade_no)).status).toBe("paying")
    expect(await notifyOutcomes(created.data.trade_no)).toEqual(["bad_signature", "app_mismatch", "amount_mismatch"])
    expect(warnings.filter((fields) => fields.trade_no === created.data.trade_no).map((fields) => fields.alert))
      .toEqual(["payment_notify_bad_signature", "payment_notify_app_mismatch", "payment_notify_amount_mismatch"])
  })

  it("a QR nobody scanned: query and close answer ACQ.TRADE_NOT_EXIST and the order still closes", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, "alipay")
    const seen = alipay.server.requests.length
    const closed = await call(`/api/v1/order/close?trade_no=${created.data.trade_no}`, buyer.token)
    expect(closed.data.status).toBe("closed")
    const methods = alipay.server.requests.slice(seen).map((request) => new URL(request.path, "http://x").searchParams.get("method"))
    expect(methods).toEqual(["alipay.trade.query", "alipay.trade.close"])
  })

  it("a payment whose notify was lost completes when the buyer closes: Alipay's query says paid (R27)", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, "alipay")
    await alipay.pay(created.data.trade_no, { notify: false })
    const closed = await closeOwnOrder({ db: server.deps.db, provider: server.deps.paymentProvider, log, ledgerKey: server.deps.ledgerKey }, buyer.uid, created.data.trade_no, new Date())
    expect(closed?.status).toBe("success")
  })

  it("an answer not signed by Alipay fails the call: the order is refused and closed", async () => {
    const buyer = await newUser()
    alipay.forgeAnswers = true
    try {
      const refused = await order(buyer.token, "alipay", 3)
      expect(refused).toMatchObject({ code: 503, msg: "支付渠道暂时不可用，请稍后再试" })
    } finally {
      alipay.forgeAnswers = false
    }
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.uid, buyer.uid))
    expect(row?.status).toBe("closed")
    expect(errors).toContainEqual(expect.objectContaining({ provider: "alipay", alert: "provider_precreate_failed" }))
  })

  it("R44: a failed precreate abandons its trade number; the retry with the same Idempotency-Key gets a new one and Alipay's QR", async () => {
    const buyer = await newUser()
    const create = async () => {
      const response = await fetch(`${server.url}/api/v1/order/create`, {
        method: "POST",
        headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${buyer.token}`, "Idempotency-Key": "r44-retry-0001" },
        body: JSON.stringify({ type: "points", type_id: 3, pay_method: "alipay" })
      })
      return (await response.json()) as OrderAnswer
    }
    alipay.forgeAnswers = true
    try {
      expect(await create()).toMatchObject({ code: 503 })
    } finally {
      alipay.forgeAnswers = false
    }
    const [abandoned] = await server.deps.db.select().from(orders).where(eq(orders.uid, buyer.uid))
    const retried = await create()
    expect(retried).toMatchObject({ code: 0, data: { status: "paying" } })
    expect(retried.data.trade_no).not.toBe(abandoned!.tradeNo)
    expect(svgPath(retried.data.data)).toBe(qrPath(alipay.trades.get(retried.data.trade_no)!.qrCode))
    expect((await orderRow(abandoned!.tradeNo)).status).toBe("closed")
    // the same key once more is the same (new) order: R45 still holds after the retry
    expect((await create()).data.trade_no).toBe(retried.data.trade_no)
  })

  it("an order Alipay took cannot be paid through the sandbox's notify", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, "alipay")
    const notice = { trade_no: created.data.trade_no, amount_fen: String(Math.round(created.data.payable * 100)), status: "success", nonce: "n1" }
    const response = await fetch(`${server.url}/api/sandbox/notify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...notice, sign: signSandbox(testConfig().secret, notice) }).toString()
    })
    expect(response.status).toBe(400)
    expect((await orderRow(created.data.trade_no)).status).toBe("paying")
    expect(await notifyOutcomes(created.data.trade_no)).toEqual(["other_provider"])
  })

  it("in production a method without a provider is not offered: the order is refused and closed", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, "alipay")
    await server.deps.db.update(orders).set({ provider: null, payQr: null }).where(eq(orders.tradeNo, created.data.trade_no))
    const unconfigured = { db: server.deps.db, log, livePayments: {}, production: true }
    await expect(openTrade(unconfigured, await orderRow(created.data.trade_no), new Date())).rejects.toMatchObject({ msg: PayMessages.notOffered })
    expect((await orderRow(created.data.trade_no)).status).toBe("closed")
  })

  it("a request signed with another key is refused by the gateway", async () => {
    const stranger = alipayProvider({ appId: alipay.appId, privateKey: wechat.merchantPrivateKey, alipayPublicKey: alipay.alipayPublicKey, gateway: `${alipay.server.url}/gateway.do` }, "")
    await expect(stranger.query("MD20260101000000aaaaaaaaaaaaaaaaaaaa")).rejects.toThrow(/isv.invalid-signature/)
    expect(alipay.badSignatures).toContain("alipay.trade.query")
  })
})

describe("WeChat Pay Native", () => {
  it("the purchase QR is WeChat Pay's code_url; the notify, decrypted and verified, credits once", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, "wechat")
    expect(created.code).toBe(0)
    const outTradeNo = toOutTradeNo(created.data.trade_no)
    expect(outTradeNo).toHaveLength(32)
    const trade = wechat.trades.get(outTradeNo)!
    expect(trade.total).toBe(Math.round(created.data.payable * 100))
    expect(svgPath(created.data.data)).toBe(qrPath(trade.codeUrl))
    const before = await balanceOf(buyer.uid)
    await wechat.pay(outTradeNo, { notifyBase: server.url })
    expect(wechat.notifies.at(-1)!.answer.status).toBe(204)
    const credited = (await balanceOf(buyer.uid)) - before
    expect(credited).toBeGreaterThan(0)
    expect((await wechat.notify(outTradeNo, { notifyBase: server.url })).status).toBe(204)
    expect((await balanceOf(buyer.uid)) - before).toBe(credited)
    expect(await notifyOutcomes(created.data.trade_no)).toEqual(["paid", "duplicate"])
  })

  it("a forged signature, a resource not encrypted with the APIv3 key, another appid or amount: 4xx FAIL, nothing changes", async () => {
    const buyer = await newUser()
    const created = await order(buyer.token, "wechat")
    const outTradeNo = toOutTradeNo(created.data.trade_no)
    wechat.trades.get(outTradeNo)!.state = "SUCCESS"
    for (const options of [{ forged: true }, { wrongKey: true }, { appid: "wx0000000000000000" }, { total: 1 }]) {
      const answer = await wechat.notify(outTradeNo, { notifyBase: server.url, ...options })
      expect(answer.status).toBe(400)
      expect(JSON.parse(answer.body)).toEqual({ code: "FAIL", message: "失败" })
    }
    expect((await orderRow(created.data.trade_no)).status).toBe("paying")
    expect(await notifyOutcomes(created.data.trade_no)).toEqual(["app_mismatch", "amount_mismatch"])
    expect(warnings.map((fields) => fields.alert)).toEqual(expect.arrayContaining(["payment_notify_bad_signature", "payment_notify_malformed"]))
  })

  it("closing an unpaid order closes the trade at WeChat Pay (204); a paid one whose notify was lost completes", async () => {
    const buyer = await newUser()
    const unpaid = await order(buyer.token, "wechat", 1)
    expect((await call(`/api/v1/order/close?trade_no=${unpaid.data.trade_no}`, buyer.token)).data.status).toBe("closed")
    expect(wechat.trades.get(toOutTradeNo(unpaid.data.trade_no))!.state).toBe("CLOSED")
    const paid = await order(buyer.token, "wechat", 2)
    await wechat.pay(toOutTradeNo(paid.data.trade_no), { notify: false })
    expect((await call(`/api/v1/order/close?trade_no=${paid.data.trade_no}`, buyer.token)).data.status).toBe("success")
  })

  it("an answer with a bad signature fails the call; a request signed with another key is refused (401 SIGN_ERROR)", async () => {
    const settings = {
      mchId: wechat.mchId, appId: wechat.appId, certSerial: wechat.certSerial, privateKey: wechat.merchantPrivateKey, apiV3Key: wechat.apiV3Key,
      publicKey: wechat.platformPublicKey, publicKeyId: wechat.publicKeyId, baseUrl: wechat.server.url
    }
    wechat.forgeAnswers = true
    try {
      await expect(wechatPayProvider(settings, "").query("MD20260101000000aaaaaaaaaaaaaaaaaaaa")).rejects.toThrow(/answer signature bad_signature/)
    } finally {
      wechat.forgeAnswers = false
    }
    await expect(wechatPayProvider({ ...settings, privateKey: alipay.appPrivateKey }, "").query("MD20260101000000aaaaaaaaaaaaaaaaaaaa")).rejects.toThrow(/HTTP 401/)
    expect(wechat.badSignatures.at(-1)).toMatch(/^GET \/v3\/pay\/transactions\/out-trade-no\//)
  })

  it("out_trade_no: Mido's 36-character trade numbers map to 32 and back", () => {
    const tradeNo = "MD20261127203000a1b2c3d4e5f6a7b8c9d0"
    expect(toOutTradeNo(tradeNo)).toHaveLength(32)
    expect(fromOutTradeNo(toOutTradeNo(tradeNo))).toBe(tradeNo)
    expect(fromOutTradeNo(toOutTradeNo("MD00000101000000ffffffffffffffffffff"))).toBe("MD00000101000000ffffffffffffffffffff")
  })
})
