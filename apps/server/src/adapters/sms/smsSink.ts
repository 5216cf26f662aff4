import type { SmsPurpose } from "../../db/schema/login.js"
import type { Log } from "../../platform/deps.js"
import { maskPhone } from "../../features/users/userView.js"

/** Where SMS go: the port a real provider (Aliyun SMS) adapter implements. */
export interface SmsSink {
  /** Sends a one-time code; throws when the provider refuses. */
  readonly sendCode: (message: { readonly phone: string; readonly purpose: SmsPurpose; readonly code: string }) => Promise<void>
  /** A notice without a code, e.g. to the old phone after a phone change (R6). */
  readonly sendNotice: (phone: string, text: string) => Promise<void>
}

export interface OutboxCode {
  readonly code: string
  readonly purpose: SmsPurpose
  readonly sent: number
}

/**
 * Development only: the last captcha answer per subject and the last code per phone, in this process's
 * memory, so that GET /api/dev/captcha and /api/dev/sms can answer tests and developers. Never created
 * in production; the database keeps only hashes (R3).
 */
export class DevOutbox {
  private readonly captchas = new Map<string, string>()
  private readonly codes = new Map<string, OutboxCode>()
  private readonly notices = new Map<string, Array<string>>()

  rememberCaptcha(subject: string, answer: string) {
    this.captchas.set(subject, answer)
  }

  captcha(subject: string): string | undefined {
    return this.captchas.get(subject)
  }

  rememberCode(phone: string, purpose: SmsPurpose, code: string) {
    this.codes.set(phone, { code, purpose, sent: (this.codes.get(phone)?.sent ?? 0) + 1 })
  }

  code(phone: string): OutboxCode | undefined {
    return this.codes.get(phone)
  }

  rememberNotice(phone: string, text: string) {
    this.notices.set(phone, [...(this.notices.get(phone) ?? []), text])
  }

  noticesFor(phone: string): ReadonlyArray<string> {
    return this.notices.get(phone) ?? []
  }
}

/**
 * The development sink: prints `sms code` lines (the code in clear, the phone masked) and keeps the
 * code in the outbox. `log` is read on every call so the server's logger is the one used.
 */
export const devSmsSink = (log: () => Log, outbox: DevOutbox): SmsSink => ({
  sendCode: async ({ phone, purpose, code }) => {
    outbox.rememberCode(phone, purpose, code)
    log().info("sms code", { phone: maskPhone(phone), purpose, code, note: "development SMS sink: nothing was sent" })
  },
  sendNotice: async (phone, text) => {
    outbox.rememberNotice(phone, text)
    log().info("sms notice", { phone: maskPhone(phone), text })
  }
})

/**
 * Production without a provider adapter: refuses to pretend. The code never reaches the log (R38);
 * the send fails, so the user sees an error instead of waiting for an SMS that never comes.
 */
export const unconfiguredSmsSink = (log: () => Log): SmsSink => ({
  sendCode: async ({ phone, purpose }) => {
    log().error("sms provider not configured", { phone: maskPhone(phone), purpose })
    throw new Error("no SMS provider configured")
  },
  sendNotice: async (phone) => {
    log().warn("sms provider not configured; notice not sent", { phone: maskPhone(phone) })
  }
})
