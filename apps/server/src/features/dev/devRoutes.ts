import { fail, ok } from "@mido/core"
import { and, asc, eq, isNotNull } from "drizzle-orm"
import type { Context, Hono } from "hono"
import type { Db } from "../../db/database.js"
import { users } from "../../db/schema/users.js"
import { phoneSubject, userSubject } from "../login/captcha.js"
import { randomKey } from "../login/loginSecrets.js"
import type { DevOutbox } from "../../adapters/sms/smsPort.js"
import { maskPhone } from "../../platform/maskPhone.js"
import { type ConfirmOutcome, confirmQr, liveQr, markScanned } from "../login/wechatQr.js"
import { artworks } from "../../db/schema/artworks.js"
import { appConfig } from "../../db/schema/commerce.js"
import type { ServerDeps } from "../../platform/deps.js"

const PHONE = /^1\d{10}$/
const KEY = /^[A-Za-z0-9_-]{16,128}$/

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")

const page = (hono: Context, status: 200 | 400 | 404 | 409 | 410, title: string, body: string) => {
  hono.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
  hono.header("Cache-Control", "no-store")
  return hono.html(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}` +
      `button{display:block;width:100%;padding:12px;margin:12px 0;font-size:16px;border:0;border-radius:8px;background:#07c160;color:#fff}` +
      `button.alt{background:#576b95}input{width:100%;padding:10px;box-sizing:border-box;font-size:15px}small{color:#888}</style></head>` +
      `<body><h2>${escapeHtml(title)}</h2>${body}</body></html>`,
    status
  )
}

const OUTCOME_TEXT: Record<ConfirmOutcome, string> = {
  confirmed: "已确认，请回到电脑端继续。",
  bind_phone: "新微信用户：请在电脑端绑定手机号完成登录。",
  failed: "绑定失败：该微信已绑定其他账号（请回到电脑端查看）。",
  expired: "二维码已失效，请在电脑端刷新二维码。"
}

/**
 * The WeChat identity of an account for the "already bound" button: the account with the phone typed,
 * or the first account that has WeChat bound, or the first account; a development openid is attached
 * when it has none (development data only).
 */
const boundOpenid = async (db: Db, phone: string): Promise<string | undefined> => {
  const columns = { uid: users.uid, openid: users.wechatOpenid }
  const choices = PHONE.test(phone) ? [eq(users.phone, phone)] : [isNotNull(users.wechatOpenid), undefined]
  let account: { uid: number; openid: string | null } | undefined
  for (const where of choices) {
    account ??= (await db.select(columns).from(users).where(where).orderBy(asc(users.uid)).limit(1))[0]
  }
  if (account === undefined) return undefined
  if (account.openid !== null) return account.openid
  const openid = `wx_dev_${randomKey(12)}`
  await db.update(users).set({ wechatOpenid: openid }).where(eq(users.uid, account.uid))
  return openid
}

/**
 * Development only (registered when config.production is false; in production these paths answer
 * 404): the current captcha answer and the last SMS code, for tests and developers, and the page the
 * WeChat QR points at, which plays the part of WeChat on the phone, the approval of artworks in review
 * (the moderator's part) and an app_config value (the operator's part).
 */
