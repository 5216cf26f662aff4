import { defineRoute } from "../Route.js"
import { Captcha, CaptchaQuery, LoginPayload, LoginResponse, PhoneSmsPayload, SmsSent, UserSmsPayload } from "../schemas/Login.js"
import { WechatBindPayload, WechatBindQrCheck, WechatQr, WechatQrCheck, WechatQrCheckQuery, WechatQrQuery } from "../schemas/WechatQr.js"
import { PNG_DATA_URL } from "./examples/accountSamples.js"

const CAPTCHA_SVG =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMjAiIGhlaWdodD0iNDAiLz4="
const QR_KEY = "wxq_9KfT2mZpLx7QeR4sV1nB"
const NONCE = "nc_h7Gd2LqP0sXw5YzA3bCe"
const TOKEN = "mt_4f9c2a7e1b8d4c0fa3e6b5d7c9e1f2a4"

/** Spec §7 "Login", plus the captcha the SMS sends need. Every SMS send is rate-limited per phone and IP (R2). */
export const loginRoutes = {
  captcha: defineRoute({
    name: "login.captcha",
    method: "GET",
    path: "/api/v1/open/base/captcha",
    auth: "optional",
    encoding: "query",
    input: CaptchaQuery,
    data: Captcha,
    summary:
      "An image captcha (designed: the spec's SMS payloads carry only captcha_code). Issued for the phone given, or without phone for the logged-in user (send_user_sms); single use, a few minutes.",
    example: { input: { phone: "13800000000" }, data: { captcha_id: "cap_71Qx", image: CAPTCHA_SVG, expire_in: 300 } }
  }),
  login: defineRoute({
    name: "login.login",
    method: "POST",
    path: "/api/v1/open/base/login",
    auth: "none",
    encoding: "json",
    input: LoginPayload,
    data: LoginResponse,
    summary: "Logs in by phone and SMS code, creating the account on first use (is_register); the stored invite code goes along when present.",
    example: {
      input: { phone: "13800000000", code: "385912", invite_code: "MD8K2Q" },
      data: { token: TOKEN, is_register: false }
    }
  }),
  wechatBindPhone: defineRoute({
    name: "login.wechatBindPhone",
    method: "POST",
    path: "/api/v1/open/base/wechat_bind_phone",
    auth: "none",
    encoding: "json",
    input: WechatBindPayload,
    data: LoginResponse,
    summary: "Completes a WeChat QR login that answered bind_phone: the key, a phone and the code send_wechat_bind_sms sent to it; answers a token.",
    example: {
      input: { key: QR_KEY, phone: "13800000000", code: "604217" },
      data: { token: TOKEN, is_register: true }
    }
  }),
  sendVerifySms: defineRoute({
    name: "login.sendVerifySms",
    method: "POST",
    path: "/api/v1/open/base/send_verify_sms",
    auth: "none",
    encoding: "json",
    input: PhoneSmsPayload,
    data: SmsSent,
    summary: "Sends a login code to phone; captcha_code answers the captcha issued for that phone. At most 1 a minute, 5 an hour, 10 a day per phone (R2).",
    example: { input: { phone: "13800000000", captcha_code: "x7Kp" }, data: { resend_in: 60 } }
  }),
  sendWechatBindSms: defineRoute({
    name: "login.sendWechatBindSms",
    method: "POST",
    path: "/api/v1/open/base/send_wechat_bind_sms",
    auth: "none",
    encoding: "json",
    input: PhoneSmsPayload,
    data: SmsSent,
    summary: "Sends the code for wechat_bind_phone to phone (captcha issued for that phone).",
    example: { input: { phone: "13800000000", captcha_code: "x7Kp" }, data: { resend_in: 60 } }
  }),
  loginWechatQr: defineRoute({
    name: "login.loginWechatQr",
    method: "GET",
    path: "/api/v1/open/base/get_login_wechat_qr_code",
    auth: "none",
    encoding: "query",
    input: WechatQrQuery,
    data: WechatQr,
    summary: "A WeChat QR code to log in with and its key; the optional nonce (ours, R5) binds the key to this browser.",
    example: { input: { nonce: NONCE }, data: { key: QR_KEY, qr: PNG_DATA_URL, expire_in: 300 } }
  }),
  checkLoginWechatQr: defineRoute({
    name: "login.checkLoginWechatQr",
    method: "GET",
    path: "/api/v1/open/base/check_login_wechat_qr_code",
    auth: "none",
    encoding: "query",
    input: WechatQrCheckQuery,
    data: WechatQrCheck,
    summary: "Polled about once a second: waiting, scanned, success with a token (given once), bind_phone with a key, or expired (also for unknown keys, R5).",
    example: { input: { key: QR_KEY, nonce: NONCE }, data: { status: "success", token: TOKEN, is_register: false } }
  }),
  sendUserSms: defineRoute({
    name: "login.sendUserSms",
    method: "POST",
    path: "/api/v1/base/send_user_sms",
    auth: "required",
    encoding: "json",
    input: UserSmsPayload,
    data: SmsSent,
    summary: "Sends a code to the logged-in user's current phone (change_phone/auth); the captcha was issued for this user.",
    example: { input: { captcha_code: "q3Zm" }, data: { resend_in: 60 } }
  }),
  sendBindSms: defineRoute({
    name: "login.sendBindSms",
    method: "POST",
    path: "/api/v1/base/send_bind_sms",
    auth: "required",
    encoding: "json",
    input: PhoneSmsPayload,
    data: SmsSent,
    summary: "Sends a code to a new phone the logged-in user wants to bind (change_phone); a phone bound to another account is refused (R6).",
    example: { input: { phone: "13912345678", captcha_code: "q3Zm" }, data: { resend_in: 60 } }
  }),
  bindWechatQr: defineRoute({
    name: "login.bindWechatQr",
    method: "GET",
    path: "/api/v1/base/get_bind_wechat_qr_code",
    auth: "required",
    encoding: "query",
    input: WechatQrQuery,
    data: WechatQr,
    summary: "A QR code that binds the scanning WeChat account to the logged-in user.",
    example: { input: {}, data: { key: QR_KEY, qr: PNG_DATA_URL, expire_in: 300 } }
  }),
  checkBindWechatQr: defineRoute({
    name: "login.checkBindWechatQr",
    method: "GET",
    path: "/api/v1/base/check_bind_wechat_qr_code",
    auth: "required",
    encoding: "query",
    input: WechatQrCheckQuery,
    data: WechatBindQrCheck,
    summary: "Polls the binding: waiting, scanned, success (bound) or expired; a WeChat account bound elsewhere is an error, never a merge (R6).",
    example: { input: { key: QR_KEY }, data: { status: "scanned" } }
  })
} as const
