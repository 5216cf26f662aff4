import type { WechatPaySettings } from "../../platform/paymentConfig.js"
import type { ServiceCheck } from "../../platform/serviceCheck.js"
import { providerTime } from "./payAmounts.js"
import type { LivePaymentProvider, NotifyReading, ProviderCloseOutcome, ProviderTrade, RefundOutcome, RefundRequest } from "./paymentProviderPort.js"
import { authorization, checkWechatpaySignature, decryptResource, type EncryptedResource, fromOutTradeNo, toOutTradeNo } from "./wechatPaySigning.js"

/**
 * WeChat Pay API v3, Native (扫码) payments, public-key mode (微信支付公钥). Endpoints and fields per
 * pay.weixin.qq.com/wiki/doc/apiv3/apis/chapter3_4_1 (POST /v3/pay/transactions/native → code_url),
 * chapter3_4_2 (GET …/out-trade-no/{no}?mchid= → trade_state), chapter3_4_3 (POST …/close → 204),
 * chapter3_4_5 (支付通知). Every answer's Wechatpay-Signature is verified before it is believed (an
 * answer that fails fails the call), as wechatpay-go's WechatPayResponseValidator does.
 */
export const WECHATPAY_NOTIFY_PATH = "/api/pay/wechat/notify"

interface WechatTransaction {
  readonly appid?: string
  readonly mchid?: string
  readonly out_trade_no?: string
  readonly transaction_id?: string
  readonly trade_state?: string
  readonly success_time?: string
  readonly amount?: { readonly total?: number }
}

interface Answer {
  readonly status: number
  readonly json: Record<string, unknown>
}

export class WechatPayError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message)
  }
}

