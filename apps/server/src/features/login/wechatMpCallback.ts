import type { Hono } from "hono"
import type { WechatMp } from "../../adapters/wechat/wechatMpPort.js"
import { wechatMpEvents } from "../../db/schema/wechatMp.js"
import type { ServerDeps } from "../../platform/deps.js"
import { parseMpMessage, sceneScanOf, validMpSignature } from "./wechatMpMessage.js"
import { confirmQr } from "./wechatQr.js"

/** The URL to enter as 服务器地址(URL) in the MP console (docs/deploy.md "WeChat login"). */
export const WECHAT_MP_CALLBACK_PATH = "/api/v1/open/wechat/mp/callback"

/** A push signed longer ago than this is a replay: WeChat's own retries all come within 15 s. */
export const SIGNATURE_MAX_AGE_SECONDS = 300

/**
 * WeChat's message push for the Official Account (plaintext mode). GET is the console's URL check:
 * a good signature gets `echostr` back verbatim. POST is a pushed message: a wrongly signed one is
 * refused and changes nothing; a scan of a login QR (subscribe with "qrscene_<key>", or SCAN with
 * "<key>") confirms that key for the sender's openid, once: WeChat retries a push it got no answer to
 * within 5 s (three times), and a replayed one carries the same FromUserName + CreateTime, so the
 * event's de-duplication row is written in the same transaction as the confirmation. Every push
 * that is signed gets "success" (a passive reply of nothing, as the push doc allows), so WeChat
 * neither retries nor tells the follower "该公众号暂时无法提供服务".
 */
export const registerWechatMpCallback = (app: Hono, deps: ServerDeps, mp: WechatMp) => {
  const signed = (query: Record<string, string>) => validMpSignature(mp.callbackToken, query)

  app.get(WECHAT_MP_CALLBACK_PATH, (hono) => {
    const query = hono.req.query()
    if (!signed(query)) return hono.text("invalid signature", 401)
    return hono.text(query.echostr ?? "")
  })

  app.post(WECHAT_MP_CALLBACK_PATH, async (hono) => {
    const query = hono.req.query()
    if (!signed(query)) {
      deps.log.warn("wechat mp callback: bad signature", { alert: "wechat_mp_signature" })
      return hono.text("invalid signature", 401)
    }
    const now = deps.now()
    // plaintext mode signs the query only, never the body: a captured query would sign any body, so a
    // stale timestamp is refused and each (timestamp, nonce) is used once, like each event
    const signedAt = /^\d{1,12}$/.test(query.timestamp ?? "") ? Number(query.timestamp) : Number.NaN
    if (!(Math.abs(now.getTime() / 1000 - signedAt) <= SIGNATURE_MAX_AGE_SECONDS)) {
      deps.log.warn("wechat mp callback: stale timestamp", { alert: "wechat_mp_replay" })
      return hono.text("success")
    }
    const message = parseMpMessage(await hono.req.text())
    const scan = message === undefined ? undefined : sceneScanOf(message)
    if (scan === undefined) return hono.text("success")
    // asked before the transaction (no connection held across the call); without it the openid decides
    const unionid = await mp.unionidOf(scan.openid).catch((error: unknown) => {
      deps.log.warn("wechat mp user/info failed", { error: error instanceof Error ? error.message : String(error) })
      return undefined
    })
    const outcome = await deps.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(wechatMpEvents)
        .values([{ dedupeKey: scan.dedupeKey, receivedAt: now }, { dedupeKey: `sig:${query.timestamp}:${query.nonce}`, receivedAt: now }])
        .onConflictDoNothing()
        .returning({ key: wechatMpEvents.dedupeKey })
      if (fresh.length < 2) return "replayed" as const
      return confirmQr(tx, deps.config.secret, scan.scene, scan.openid, now, unionid)
    })
    if (outcome === "replayed") deps.log.warn("wechat mp callback: replayed event", { alert: "wechat_mp_replay" })
    deps.log.info("wechat mp scan", { outcome })
    return hono.text("success")
  })
}
