import { randomBytes } from "node:crypto"
import { fenToYuan } from "@mido/core"
import { eq } from "drizzle-orm"
import type { Context, Hono } from "hono"
import { orders } from "../../db/schema/commerce.js"
import { sandboxRefunds } from "../../db/schema/refunds.js"
import { processSandboxNotify, type SandboxNotice, signSandbox, verifySandbox } from "./payments.js"
import type { ServerDeps } from "../../platform/deps.js"

/**
 * The sandbox payment provider (outside production only): the order's QR opens GET
 * /api/sandbox/pay?trade_no=…, a Chinese page with the amount and buttons that POST a notice signed
 * with HMAC-SHA256 (config.secret) to POST /api/sandbox/pay: the provider books it (its own state,
 * which reconciliation queries, R28) and calls the merchant back as a real provider would; the notify
 * is also accepted at /api/sandbox/notify. It is verified, amount-checked and idempotent (payments.ts;
 * R24–R26). A third button pays without notifying, to exercise reconciliation.
 */
export const SANDBOX_PAY_PATH = "/api/sandbox/pay"
export const SANDBOX_NOTIFY_PATH = "/api/sandbox/notify"

export const sandboxPayUrl = (publicUrl: string, tradeNo: string) => `${publicUrl}${SANDBOX_PAY_PATH}?trade_no=${encodeURIComponent(tradeNo)}`

