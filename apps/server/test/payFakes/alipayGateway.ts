import { createSign, createVerify, randomBytes } from "node:crypto"
import { chinaDateTime } from "../../src/platform/chinaTime.js"
import { deliver, type PayAnswer, type PayFakeServer, type PayRequest, rsaKeyPair, startPayFakeServer } from "./fakeHttp.js"

/**
 * A fake of Alipay's OpenAPI gateway (gateway.do) for 当面付, built from the official SDK's own code
 * (alipay/alipay-sdk-nodejs-all src/util.ts `sign`: every parameter but `sign`, sorted, k=v joined by
 * &, RSA-SHA256; src/alipay.ts `#formatExecHttpResponse`/`getSignStr`: the answer is
 * {"<method>_response":{…},"sign":…} with the sign over the exact JSON text of the inner object) and
 * the docs (opendocs.alipay.com: alipay.trade.precreate / query / close, 异步通知 where the notify is
 * signed over every field but sign and sign_type). Behaviours that hurt: a precreated QR nobody
 * scanned is no trade at all — query and close answer 40004 ACQ.TRADE_NOT_EXIST; a paid trade cannot
 * be closed (ACQ.TRADE_STATUS_ERROR); a wrongly signed request is refused (40002
 * isv.invalid-signature); Alipay repeats a notify until it reads "success".
 * Refunds (opendocs alipay.trade.refund, alipay.trade.fastpay.refund.query): only a TRADE_SUCCESS trade
 * is refunded (else ACQ.TRADE_STATUS_ERROR), never beyond what was paid (ACQ.REASON_TRADE_REFUND_FEE_ERR);
 * the same out_request_no again moves no money and answers fund_change "N"; a full refund turns the trade
 * TRADE_CLOSED (so a later query of a refunded order says closed); with `slowRefunds` a refund is accepted
 * with fund_change "N" and the refund query shows no refund_status until `settleRefunds()`; with
 * `refundSystemErrors` n calls answer ACQ.SYSTEM_ERROR ("请使用相同的参数再次调用") without refunding.
 */
export interface AlipayTrade {
  readonly outTradeNo: string
  readonly amountYuan: string
  readonly subject: string
  readonly notifyUrl: string
  readonly qrCode: string
  /** undefined until the payer scans: Alipay has no trade before that */
  status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED" | undefined
  alipayTradeNo: string
  paidAt?: Date
}

export interface AlipayRefund {
  readonly outTradeNo: string
  readonly outRequestNo: string
  readonly amountYuan: string
  done: boolean
}

export interface AlipayFake {
  readonly server: PayFakeServer
  readonly appId: string
  /** what Mido is configured with: its app private key and Alipay's public key */
  readonly appPrivateKey: string
  readonly alipayPublicKey: string
  readonly trades: Map<string, AlipayTrade>
  /** requests whose signature did not verify (each was refused) */
  readonly badSignatures: string[]
  /** the notifies sent, with Mido's answers */
  readonly notifies: Array<{ readonly fields: Record<string, string>; readonly answer: { status: number; body: string } }>
  /** answers signed with another key from now on (a forged gateway) */
  forgeAnswers: boolean
  /** refunds by out_request_no; `fundChanges` counts the calls that moved money */
  readonly refunds: Map<string, AlipayRefund>
  readonly fundChanges: string[]
  slowRefunds: boolean
  refundSystemErrors: number
  /** every accepted refund is now done (the slow refunds finish) */
  readonly settleRefunds: () => void
  /** the payer scans the QR (the trade now exists, WAIT_BUYER_PAY) */
  readonly scan: (outTradeNo: string) => void
  /** the payer pays; the notify goes to `notifyBase` + the notify_url's path unless `notify` is false */
  readonly pay: (outTradeNo: string, options?: { notify?: boolean; notifyBase?: string; amountYuan?: string; appId?: string }) => Promise<void>
  /** a notify of this trade, signed (by Alipay or, with `forged`, by another key), delivered again */
  readonly notify: (outTradeNo: string, options?: { notifyBase?: string; forged?: boolean; amountYuan?: string; appId?: string }) => Promise<{ status: number; body: string }>
  readonly close: () => Promise<void>
}

const signText = (privateKey: string, text: string) => createSign("RSA-SHA256").update(text, "utf8").sign(privateKey, "base64")
const sortedPairs = (fields: Record<string, string>, skip: ReadonlyArray<string>) =>
  Object.keys(fields).filter((key) => !skip.includes(key)).sort().map((key) => `${key}=${fields[key]}`).join("&")

