import { createCipheriv, randomBytes } from "node:crypto"
import { answerMessage, AUTH_SCHEMA, requestMessage, rsaSign, rsaVerify } from "../../src/adapters/payment/wechatPaySigning.js"
import { deliver, type PayAnswer, type PayFakeServer, type PayRequest, rsaKeyPair, startPayFakeServer } from "./fakeHttp.js"

/**
 * A fake of WeChat Pay API v3 (Native), public-key mode, from the docs pay.weixin.qq.com/wiki/doc/apiv3:
 * wechatpay4_0 (the request's Authorization: WECHATPAY2-SHA256-RSA2048 mchid,nonce_str,signature,
 * timestamp,serial_no over "METHOD\nPATH?QUERY\nTS\nNONCE\nBODY\n"; a bad one is 401 SIGN_ERROR),
 * wechatpay4_1 (every answer signed: Wechatpay-Timestamp/Nonce/Signature/Serial over "TS\nNONCE\nBODY\n"
 * with the 微信支付公钥's private half, Serial = the public key id), wechatpay4_2 (the notify's resource:
 * AEAD_AES_256_GCM with the APIv3 key, ciphertext = base64(encrypted ‖ 16-byte tag)), apis/chapter3_4_1
 * (native → code_url), 3_4_2 (query; unknown → 404 ORDER_NOT_EXIST), 3_4_3 (close → 204; a paid order
 * → 400 ORDERPAID), 3_4_5 (支付通知; success = 200/204, anything else is retried). The serial check and
 * the 5-minute window follow wechatpay-apiv3/wechatpay-go core/auth/validators.
 * Refunds, apis/chapter3_4_9 (申请退款 POST /v3/refund/domestic/refunds): the answer's status is
 * PROCESSING at first — the money goes back later (`settleRefunds()` here) — then SUCCESS; "同一退款单号
 * 多次请求只退一笔": the same out_refund_no answers that refund as it now is; an unknown trade is 404
 * RESOURCE_NOT_EXISTS, an unpaid one 400 INVALID_REQUEST, amount.total unlike the payment or a refund
 * beyond it 400 PARAM_ERROR, a merchant short of funds 403 NOT_ENOUGH; a refunded trade's query answers
 * trade_state REFUND.
 */
export interface WechatTrade {
  readonly outTradeNo: string
  readonly total: number
  readonly appid: string
  readonly description: string
  readonly notifyUrl: string
  readonly codeUrl: string
  state: "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND"
  readonly transactionId: string
  successTime?: string
}

export interface WechatRefund {
  readonly outRefundNo: string
  readonly outTradeNo: string
  readonly refundId: string
  readonly refund: number
  status: "PROCESSING" | "SUCCESS"
}

export interface WechatPayFake {
  readonly server: PayFakeServer
  readonly mchId: string
  readonly appId: string
  readonly certSerial: string
  readonly merchantPrivateKey: string
  readonly platformPublicKey: string
  readonly publicKeyId: string
  readonly apiV3Key: string
  readonly trades: Map<string, WechatTrade>
  readonly badSignatures: string[]
  readonly notifies: Array<{ readonly plain: Record<string, unknown>; readonly answer: { status: number; body: string } }>
  /** answers signed with another key from now on */
  forgeAnswers: boolean
  readonly refunds: Map<string, WechatRefund>
  /** the merchant's balance cannot pay refunds (403 NOT_ENOUGH) */
  notEnough: boolean
  /** every PROCESSING refund is now SUCCESS */
  readonly settleRefunds: () => void
  readonly pay: (outTradeNo: string, options?: { notify?: boolean; notifyBase?: string }) => Promise<void>
  readonly notify: (outTradeNo: string, options?: { notifyBase?: string; forged?: boolean; total?: number; appid?: string; wrongKey?: boolean }) => Promise<{ status: number; body: string }>
  readonly close: () => Promise<void>
}

const AUTH = /^WECHATPAY2-SHA256-RSA2048 (.+)$/

const parseAuthorization = (header: string | undefined): Record<string, string> | undefined => {
  const match = AUTH.exec(header ?? "")
  if (match === null) return undefined
  return Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!]))
}

/** The notify's resource, encrypted as WeChat Pay does (wechatpay4_2). */
const encrypt = (apiV3Key: string, plain: string, associatedData: string) => {
  const nonce = randomBytes(6).toString("hex")
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), Buffer.from(nonce, "utf8"))
  cipher.setAAD(Buffer.from(associatedData, "utf8"))
  const bytes = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()])
  return { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext: bytes.toString("base64"), associated_data: associatedData, nonce }
}