export const wechatPayProvider = (settings: WechatPaySettings, publicUrl: string, now: () => Date = () => new Date()): LivePaymentProvider => {
  const request = async (method: "GET" | "POST", pathAndQuery: string, body?: Record<string, unknown>): Promise<Answer> => {
    const text = body === undefined ? "" : JSON.stringify(body)
    const response = await fetch(`${settings.baseUrl}${pathAndQuery}`, {
      method,
      headers: {
        authorization: authorization(settings, method, pathAndQuery, text, now()),
        accept: "application/json",
        "user-agent": "mido-server",
        // public-key mode: names the key WeChat Pay should use for anything it encrypts for us
        "wechatpay-serial": settings.publicKeyId,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      ...(body === undefined ? {} : { body: text }),
      signal: AbortSignal.timeout(10_000)
    })
    const answerText = await response.text()
    const signature = checkWechatpaySignature((name) => response.headers.get(name) ?? undefined, answerText, settings, now())
    if (signature !== "ok") throw new WechatPayError(response.status, "RESPONSE_SIGNATURE", `wechatpay ${method} ${pathAndQuery.split("?")[0]}: answer signature ${signature} (HTTP ${response.status})`)
    let json: Record<string, unknown> = {}
    if (answerText !== "") {
      try {
        json = JSON.parse(answerText) as Record<string, unknown>
      } catch {
        throw new WechatPayError(response.status, "RESPONSE_FORMAT", `wechatpay ${method}: answer is not JSON`)
      }
    }
    return { status: response.status, json }
  }

  const refuse = (call: string, answer: Answer) =>
    new WechatPayError(answer.status, String(answer.json.code ?? "UNKNOWN"), `wechatpay ${call}: HTTP ${answer.status} ${String(answer.json.code ?? "")} ${String(answer.json.message ?? "")}`.trim())

  const tradePath = (tradeNo: string) => `/v3/pay/transactions/out-trade-no/${toOutTradeNo(tradeNo)}`

  const query = async (tradeNo: string): Promise<ProviderTrade> => {
    const answer = await request("GET", `${tradePath(tradeNo)}?mchid=${encodeURIComponent(settings.mchId)}`)
    if (answer.status === 404 && answer.json.code === "ORDER_NOT_EXIST") return { state: "unpaid" }
    if (answer.status !== 200) throw refuse("query", answer)
    const trade = answer.json as WechatTransaction
    switch (trade.trade_state) {
      case "SUCCESS":
      case "REFUND":
        if (typeof trade.amount?.total !== "number") throw new Error(`wechatpay query: no amount for ${tradeNo}`)
        return { state: "paid", amountFen: trade.amount.total, paidAt: providerTime(trade.success_time, now()), providerTxnId: trade.transaction_id ?? "" }
      case "CLOSED":
      case "REVOKED":
        return { state: "closed" }
      case "PAYERROR":
        return { state: "failed" }
      default:
        return { state: "unpaid" }
    }
  }

  const close = async (tradeNo: string): Promise<ProviderCloseOutcome> => {
    const answer = await request("POST", `${tradePath(tradeNo)}/close`, { mchid: settings.mchId })
    if (answer.status === 204 || answer.status === 200) return "closed"
    const code = answer.json.code
    if (code === "ORDER_NOT_EXIST" || code === "ORDER_CLOSED") return "closed"
    if (code === "ORDERPAID") return "already_paid"
    throw refuse("close", answer)
  }

  /**
   * 申请退款 (apiv3/apis/chapter3_4_9: POST /v3/refund/domestic/refunds): out_refund_no is Mido's refund
   * number — "同一退款单号多次请求只退一笔", so a retry asks the same refund's state. The answer's status:
   * SUCCESS done; PROCESSING (the usual first answer: money goes back later) asks again later; CLOSED or
   * ABNORMAL refused. Errors: 429 FREQUENCY_LIMITED and 500 SYSTEM_ERROR are retried with the same number
   * (processing); 403 NOT_ENOUGH (商户余额不足), 400 INVALID_REQUEST/PARAM_ERROR, 404 RESOURCE_NOT_EXISTS refuse.
   */
  const refund = async (refundRequest: RefundRequest): Promise<RefundOutcome> => {
    const answer = await request("POST", "/v3/refund/domestic/refunds", {
      out_trade_no: toOutTradeNo(refundRequest.tradeNo),
      out_refund_no: refundRequest.refundNo,
      reason: refundRequest.reason.slice(0, 80),
      amount: { refund: refundRequest.amountFen, total: refundRequest.totalFen, currency: "CNY" }
    })
    if (answer.status === 429 || answer.status >= 500) return { state: "processing" }
    if (answer.status !== 200) return { state: "refused", reason: `微信支付：${String(answer.json.message ?? answer.json.code ?? `HTTP ${answer.status}`)}` }
    switch (answer.json.status) {
      case "SUCCESS":
        return { state: "refunded" }
      case "PROCESSING":
        return { state: "processing" }
      case "CLOSED":
        return { state: "refused", reason: "微信支付：退款已关闭" }
      default:
        return { state: "refused", reason: "微信支付：退款异常，请到商户平台处理" }
    }
  }

  const readNotify = (notify: { header: (name: string) => string | undefined; body: string }, at: Date): NotifyReading => {
    if (checkWechatpaySignature(notify.header, notify.body, settings, at) !== "ok") return { kind: "refused", reason: "bad_signature", tradeNo: "" }
    let resource: EncryptedResource | undefined
    try {
      resource = (JSON.parse(notify.body) as { resource?: EncryptedResource }).resource
    } catch {
      resource = undefined
    }
    const plain = resource === undefined ? undefined : decryptResource(settings.apiV3Key, resource)
    if (plain === undefined) return { kind: "refused", reason: "malformed", tradeNo: "" }
    let trade: WechatTransaction
    try {
      trade = JSON.parse(plain) as WechatTransaction
    } catch {
      return { kind: "refused", reason: "malformed", tradeNo: "" }
    }
    const tradeNo = fromOutTradeNo(String(trade.out_trade_no ?? "")).slice(0, 64)
    if (trade.trade_state !== "SUCCESS") return { kind: "other", tradeNo, state: String(trade.trade_state ?? "") }
    if (typeof trade.amount?.total !== "number") return { kind: "refused", reason: "malformed", tradeNo }
    // another merchant's payment counts as another app's
    const appId = trade.mchid === settings.mchId ? String(trade.appid ?? "") : `${String(trade.appid ?? "")}@${String(trade.mchid ?? "")}`
    return { kind: "paid", notice: { tradeNo, amountFen: trade.amount.total, appId, providerTxnId: String(trade.transaction_id ?? ""), paidAt: providerTime(trade.success_time, at) } }
  }

  return {
    name: "wechat",
    method: "wechat",
    appId: settings.appId,
    notifyPath: WECHATPAY_NOTIFY_PATH,
    precreate: async (trade) => {
      const answer = await request("POST", "/v3/pay/transactions/native", {
        appid: settings.appId,
        mchid: settings.mchId,
        description: trade.subject.slice(0, 127),
        out_trade_no: toOutTradeNo(trade.tradeNo),
        time_expire: rfc3339China(trade.expiresAt),
        notify_url: `${publicUrl}${WECHATPAY_NOTIFY_PATH}`,
        amount: { total: trade.amountFen, currency: "CNY" }
      })
      if (answer.status !== 200 || typeof answer.json.code_url !== "string") throw refuse("native", answer)
      return answer.json.code_url
    },
    query,
    close,
    refund,
    // the T+1 bill (GET /v3/bill/tradebill → download_url, gzip CSV) is not read yet: the statement check
    // asks the trade query about each paid order instead (statementCheck.ts)
    statement: async () => [],
    readNotify,
    // chapter3_4_5: success is 200/204 without a body; a failure 4XX/5XX with {"code":"FAIL","message":…} (WeChat Pay retries)
    answerNotify: (accepted) =>
      accepted ? { status: 204, contentType: "application/json", body: "" } : { status: 400, contentType: "application/json", body: JSON.stringify({ code: "FAIL", message: "失败" }) }
  }
}

/** time_expire: RFC 3339 with the China offset, as the docs' example 2018-06-08T10:34:56+08:00. */
const rfc3339China = (at: Date): string => {
  const china = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)
  return `${china}+08:00`
}

/** The doctor's harmless call: the signed query of a trade that cannot exist answers ORDER_NOT_EXIST, signed. */
export const wechatPayServiceCheck = (settings: WechatPaySettings): ServiceCheck => ({
  name: "微信支付 (WeChat Pay)",
  check: async () => {
    try {
      const trade = await wechatPayProvider(settings, "").query(`MIDODOCTOR${Date.now()}`)
      return { ok: true, detail: `${settings.baseUrl} 应答已验签（商户号 ${settings.mchId}，测试交易：${trade.state}）` }
    } catch (error) {
      return { ok: false, detail: `${settings.baseUrl}：${error instanceof Error ? error.message : String(error)}` }
    }
  }
})
