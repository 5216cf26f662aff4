import type { RouteExamples } from "../Route.js"
import type { loginRoutes } from "../routes/loginRoutes.js"
import { PNG_DATA_URL } from "./accountSamples.js"

const CAPTCHA_SVG =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMjAiIGhlaWdodD0iNDAiLz4="
const QR_KEY = "wxq_9KfT2mZpLx7QeR4sV1nB"
const NONCE = "nc_h7Gd2LqP0sXw5YzA3bCe"
const TOKEN = "mt_4f9c2a7e1b8d4c0fa3e6b5d7c9e1f2a4"

/** Wire-form examples of the login routes (docs/api.md and the decode tests; never shipped to the browser). */
export const loginExamples: RouteExamples<typeof loginRoutes> = {
  captcha: { input: { phone: "13800000000" }, data: { captcha_id: "cap_71Qx", image: CAPTCHA_SVG, expire_in: 300 } },
  login: {
    input: { phone: "13800000000", code: "385912", invite_code: "MD8K2Q" },
    data: { token: TOKEN, is_register: false }
  },
  wechatBindPhone: {
    input: { key: QR_KEY, phone: "13800000000", code: "604217" },
    data: { token: TOKEN, is_register: true }
  },
  sendVerifySms: { input: { phone: "13800000000", captcha_code: "x7Kp" }, data: { resend_in: 60 } },
  sendWechatBindSms: { input: { phone: "13800000000", captcha_code: "x7Kp" }, data: { resend_in: 60 } },
  loginWechatQr: { input: { nonce: NONCE }, data: { key: QR_KEY, qr: PNG_DATA_URL, expire_in: 300 } },
  checkLoginWechatQr: { input: { key: QR_KEY, nonce: NONCE }, data: { status: "success", token: TOKEN, is_register: false } },
  logout: { input: {}, data: { revoked: 1 } },
  logoutEverywhere: { input: {}, data: { revoked: 3 } },
  sendUserSms: { input: { captcha_code: "q3Zm" }, data: { resend_in: 60 } },
  sendBindSms: { input: { phone: "13912345678", captcha_code: "q3Zm" }, data: { resend_in: 60 } },
  bindWechatQr: { input: {}, data: { key: QR_KEY, qr: PNG_DATA_URL, expire_in: 300 } },
  checkBindWechatQr: { input: { key: QR_KEY }, data: { status: "scanned" } }
}
