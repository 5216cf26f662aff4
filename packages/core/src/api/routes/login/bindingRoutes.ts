import { defineRoute } from "../../Route.js"
import { PhoneSmsPayload, SmsSent, UserSmsPayload } from "../../schemas/Login.js"
import { WechatBindQrCheck, WechatQr, WechatQrCheckQuery, WechatQrQuery } from "../../schemas/WechatQr.js"

/** For a logged-in user: the codes of a phone change (R6) and binding a WeChat account (account settings). */
export const bindingRoutes = {
  sendUserSms: defineRoute({
    name: "login.sendUserSms",
    method: "POST",
    path: "/api/v1/base/send_user_sms",
    auth: "required",
    encoding: "json",
    input: UserSmsPayload,
    data: SmsSent,
    summary: "Sends a code to the logged-in user's current phone (change_phone/auth); the captcha was issued for this user."
  }),
  sendBindSms: defineRoute({
    name: "login.sendBindSms",
    method: "POST",
    path: "/api/v1/base/send_bind_sms",
    auth: "required",
    encoding: "json",
    input: PhoneSmsPayload,
    data: SmsSent,
    summary: "Sends a code to a new phone the logged-in user wants to bind (change_phone); a phone bound to another account is refused (R6)."
  }),
  bindWechatQr: defineRoute({
    name: "login.bindWechatQr",
    method: "GET",
    path: "/api/v1/base/get_bind_wechat_qr_code",
    auth: "required",
    encoding: "query",
    input: WechatQrQuery,
    data: WechatQr,
    summary: "A QR code that binds the scanning WeChat account to the logged-in user."
  }),
  checkBindWechatQr: defineRoute({
    name: "login.checkBindWechatQr",
    method: "GET",
    path: "/api/v1/base/check_bind_wechat_qr_code",
    auth: "required",
    encoding: "query",
    input: WechatQrCheckQuery,
    data: WechatBindQrCheck,
    summary: "Polls the binding: waiting, scanned, success (bound) or expired; a WeChat account bound elsewhere is an error, never a merge (R6)."
  })
} as const