const TRADE_NO = /^[A-Za-z0-9_-]{6,64}$/

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · 米豆AI 沙箱支付</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5fb;color:#1f2330}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:16px;padding:32px;box-shadow:0 8px 30px rgba(40,40,90,.08)}
h1{font-size:20px;margin:0 0 4px}.note{color:#8a8fa3;font-size:13px;margin:0 0 24px}
.amount{font-size:40px;font-weight:700;margin:8px 0 20px}.amount small{font-size:20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;font-size:14px;margin:0 0 28px}dt{color:#8a8fa3}dd{margin:0;word-break:break-all}
form{margin:0 0 12px}button{width:100%;padding:12px;border:0;border-radius:10px;font-size:16px;cursor:pointer}
.pay{background:#5b5bf0;color:#fff}.fail{background:#f1f2f7;color:#c0392b}.state{font-size:16px;padding:12px;border-radius:10px;background:#f1f2f7;text-align:center}
</style></head><body><main>${body}</main></body></html>`

const STATUS_TEXT: Readonly<Record<string, string>> = {
  paying: "待支付",
  success: "已支付",
  timeout: "已超时",
  fail: "支付失败",
  closed: "已关闭"
}

/**
 * A button of the pay page: the provider's signed notice for the trade, posted to the provider's own
 * pay endpoint, which books the payment (or failure) and then calls the merchant back with the same
 * notice — unless `deliver` is "no", the lost-notify case reconciliation must find (R28).
 */
const signedForm = (secret: string, tradeNo: string, amountFen: number, status: "success" | "fail", label: string, css: string, deliver = true) => {
  const notice: SandboxNotice = { trade_no: tradeNo, amount_fen: String(amountFen), status, nonce: randomBytes(12).toString("hex") }
  const fields = { ...notice, sign: signSandbox(secret, notice), ...(deliver ? {} : { deliver: "no" }) }
  const inputs = Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`).join("")
  return `<form method="post" action="${SANDBOX_PAY_PATH}">${inputs}<button class="${css}" type="submit">${label}</button></form>`
}

const readNotify = async (hono: Context): Promise<{ raw: string; fields: Record<string, string> }> => {
  const raw = await hono.req.text()
  let parsed: unknown = {}
  if ((hono.req.header("content-type") ?? "").includes("json")) {
    try {
      parsed = JSON.parse(raw)
    } catch {
      parsed = {}
    }
  } else {
    parsed = Object.fromEntries(new URLSearchParams(raw))
  }
  const fields: Record<string, string> = {}
  if (typeof parsed === "object" && parsed !== null) {
    for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") fields[key] = value
  }
  return { raw, fields }
}

export const registerSandboxPay = (app: Hono, deps: ServerDeps) => {
  if (deps.config.production) return

  app.get(SANDBOX_PAY_PATH, async (hono) => {
    const tradeNo = hono.req.query("trade_no") ?? ""
    const [order] = TRADE_NO.test(tradeNo) ? await deps.db.select().from(orders).where(eq(orders.tradeNo, tradeNo)).limit(1) : []
    if (order === undefined) return hono.html(page("订单不存在", `<h1>订单不存在</h1><p class="note">请回到米豆AI重新下单。</p>`), 404)
    const expired = order.status === "paying" && deps.now() > order.expiresAt
    // the sandbox provider's own refund books (sandboxProvider.ts refund)
    const refunded = order.status === "success" && (await deps.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.tradeNo, order.tradeNo)).limit(1)).length === 1
    const statusText = refunded ? "已退款" : expired ? "已超时" : (STATUS_TEXT[order.status] ?? order.status)
    const actions = order.status === "paying" && !expired
      ? signedForm(deps.config.secret, order.tradeNo, order.payableFen, "success", "模拟支付成功", "pay") +
        signedForm(deps.config.secret, order.tradeNo, order.payableFen, "fail", "模拟支付失败", "fail") +
        signedForm(deps.config.secret, order.tradeNo, order.payableFen, "success", "已付款但通知丢失（测试对账）", "fail", false)
      : `<p class="state">订单${escapeHtml(statusText)}</p>`
    const body = `<h1>米豆AI 沙箱支付</h1><p class="note">开发环境的模拟收银台，不会产生真实扣款。</p>
<div class="amount"><small>¥</small>${fenToYuan(order.payableFen).toFixed(2)}</div>
<dl><dt>商品</dt><dd>${escapeHtml(order.itemName)}</dd><dt>订单号</dt><dd>${escapeHtml(order.tradeNo)}</dd>
<dt>支付方式</dt><dd>${order.payMethod === "wechat" ? "微信支付" : order.payMethod === "alipay" ? "支付宝" : "无需支付"}</dd><dt>状态</dt><dd>${escapeHtml(statusText)}</dd></dl>${actions}`
    return hono.html(page("收银台", body))
  })

  /** The provider takes the payment (its books, through deps.sandboxCashier), then notifies the merchant in-process. */
  app.post(SANDBOX_PAY_PATH, async (hono) => {
    const { raw, fields } = await readNotify(hono)
    const notice: SandboxNotice = { trade_no: fields.trade_no ?? "", amount_fen: fields.amount_fen ?? "", status: fields.status ?? "", nonce: fields.nonce ?? "" }
    const now = deps.now()
    const answer = (title: string, text: string, status: 200 | 400 | 409) => hono.html(page(title, `<h1>${title}</h1><p class="note">${text}</p>`), status)
    if (!verifySandbox(deps.config.secret, notice, fields.sign ?? "") || !/^[1-9]\d{0,14}$/.test(notice.amount_fen)) {
      return answer("支付请求无效", "签名或金额校验未通过，请回到米豆AI重新下单。", 400)
    }
    const amountFen = Number(notice.amount_fen)
    if (notice.status === "fail") {
      await deps.sandboxCashier.recordFailure(notice.trade_no, amountFen, now)
    } else if (notice.status === "success") {
      const booked = await deps.sandboxCashier.recordPayment(notice.trade_no, amountFen, now)
      if (booked === "closed") return answer("订单已关闭", "该订单已关闭，无法支付，请回到米豆AI重新下单。", 409)
    } else {
      return answer("支付请求无效", "未知的支付状态。", 400)
    }
    if (fields.deliver === "no") return answer("支付成功（未通知商户）", "支付平台已记账，但没有发送支付通知；米豆AI会在对账时主动查询到这笔付款。", 200)
    const result = await processSandboxNotify(deps.db, deps.ledgerKey, deps.config.secret, notice, fields.sign ?? "", raw, now)
    if (!result.accepted) deps.log.warn("sandbox notify refused", { trade_no: notice.trade_no.slice(0, 64), outcome: result.outcome })
    return notice.status === "success" ? answer("支付成功", "请回到米豆AI页面查看订单状态。", 200) : answer("支付失败", "请回到米豆AI页面查看订单状态。", 200)
  })

  app.post(SANDBOX_NOTIFY_PATH, async (hono) => {
    const { raw, fields } = await readNotify(hono)
    const notice: SandboxNotice = { trade_no: fields.trade_no ?? "", amount_fen: fields.amount_fen ?? "", status: fields.status ?? "", nonce: fields.nonce ?? "" }
    const result = await processSandboxNotify(deps.db, deps.ledgerKey, deps.config.secret, notice, fields.sign ?? "", raw, deps.now())
    if (!result.accepted) deps.log.warn("sandbox notify refused", { trade_no: notice.trade_no.slice(0, 64), outcome: result.outcome })
    const status = result.accepted ? 200 : 400
    if ((hono.req.header("accept") ?? "").includes("text/html")) {
      const title = !result.accepted ? "通知校验失败" : notice.status === "success" ? "支付成功" : "支付失败"
      const text = result.accepted ? "请回到米豆AI页面查看订单状态。" : "签名、订单或金额校验未通过，订单未变更。"
      return hono.html(page(title, `<h1>${title}</h1><p class="note">${text}</p>`), status)
    }
    return hono.text(result.accepted ? "success" : "fail", status)
  })
}
