import type { SmsPurpose } from "../../db/schema/login.js"
import type { Log } from "../../platform/log.js"
import { maskPhone } from "../../platform/maskPhone.js"
import type { DevOutbox, OutboxCode, SmsSink } from "./smsPort.js"

/** The development outbox in this process's memory (one per server, built in the composition root). */
export class MemoryDevOutbox implements DevOutbox {
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
 * code in the outbox.
 */
export const devSmsSink = (log: Log, outbox: MemoryDevOutbox): SmsSink => ({
  sendCode: async ({ phone, purpose, code }) => {
    outbox.rememberCode(phone, purpose, code)
    log.info("sms code", { phone: maskPhone(phone), purpose, code, note: "development SMS sink: nothing was sent" })
  },
  sendNotice: async (phone, text) => {
    outbox.rememberNotice(phone, text)
    log.info("sms notice", { phone: maskPhone(phone), text })
  }
})
