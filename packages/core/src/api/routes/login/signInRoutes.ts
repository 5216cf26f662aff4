import { defineRoute } from "../../Route.js"
import { Captcha, CaptchaQuery, LoginPayload, LoginResponse, PhoneSmsPayload, SmsSent } from "../../schemas/Login.js"
import { WechatBindPayload, WechatQr, WechatQrCheck, WechatQrCheckQuery, WechatQrQuery } from "../../schemas/WechatQr.js"

/** Signing in by phone code or WeChat QR, with the captcha the SMS sends need: the Session service's calls. */
export const signInRoutes = {
  captcha: defineRoute({
    name: "login.captcha",
    method: "GET",
    path: "/api/v1/open/base/captcha",
    auth: "optional",
    encoding: "query",
    input: CaptchaQuery,
    data: Captcha,
    summary:
      "An image captcha (designed: the spec's SMS payloads carry only captcha_code). Issued for the phone given, or without phone for the logged-in user (send_user_sms); single use, a few minutes."
  }),
  login: defineRoute({
    name: "login.login",
    method: "POST",
    path: "/api/v1/open/base/login",
    auth: "none",
    encoding: "json",
    input: LoginPayload,
    data: LoginResponse,
    summary: "Logs in by phone and SMS code, creating the account on first use (is_register); the stored invite code goes along when present."
  }),
  wechatBindPhone: defineRoute({
    name: "login.wechatBindPhone",
    method: "POST",
    path: "/api/v1/open/base/wechat_bind_phone",
    auth: "none",
    encoding: "json",
    input: WechatBindPayload,
    data: LoginResponse,
    summary: "Completes a WeChat QR login that answered bind_phone: the key, a phone and the code send_wechat_bind_sms sent to it; answers a token."
  }),
  sendVerifySms: defineRoute({
    name: "login.sendVerifySms",
    method: "POST",
    path: "/api/v1/open/base/send_verify_sms",
    auth: "none",
    encoding: "json",
    input: PhoneSmsPayload,
    data: SmsSent,
    summary: "Sends a login code to phone; captcha_code answers the captcha issued for that phone. At most 1 a minute, 5 an hour, 10 a day per phone (R2)."
  }),
  sendWechatBindSms: defineRoute({
    name: "login.sendWechatBindSms",
    method: "POST",
    path: "/api/v1/open/base/send_wechat_bind_sms",
    auth: "none",
    encoding: "json",
    input: PhoneSmsPayload,
    data: SmsSent,
    summary: "Sends the code for wechat_bind_phone to phone (captcha issued for that phone)."
  }),
  loginWechatQr: defineRoute({
    name: "login.loginWechatQr",
    method: "GET",
    path: "/api/v1/open/base/get_login_wechat_qr_code",
    auth: "none",
    encoding: "query",
    input: WechatQrQuery,
    data: WechatQr,
    summary: "A WeChat QR code to log in with and its key; the optional nonce (ours, R5) binds the key to this browser."
  }),
  checkLoginWechatQr: defineRoute({
    name: "login.checkLoginWechatQr",
    method: "GET",
    path: "/api/v1/open/base/check_login_wechat_qr_code",
    auth: "none",
    encoding: "query",
    input: WechatQrCheckQuery,
    data: WechatQrCheck,
    summary: "Polled about once a second: waiting, scanned, success with a token (given once), bind_phone with a key, or expired (also for unknown keys, R5)."
  })
} as const