export const startAlipayFake = async (): Promise<AlipayFake> => {
  const app = rsaKeyPair("pkcs1")
  const alipay = rsaKeyPair("pkcs8")
  const forger = rsaKeyPair("pkcs8")
  const appId = "2021000000000001"
  const trades = new Map<string, AlipayTrade>()
  const badSignatures: string[] = []
  const notifies: AlipayFake["notifies"] = []
  const state = { forgeAnswers: false, slowRefunds: false, refundSystemErrors: 0 }
  const refunds = new Map<string, AlipayRefund>()
  const fundChanges: string[] = []

  const answer = (method: string, inner: Record<string, unknown>): PayAnswer => {
    const innerText = JSON.stringify(inner)
    const sign = signText(state.forgeAnswers ? forger.privateKey : alipay.privateKey, innerText)
    return { status: 200, headers: { "content-type": "application/json;charset=utf-8" }, body: `{"${method.replaceAll(".", "_")}_response":${innerText},"sign":"${sign}"}` }
  }
  const notExist = { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" }

  const refunded = (outTradeNo: string) =>
    [...refunds.values()].filter((entry) => entry.outTradeNo === outTradeNo).reduce((total, entry) => total + Math.round(Number(entry.amountYuan) * 100), 0)

  const refund = (method: string, biz: Record<string, string>, trade: AlipayTrade | undefined): PayAnswer => {
    if (state.refundSystemErrors > 0) {
      state.refundSystemErrors -= 1
      return answer(method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.SYSTEM_ERROR", sub_msg: "系统错误" })
    }
    const requestNo = biz.out_request_no ?? biz.out_trade_no ?? ""
    const again = refunds.get(requestNo)
    const base = { code: "10000", msg: "Success", trade_no: trade?.alipayTradeNo, out_trade_no: biz.out_trade_no, buyer_logon_id: "159****0001" }
    if (again !== undefined) return answer(method, { ...base, fund_change: "N", refund_fee: again.amountYuan })
    if (trade === undefined || trade.status === undefined) return answer(method, notExist)
    if (trade.status !== "TRADE_SUCCESS") return answer(method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" })
    const paidFen = Math.round(Number(trade.amountYuan) * 100)
    const askedFen = Math.round(Number(biz.refund_amount) * 100)
    if (!(askedFen > 0) || refunded(trade.outTradeNo) + askedFen > paidFen) {
      return answer(method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.REASON_TRADE_REFUND_FEE_ERR", sub_msg: "退款金额无效" })
    }
    refunds.set(requestNo, { outTradeNo: trade.outTradeNo, outRequestNo: requestNo, amountYuan: biz.refund_amount!, done: !state.slowRefunds })
    if (refunded(trade.outTradeNo) === paidFen) trade.status = "TRADE_CLOSED"
    if (state.slowRefunds) return answer(method, { ...base, fund_change: "N", refund_fee: "0.00" })
    fundChanges.push(requestNo)
    return answer(method, { ...base, fund_change: "Y", refund_fee: biz.refund_amount, gmt_refund_pay: chinaDateTime(new Date()) })
  }

  const handle = (request: PayRequest): PayAnswer => {
    const url = new URL(request.path, "http://gateway")
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(request.body)) }
    const method = params.method ?? ""
    const signOk = params.app_id === appId && createVerify("RSA-SHA256").update(sortedPairs(params, ["sign"]), "utf8").verify(app.publicKey, params.sign ?? "", "base64")
    if (!signOk) {
      badSignatures.push(method)
      return answer(method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配" })
    }
    const biz = JSON.parse(params.biz_content ?? "{}") as Record<string, string>
    const trade = trades.get(biz.out_trade_no ?? "")
    if (method === "alipay.trade.precreate") {
      const qrCode = trade?.qrCode ?? `https://qr.alipay.com/bax0${randomBytes(10).toString("hex")}`
      trades.set(biz.out_trade_no!, trade ?? {
        outTradeNo: biz.out_trade_no!, amountYuan: biz.total_amount!, subject: biz.subject!, notifyUrl: params.notify_url ?? "", qrCode, status: undefined,
        alipayTradeNo: `2026${randomBytes(12).toString("hex")}`
      })
      return answer(method, { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no, qr_code: qrCode })
    }
    if (method === "alipay.trade.query") {
      if (trade?.status === undefined) return answer(method, notExist)
      return answer(method, {
        code: "10000", msg: "Success", trade_no: trade.alipayTradeNo, out_trade_no: trade.outTradeNo, trade_status: trade.status, total_amount: trade.amountYuan,
        ...(trade.paidAt === undefined ? {} : { send_pay_date: chinaDateTime(trade.paidAt) })
      })
    }
    if (method === "alipay.trade.close") {
      if (trade?.status === undefined) return answer(method, notExist)
      if (trade.status !== "WAIT_BUYER_PAY") return answer(method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" })
      trade.status = "TRADE_CLOSED"
      return answer(method, { code: "10000", msg: "Success", trade_no: trade.alipayTradeNo, out_trade_no: trade.outTradeNo })
    }
    if (method === "alipay.trade.refund") return refund(method, biz, trade)
    if (method === "alipay.trade.fastpay.refund.query") {
      const booked = refunds.get(biz.out_request_no ?? "")
      if (booked === undefined || booked.outTradeNo !== biz.out_trade_no) return answer(method, { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no, out_request_no: biz.out_request_no })
      return answer(method, {
        code: "10000", msg: "Success", out_trade_no: booked.outTradeNo, out_request_no: booked.outRequestNo, refund_amount: booked.amountYuan,
        ...(booked.done ? { refund_status: "REFUND_SUCCESS" } : {})
      })
    }
    return answer(method, { code: "40004", msg: "Business Failed", sub_code: "isv.invalid-method", sub_msg: "不存在的方法名" })
  }

  const server = await startPayFakeServer(handle)

  const notify: AlipayFake["notify"] = async (outTradeNo, options = {}) => {
    const trade = trades.get(outTradeNo)
    if (trade === undefined) throw new Error(`alipay fake: no trade ${outTradeNo}`)
    const paidAt = trade.paidAt ?? new Date()
    const fields: Record<string, string> = {
      notify_time: chinaDateTime(new Date()), notify_type: "trade_status_sync", notify_id: randomBytes(16).toString("hex"), app_id: options.appId ?? appId,
      charset: "utf-8", version: "1.0", sign_type: "RSA2", trade_no: trade.alipayTradeNo, out_trade_no: outTradeNo, trade_status: trade.status ?? "WAIT_BUYER_PAY",
      total_amount: options.amountYuan ?? trade.amountYuan, receipt_amount: trade.amountYuan, subject: trade.subject, gmt_create: chinaDateTime(paidAt),
      gmt_payment: chinaDateTime(paidAt), buyer_logon_id: "159****0001"
    }
    fields.sign = signText(options.forged === true ? forger.privateKey : alipay.privateKey, sortedPairs(fields, ["sign", "sign_type"]))
    const target = new URL(trade.notifyUrl)
    const result = await deliver(`${options.notifyBase ?? target.origin}${target.pathname}`, {
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      body: new URLSearchParams(fields).toString()
    })
    notifies.push({ fields, answer: result })
    return result
  }

  const fake: AlipayFake = {
    server, appId, appPrivateKey: app.privateKey, alipayPublicKey: alipay.publicKey, trades, badSignatures, notifies,
    get forgeAnswers() { return state.forgeAnswers },
    set forgeAnswers(value: boolean) { state.forgeAnswers = value },
    refunds, fundChanges,
    get slowRefunds() { return state.slowRefunds },
    set slowRefunds(value: boolean) { state.slowRefunds = value },
    get refundSystemErrors() { return state.refundSystemErrors },
    set refundSystemErrors(value: number) { state.refundSystemErrors = value },
    settleRefunds: () => {
      for (const entry of refunds.values()) {
        if (!entry.done) fundChanges.push(entry.outRequestNo)
        entry.done = true
      }
    },
    scan: (outTradeNo) => {
      const trade = trades.get(outTradeNo)
      if (trade === undefined) throw new Error(`alipay fake: no QR for ${outTradeNo}`)
      trade.status ??= "WAIT_BUYER_PAY"
    },
    pay: async (outTradeNo, options = {}) => {
      fake.scan(outTradeNo)
      const trade = trades.get(outTradeNo)!
      if (trade.status !== "WAIT_BUYER_PAY") throw new Error(`alipay fake: trade ${outTradeNo} is ${trade.status}`)
      trade.status = "TRADE_SUCCESS"
      trade.paidAt = new Date()
      if (options.notify !== false) await notify(outTradeNo, options)
    },
    notify,
    close: () => server.close()
  }
  return fake
}
