import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { WechatQrCheck } from "../schemas/WechatQr.js"
import { loginRoutes } from "./loginRoutes.js"
import { loginExamples } from "../examples/loginExamples.js"
import { describeRoutes } from "../../testing/describeRoutes.js"

const KEY = "wxq_9KfT2mZpLx7QeR4sV1nB"
const TOKEN = "mt_4f9c2a7e1b8d4c0fa3e6b5d7c9e1f2a4"
const badPhones = ["", "1380000000", "138000000000", "23800000000", "1380000000a", "+8613800000000"]
const phoneSms = (phone: string, captcha_code = "x7Kp") => ({ phone, captcha_code })
const smsMalformed = [null, { resend_in: -1 }, { resend_in: "60" }]
const qrMalformed = [{ key: KEY, qr: "javascript:alert(1)", expire_in: 300 }, { key: "short", qr: "https://x.example.com/q.png", expire_in: 300 }, { key: KEY }]

describeRoutes("login", loginRoutes, loginExamples, {
  captcha: {
    malformed: [{ image: "https://evil.example.com/c.svg" }, { captcha_id: "c1" }],
    badInputs: [{ phone: "12345" }]
  },
  login: {
    malformed: [{ token: "", is_register: false }, { token: TOKEN }, { token: TOKEN, is_register: "no" }],
    badInputs: [
      ...badPhones.map((phone) => ({ phone, code: "385912" })),
      { phone: "13800000000", code: "" },
      { phone: "13800000000", code: "38591" },
      { phone: "13800000000", code: "3859120" },
      { phone: "13800000000", code: "385912", invite_code: "<script>" },
      { phone: "13800000000", code: "385912", is_register: true }
    ]
  },
  wechatBindPhone: {
    malformed: [{ is_register: true }],
    badInputs: [
      { key: "", phone: "13800000000", code: "604217" },
      { key: KEY, phone: "1380000000", code: "604217" },
      { key: KEY, phone: "13800000000", code: "" }
    ]
  },
  sendVerifySms: {
    malformed: smsMalformed,
    badInputs: [...badPhones.map((phone) => phoneSms(phone)), phoneSms("13800000000", ""), phoneSms("13800000000", "ab"), { phone: "13800000000" }]
  },
  sendWechatBindSms: {
    malformed: smsMalformed,
    badInputs: [phoneSms("1380000000"), phoneSms("13800000000", "")]
  },
  loginWechatQr: {
    malformed: qrMalformed,
    badInputs: [{ nonce: "short" }]
  },
  checkLoginWechatQr: {
    malformed: [{ status: "success" }, { status: "bind_phone" }, { status: "done" }, {}],
    badInputs: [{}, { key: "" }, { key: "bad key with spaces!!" }]
  },
  // no fields: Struct({}) takes none, and the server refuses any (contract.ts takesNoFields, R12)
  logout: { malformed: [null, {}, { revoked: -1 }, { revoked: "1" }, { revoked: 1.5 }] },
  logoutEverywhere: { malformed: [null, {}, { revoked: -1 }] },
  sendUserSms: {
    malformed: smsMalformed,
    badInputs: [{}, { captcha_code: "" }, { captcha_code: "中文验证码" }]
  },
  sendBindSms: {
    malformed: smsMalformed,
    badInputs: [phoneSms(""), phoneSms("13912345678", "")]
  },
  bindWechatQr: {
    malformed: qrMalformed,
    badInputs: [{ nonce: "!!" }]
  },
  checkBindWechatQr: {
    malformed: [{ status: "bind_phone", key: KEY }, { status: "bound" }, null],
    badInputs: [{}, { key: "x" }]
  }
})

describe("login schemas", () => {
  it("reads every state of the QR check", () => {
    const decode = Schema.decodeUnknownSync(WechatQrCheck)
    expect(decode({ status: "waiting" })).toEqual({ status: "waiting" })
    expect(decode({ status: "scanned" })).toEqual({ status: "scanned" })
    expect(decode({ status: "success", token: TOKEN, is_register: true })).toEqual({ status: "success", token: TOKEN, is_register: true })
    expect(decode({ status: "bind_phone", key: KEY })).toEqual({ status: "bind_phone", key: KEY })
    expect(decode({ status: "expired" })).toEqual({ status: "expired" })
  })

  it("trims the phone and code and explains a bad phone in Chinese", () => {
    const decode = Schema.decodeUnknownSync(loginRoutes.login.input)
    expect(decode({ phone: " 13800000000 ", code: " 385912" })).toEqual({ phone: "13800000000", code: "385912" })
    const bad = Schema.decodeUnknownEither(loginRoutes.login.input)({ phone: "1380000", code: "385912" })
    expect(Either.isLeft(bad) && bad.left.message).toContain("请输入正确的手机号")
  })
})
