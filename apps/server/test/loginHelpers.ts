import { sql } from "drizzle-orm"
import type { ServerConfig } from "../src/platform/config.js"
import { jsonLog } from "../src/platform/log.js"
import type { RunningServer } from "../src/server.js"
import { startServerWith, testConfig } from "./testServer.js"

export interface Envelope {
  readonly code: number
  readonly msg: string
  readonly data: any // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Answer extends Envelope {
  readonly status: number
  readonly headers: Headers
}

export interface CallOptions {
  readonly token?: string
  /** The client IP (X-Forwarded-For); a fresh one per call unless given, so the per-IP limits stay out of the way. */
  readonly ip?: string
}

export interface LoginTestServer extends RunningServer {
  /** Every structured log line the server wrote (R38 checks). */
  readonly logs: Array<string>
  readonly call: (method: "GET" | "POST", path: string, body?: Record<string, unknown>, options?: CallOptions) => Promise<Answer>
}

let ipCounter = 0
export const freshIp = () => {
  ipCounter += 1
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
}

/**
 * The real server (as startTestServer builds it: test config, a clone of the migrated template) with a
 * log that is kept, and a call helper that returns status and headers too (Retry-After).
 */
export const startLoginServer = async (overrides: Partial<ServerConfig> = {}, adapters: Parameters<typeof startServerWith>[2] = {}): Promise<LoginTestServer> => {
  const logs: Array<string> = []
  const running = await startServerWith(testConfig(overrides), jsonLog((line) => logs.push(line)), adapters)
  const call: LoginTestServer["call"] = async (method, path, body, options = {}) => {
    const headers: Record<string, string> = { source: "PC", "content-type": "application/json", "x-forwarded-for": options.ip ?? freshIp() }
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
    const query = method === "GET" && body !== undefined ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : ""
    const response = await fetch(`${running.url}${path}${query}`, { method, headers, ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}) })
    const envelope = (await response.json()) as Envelope
    return { ...envelope, status: response.status, headers: response.headers }
  }
  return { ...running, logs, call }
}

export interface TestClock {
  readonly now: () => Date
  /** Moves the clock forward and answers the new time. */
  readonly advance: (seconds: number) => Date
}

/**
 * Gives the server a clock the test moves, so the hour windows of R2/R4/R37 are tested without
 * sleeping. Every handler reads `deps.now()` per request, so replacing it on the running server is
 * enough; use it on a server of its own (one test file), not on one shared with clock-free tests.
 */
export const installClock = (server: RunningServer, start: Date = new Date()): TestClock => {
  let current = start.getTime()
  const now = () => new Date(current)
  Object.assign(server.deps, { now })
  return {
    now,
    advance: (seconds) => {
      current += seconds * 1000
      return now()
    }
  }
}

export const Paths = {
  captcha: "/api/v1/open/base/captcha",
  login: "/api/v1/open/base/login",
  sendVerifySms: "/api/v1/open/base/send_verify_sms",
  sendWechatBindSms: "/api/v1/open/base/send_wechat_bind_sms",
  wechatBindPhone: "/api/v1/open/base/wechat_bind_phone",
  loginQr: "/api/v1/open/base/get_login_wechat_qr_code",
  checkLoginQr: "/api/v1/open/base/check_login_wechat_qr_code",
  sendUserSms: "/api/v1/base/send_user_sms",
  sendBindSms: "/api/v1/base/send_bind_sms",
  bindQr: "/api/v1/base/get_bind_wechat_qr_code",
  checkBindQr: "/api/v1/base/check_bind_wechat_qr_code",
  changePhoneAuth: "/api/v1/user/change_phone/auth",
  changePhone: "/api/v1/user/change_phone",
  userInfo: "/api/v1/user/info"
} as const

/** Issues a captcha for a phone and reads its answer from the development endpoint. */
export const captchaAnswer = async (server: LoginTestServer, phone: string, options: CallOptions = {}): Promise<string> => {
  const issued = await server.call("GET", Paths.captcha, { phone }, options)
  if (issued.code !== 0) throw new Error(`captcha failed: ${issued.msg}`)
  return (await server.call("GET", `/api/dev/captcha?phone=${phone}`)).data.answer as string
}

/** Issues a captcha for the logged-in user (no phone) and reads its answer. */
export const userCaptchaAnswer = async (server: LoginTestServer, token: string, uid: number): Promise<string> => {
  const issued = await server.call("GET", Paths.captcha, {}, { token })
  if (issued.code !== 0) throw new Error(`captcha failed: ${issued.msg}`)
  return (await server.call("GET", `/api/dev/captcha?uid=${uid}`)).data.answer as string
}

/** The last code the development SMS sink got for this phone (and how many it got). */
export const lastSms = async (server: LoginTestServer, phone: string): Promise<{ code: string; purpose: string; sent: number } | undefined> => {
  const answer = await server.call("GET", `/api/dev/sms?phone=${phone}`)
  return answer.code === 0 ? answer.data : undefined
}

/** Captcha, then an SMS send to `path` (default: the login code); answers the send's envelope. */
export const sendCode = async (server: LoginTestServer, phone: string, path: string = Paths.sendVerifySms, options: CallOptions = {}) => {
  const captcha_code = await captchaAnswer(server, phone, options)
  return server.call("POST", path, { phone, captcha_code }, options)
}

/** Moves this phone's earlier sends back by a day, as if they were long ago (the limits of R2 count them). */
export const rewindSends = (server: LoginTestServer, phone: string) =>
  server.deps.db.execute(sql`update sms_send_log set sent_at = sent_at - interval '1 day' where phone = ${phone}`)

/** The whole phone login: captcha, SMS, login (earlier sends to the phone rewound first). */
export const loginByPhone = async (server: LoginTestServer, phone: string, extra: Record<string, unknown> = {}) => {
  await rewindSends(server, phone)
  const sent = await sendCode(server, phone)
  if (sent.code !== 0) throw new Error(`send failed: ${sent.msg}`)
  const sms = await lastSms(server, phone)
  const answer = await server.call("POST", Paths.login, { phone, code: sms?.code, ...extra })
  if (answer.code !== 0) throw new Error(`login failed: ${answer.msg}`)
  return answer.data as { token: string; is_register: boolean }
}

/** A 6-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0")