export const registerDevEndpoints = (app: Hono, deps: ServerDeps, outbox: DevOutbox) => {
  const { db, config } = deps

  app.get("/api/dev/captcha", (hono) => {
    const phone = hono.req.query("phone") ?? ""
    const uid = hono.req.query("uid") ?? ""
    const subject = PHONE.test(phone) ? phoneSubject(phone) : /^\d{1,18}$/.test(uid) ? userSubject(Number(uid)) : undefined
    if (subject === undefined) return hono.json(fail(400, "请提供 phone 或 uid"), 400)
    const answer = outbox.captcha(subject)
    return answer === undefined ? hono.json(fail(404, "没有图形验证码"), 404) : hono.json(ok({ answer }))
  })

  app.get("/api/dev/sms", (hono) => {
    const phone = hono.req.query("phone") ?? ""
    if (!PHONE.test(phone)) return hono.json(fail(400, "请提供正确的手机号"), 400)
    const sent = outbox.code(phone)
    return sent === undefined
      ? hono.json(fail(404, "该手机号没有收到验证码"), 404)
      : hono.json(ok({ phone: maskPhone(phone), code: sent.code, purpose: sent.purpose, sent: sent.sent, notices: outbox.noticesFor(phone) }))
  })

  app.get("/api/dev/wechat/scan", async (hono) => {
    const key = hono.req.query("key") ?? ""
    if (!KEY.test(key)) return page(hono, 400, "二维码无效", "<p>链接缺少有效的 key。</p>")
    const now = deps.now()
    await markScanned(db, config.secret, key, now)
    const row = await liveQr(db, config.secret, key, now)
    if (row === undefined || (row.status !== "waiting" && row.status !== "scanned")) return page(hono, 410, "二维码已失效", `<p>${OUTCOME_TEXT.expired}</p>`)
    const purpose = row.purpose === "login" ? "登录米豆" : "绑定微信到当前米豆账号"
    const form = (mode: string, label: string, extra: string, cls: string) =>
      `<form method="post" action="/api/dev/wechat/confirm"><input type="hidden" name="key" value="${escapeHtml(key)}">` +
      `<input type="hidden" name="mode" value="${mode}">${extra}<button class="${cls}" type="submit">${label}</button></form>`
    return page(
      hono,
      200,
      "模拟微信扫码（开发环境）",
      `<p>用途：${purpose}</p>` +
        form("bound", "模拟扫码登录（已绑定手机）", `<input name="phone" inputmode="numeric" placeholder="已有账号的手机号（可留空）"><small>留空时使用第一个已绑定微信的账号</small>`, "") +
        form("new", "模拟新微信用户", "", "alt")
    )
  })

  app.post("/api/dev/wechat/confirm", async (hono) => {
    const body = await hono.req.parseBody()
    const key = typeof body.key === "string" ? body.key : ""
    const mode = body.mode
    if (!KEY.test(key) || (mode !== "bound" && mode !== "new")) return page(hono, 400, "请求无效", "<p>缺少 key 或 mode。</p>")
    const openid = mode === "new" ? `wx_dev_${randomKey(12)}` : await boundOpenid(db, typeof body.phone === "string" ? body.phone.trim() : "")
    if (openid === undefined) return page(hono, 404, "没有可用的账号", "<p>找不到这个手机号的账号；先用手机号登录一次，或选择“模拟新微信用户”。</p>")
    const outcome = await confirmQr(db, config.secret, key, openid, deps.now())
    deps.log.info("dev wechat confirm", { mode, outcome })
    const status = outcome === "expired" ? 410 : outcome === "failed" ? 409 : 200
    return page(hono, status, outcome === "expired" ? "二维码已失效" : "扫码完成", `<p>${OUTCOME_TEXT[outcome]}</p>`)
  })

  // the moderator's part for one artwork (the review job waits ARTWORK_REVIEW_WAIT_MS and takes them all)
  app.post("/api/dev/artworks/approve", async (hono) => {
    const body: unknown = await hono.req.json().catch(() => null)
    const id = typeof body === "object" && body !== null && "artwork_id" in body ? body.artwork_id : undefined
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return hono.json(fail(400, "请提供 artwork_id"), 400)
    const approved = await db.update(artworks).set({ auditStatus: "approved" })
      .where(and(eq(artworks.id, id), eq(artworks.auditStatus, "pending"))).returning({ id: artworks.id })
    if (approved.length === 0) return hono.json(fail(404, "作品不在审核中"), 404)
    deps.feedCache.invalidate()
    return hono.json(ok({ artwork_id: id, audit_status: "approved" }))
  })

  // the operator's part: one existing config key's value (browser tests turn the sign-up grant on and off)
  app.post("/api/dev/config", async (hono) => {
    const body: unknown = await hono.req.json().catch(() => null)
    const key = typeof body === "object" && body !== null && "key" in body ? body.key : undefined
    const value = typeof body === "object" && body !== null && "value" in body ? body.value : undefined
    if (typeof key !== "string" || typeof value !== "string" || value.length > 2000) return hono.json(fail(400, "请提供 key 和 value"), 400)
    const changed = await db.update(appConfig).set({ value: [value] }).where(eq(appConfig.key, key)).returning({ key: appConfig.key })
    if (changed.length === 0) return hono.json(fail(404, "没有这个配置项"), 404)
    return hono.json(ok({ key, value }))
  })
}