const rfc3339 = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`

export const startWechatPayFake = async (): Promise<WechatPayFake> => {
  const merchant = rsaKeyPair("pkcs8")
  const platform = rsaKeyPair("pkcs8")
  const forger = rsaKeyPair("pkcs8")
  const mchId = "1900000109"
  const appId = "wxd678efh567hg6787"
  const certSerial = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1"
  const publicKeyId = "PUB_KEY_ID_0119000001092026112700000000000001"
  const apiV3Key = randomBytes(16).toString("hex")
  const trades = new Map<string, WechatTrade>()
  const badSignatures: string[] = []
  const notifies: WechatPayFake["notifies"] = []
  const state = { forgeAnswers: false, notEnough: false }
  const refunds = new Map<string, WechatRefund>()
  const refundAnswer = (entry: WechatRefund, trade: WechatTrade) => answer(200, {
    refund_id: entry.refundId, out_refund_no: entry.outRefundNo, transaction_id: trade.transactionId, out_trade_no: trade.outTradeNo, channel: "ORIGINAL",
    user_received_account: "支付用户零钱", create_time: rfc3339(new Date()), status: entry.status,
    ...(entry.status === "SUCCESS" ? { success_time: rfc3339(new Date()) } : {}),
    amount: { total: trade.total, refund: entry.refund, payer_total: trade.total, payer_refund: entry.refund, settlement_refund: entry.refund, settlement_total: trade.total, discount_refund: 0, currency: "CNY" }
  })
  const refund = (body: Record<string, unknown>): PayAnswer => {
    const trade = trades.get(String(body.out_trade_no ?? ""))
    if (trade === undefined) return answer(404, { code: "RESOURCE_NOT_EXISTS", message: "订单不存在" })
    const outRefundNo = String(body.out_refund_no ?? "")
    const again = refunds.get(outRefundNo)
    if (again !== undefined) return refundAnswer(again, trade)
    if (trade.state !== "SUCCESS" && trade.state !== "REFUND") return answer(400, { code: "INVALID_REQUEST", message: "订单未支付，无法退款" })
    const amount = (body.amount ?? {}) as { refund?: number; total?: number }
    const already = [...refunds.values()].filter((entry) => entry.outTradeNo === trade.outTradeNo).reduce((total, entry) => total + entry.refund, 0)
    if (amount.total !== trade.total || !(Number(amount.refund) > 0) || already + Number(amount.refund) > trade.total) {
      return answer(400, { code: "PARAM_ERROR", message: "订单金额或退款金额与之前请求不一致，请核实后再试" })
    }
    if (state.notEnough) return answer(403, { code: "NOT_ENOUGH", message: "基本账户余额不足，请充值后重新发起" })
    const entry: WechatRefund = { outRefundNo, outTradeNo: trade.outTradeNo, refundId: `5030${randomBytes(12).toString("hex")}`, refund: Number(amount.refund), status: "PROCESSING" }
    refunds.set(outRefundNo, entry)
    trade.state = "REFUND"
    return refundAnswer(entry, trade)
  }

  const signedHeaders = (body: string, key: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = randomBytes(16).toString("hex")
    return {
      "wechatpay-timestamp": timestamp, "wechatpay-nonce": nonce, "wechatpay-serial": publicKeyId,
      "wechatpay-signature": rsaSign(key, answerMessage(timestamp, nonce, body)), "wechatpay-signature-type": AUTH_SCHEMA
    }
  }
  const answer = (status: number, json?: unknown): PayAnswer => {
    const body = json === undefined ? "" : JSON.stringify(json)
    return { status, headers: { ...(body === "" ? {} : { "content-type": "application/json" }), ...signedHeaders(body, state.forgeAnswers ? forger.privateKey : platform.privateKey) }, body }
  }

  const handle = (request: PayRequest): PayAnswer => {
    const auth = parseAuthorization(request.headers.authorization)
    const signed = auth !== undefined && auth.mchid === mchId && auth.serial_no === certSerial &&
      rsaVerify(merchant.publicKey, requestMessage(request.method, request.path, auth.timestamp ?? "", auth.nonce_str ?? "", request.body), auth.signature ?? "")
    if (!signed) {
      badSignatures.push(`${request.method} ${request.path}`)
      // the merchant is not known: the refusal is not signed for it
      return { status: 401, headers: { "content-type": "application/json" }, body: JSON.stringify({ code: "SIGN_ERROR", message: "签名错误" }) }
    }
    const url = new URL(request.path, "http://api")
    const body = request.body === "" ? {} : (JSON.parse(request.body) as Record<string, unknown>)
    if (request.method === "POST" && url.pathname === "/v3/pay/transactions/native") {
      const outTradeNo = String(body.out_trade_no)
      if (outTradeNo.length > 32) return answer(400, { code: "PARAM_ERROR", message: "输入源“/body/out_trade_no”映射到值字段“商户订单号”字符串规则校验失败，字节数 36，大于最大值 32" })
      const existing = trades.get(outTradeNo)
      const trade = existing ?? {
        outTradeNo, total: Number((body.amount as { total: number }).total), appid: String(body.appid), description: String(body.description),
        notifyUrl: String(body.notify_url), codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString("hex")}`, state: "NOTPAY" as const,
        transactionId: `4200${randomBytes(12).toString("hex")}`
      }
      trades.set(outTradeNo, trade)
      return answer(200, { code_url: trade.codeUrl })
    }
    if (request.method === "POST" && url.pathname === "/v3/refund/domestic/refunds") return refund(body)
    const tradeMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname)
    const trade = tradeMatch === null ? undefined : trades.get(decodeURIComponent(tradeMatch[1]!))
    if (tradeMatch !== null && request.method === "GET" && tradeMatch[2] === undefined) {
      if (url.searchParams.get("mchid") !== mchId) return answer(400, { code: "PARAM_ERROR", message: "mchid 与请求商户号不一致" })
      if (trade === undefined) return answer(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" })
      return answer(200, {
        appid: trade.appid, mchid: mchId, out_trade_no: trade.outTradeNo, transaction_id: trade.transactionId, trade_type: "NATIVE", trade_state: trade.state,
        trade_state_desc: trade.state === "SUCCESS" ? "支付成功" : trade.state === "CLOSED" ? "订单已关闭" : "订单未支付",
        ...(trade.successTime === undefined ? {} : { success_time: trade.successTime }),
        amount: { total: trade.total, payer_total: trade.total, currency: "CNY", payer_currency: "CNY" }
      })
    }
    if (tradeMatch !== null && request.method === "POST" && tradeMatch[2] === "/close") {
      if (trade === undefined) return answer(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" })
      if (trade.state === "SUCCESS") return answer(400, { code: "ORDERPAID", message: "订单已支付" })
      trade.state = "CLOSED"
      return answer(204)
    }
    return answer(404, { code: "NOT_FOUND", message: "接口不存在" })
  }

  const server = await startPayFakeServer(handle)

  const notify: WechatPayFake["notify"] = async (outTradeNo, options = {}) => {
    const trade = trades.get(outTradeNo)
    if (trade === undefined) throw new Error(`wechatpay fake: no trade ${outTradeNo}`)
    const plain = {
      appid: options.appid ?? trade.appid, mchid: mchId, out_trade_no: outTradeNo, transaction_id: trade.transactionId, trade_type: "NATIVE",
      trade_state: trade.state, trade_state_desc: "支付成功", bank_type: "OTHERS", attach: "", success_time: trade.successTime ?? rfc3339(new Date()),
      payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" }, amount: { total: options.total ?? trade.total, payer_total: trade.total, currency: "CNY", payer_currency: "CNY" }
    }
    const body = JSON.stringify({
      id: randomBytes(16).toString("hex"), create_time: rfc3339(new Date()), resource_type: "encrypt-resource", event_type: "TRANSACTION.SUCCESS", summary: "支付成功",
      resource: encrypt(options.wrongKey === true ? randomBytes(16).toString("hex") : apiV3Key, JSON.stringify(plain), "transaction")
    })
    const target = new URL(trade.notifyUrl)
    const result = await deliver(`${options.notifyBase ?? target.origin}${target.pathname}`, {
      headers: { "content-type": "application/json", ...signedHeaders(body, options.forged === true ? forger.privateKey : platform.privateKey) },
      body
    })
    notifies.push({ plain, answer: result })
    return result
  }

  const fake: WechatPayFake = {
    server, mchId, appId, certSerial, merchantPrivateKey: merchant.privateKey, platformPublicKey: platform.publicKey, publicKeyId, apiV3Key, trades, badSignatures, notifies,
    get forgeAnswers() { return state.forgeAnswers },
    set forgeAnswers(value: boolean) { state.forgeAnswers = value },
    refunds,
    get notEnough() { return state.notEnough },
    set notEnough(value: boolean) { state.notEnough = value },
    settleRefunds: () => {
      for (const entry of refunds.values()) entry.status = "SUCCESS"
    },
    pay: async (outTradeNo, options = {}) => {
      const trade = trades.get(outTradeNo)
      if (trade === undefined || trade.state !== "NOTPAY") throw new Error(`wechatpay fake: trade ${outTradeNo} cannot be paid`)
      trade.state = "SUCCESS"
      trade.successTime = rfc3339(new Date())
      if (options.notify !== false) await notify(outTradeNo, options)
    },
    notify,
    close: () => server.close()
  }
  return fake
}
