import { type WechatBindQrCheck, type WechatQr, type WechatQrCheck } from "@mido/core"
import { Api } from "@mido/core/contract"
import type { Hono } from "hono"
import type { QrPurpose } from "../../db/schema/login.js"
import { bindWechatToPhone } from "./loginAccounts.js"
import { qrSvg, wechatQrSvg } from "./qrImage.js"
import { registerWechatMpCallback } from "./wechatMpCallback.js"
import { QR_CREATE_PER_IP_PER_MINUTE, QR_POLL_WINDOW_SECONDS, QR_POLLS_PER_WINDOW } from "./rateLimits.js"
import { consumeSmsCode } from "./smsCodes.js"
import { maskPhone } from "../../platform/maskPhone.js"
import { createQrKey, openidAwaitingPhone, recordUnionid, pollQr, type PollResult, QR_TTL_SECONDS, recentQrFromIp, takeAwaitingKey } from "./wechatQr.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ApiFailure, badInput, Codes, conflict } from "../../platform/failure.js"
import { CODE_EXPIRED, rateLimited, type SmsService } from "./loginSms.js"
import { issueToken } from "../../platform/tokens.js"

export const QR_GONE = "二维码已失效，请重新扫码"

/** Where the development QR points: the simulated scan page (with an Official Account, WeChat's own URL). */
export const scanUrl = (deps: ServerDeps, key: string) => `${deps.config.publicUrl}/api/dev/wechat/scan?key=${key}`

/**
 * WeChat QR login and binding (spec §7 Login; R5, R6). Keys are 192-bit random, stored hashed, bound to
 * the browser's nonce, expire after 120 s, and hand out their token once.
 */
export const registerLoginWechat = (app: Hono, deps: ServerDeps, sms: SmsService) => {
  const { db, config, wechatMp } = deps
  if (wechatMp !== undefined) registerWechatMpCallback(app, deps, wechatMp)

  /** The key's picture: the Official Account's parametric QR with the key as its scene, or the scan page's. */
  const qrPicture = async (key: string): Promise<string> => {
    if (wechatMp === undefined) return qrSvg(scanUrl(deps, key))
    try {
      return wechatQrSvg(await wechatMp.sceneQrUrl(key, QR_TTL_SECONDS))
    } catch (error) {
      deps.log.error("wechat mp qrcode/create failed", { error: error instanceof Error ? error.message : String(error) })
      throw new ApiFailure(Codes.unavailable, "微信二维码获取失败，请稍后重试或使用手机号登录")
    }
  }

  const newQr = async (request: { purpose: QrPurpose; uid?: number; nonce?: string; ip: string }): Promise<WechatQr> => {
    // no Official Account in production: the scan page is off, so the QR would never be confirmed
    if (config.production && wechatMp === undefined) throw new ApiFailure(Codes.unavailable, "微信扫码登录暂未开通，请使用手机号登录")
    const now = deps.now()
    if ((await recentQrFromIp(db, request.ip, now)) >= QR_CREATE_PER_IP_PER_MINUTE) throw rateLimited(60, "二维码获取太频繁，请稍后再试")
    const key = await createQrKey(db, config.secret, request, now)
    return { key, qr: await qrPicture(key), expire_in: QR_TTL_SECONDS }
  }

  /** One poll in a transaction with the token it may issue; errors are thrown after it commits. */
  const poll = async (request: { key: string; nonce?: string; purpose: QrPurpose; uid?: number }) => {
    const now = deps.now()
    const result = await db.transaction(async (tx) => {
      const state: PollResult = await pollQr(tx, config.secret, { ...request, maxPolls: QR_POLLS_PER_WINDOW }, now)
      if (state.status !== "confirmed" || request.purpose !== "login") return { state, token: undefined }
      return { state, token: await issueToken(tx, state.uid, now) }
    })
    if (result.state.status === "too_many") throw rateLimited(QR_POLL_WINDOW_SECONDS, "查询太频繁，请稍后再试")
    if (result.state.status === "failed") throw conflict(result.state.error)
    return result
  }

  implement(app, deps, Api.login.loginWechatQr, (input, { ip }) =>
    newQr({ purpose: "login", ip, ...(input.nonce !== undefined ? { nonce: input.nonce } : {}) }))

  implement(app, deps, Api.login.checkLoginWechatQr, async (input, { ip }): Promise<WechatQrCheck> => {
    const { state, token } = await poll({ ...input, purpose: "login" })
    if (state.status === "confirmed" && token !== undefined) {
      deps.log.info("login", { method: "wechat", uid: state.uid, is_register: state.isRegister, ip })
      return { status: "success", token, is_register: state.isRegister }
    }
    if (state.status === "bind_phone") return { status: "bind_phone", key: input.key }
    if (state.status === "waiting" || state.status === "scanned") return { status: state.status }
    return { status: "expired" }
  })

  implement(app, deps, Api.login.wechatBindPhone, async (input, { hono, ip }) => {
    const now = deps.now()
    const identity = await openidAwaitingPhone(db, config.secret, input.key, now)
    if (identity === undefined) throw badInput(QR_GONE)
    const codeId = await sms.verify(hono, { phone: input.phone, purpose: "wechat_bind", code: input.code })
    const result = await db.transaction(async (tx) => {
      if (!(await takeAwaitingKey(tx, config.secret, input.key, now))) throw badInput(QR_GONE)
      if (!(await consumeSmsCode(tx, codeId, now))) throw badInput(CODE_EXPIRED)
      const account = await bindWechatToPhone(tx, deps.ledgerKey, input.phone, identity.openid, input.invite_code, now)
      if (identity.unionid !== undefined) await recordUnionid(tx, account.uid, identity.unionid)
      return { account, token: await issueToken(tx, account.uid, now) }
    })
    deps.log.info("login", { method: "wechat_bind_phone", uid: result.account.uid, phone: maskPhone(input.phone), is_register: result.account.created, ip })
    return { token: result.token, is_register: result.account.created }
  })

  implementAuthed(app, deps, Api.login.bindWechatQr, (input, { uid, ip }) =>
    newQr({ purpose: "bind", uid, ip, ...(input.nonce !== undefined ? { nonce: input.nonce } : {}) }))

  implementAuthed(app, deps, Api.login.checkBindWechatQr, async (input, { uid }): Promise<WechatBindQrCheck> => {
    const { state } = await poll({ ...input, purpose: "bind", uid })
    if (state.status === "confirmed") {
      deps.log.info("wechat bound", { uid })
      return { status: "success" }
    }
    if (state.status === "waiting" || state.status === "scanned") return { status: state.status }
    return { status: "expired" }
  })
}
