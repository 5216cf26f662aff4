import type { SmsSent } from "@mido/core"
import type { Context } from "hono"
import type { SmsPurpose } from "../../db/schema/login.js"
import { type CaptchaSubject, consumeCaptcha } from "./captcha.js"
import { reserveSmsSend, SMS_DAILY_BUDGET, SMS_RESEND_SECONDS, type SmsVerdict } from "./rateLimits.js"
import { checkSmsCode, newSmsCode, storeSmsCode } from "./smsCodes.js"
import { type SmsSink, SmsRefused } from "../../adapters/sms/smsPort.js"
import { maskPhone } from "../../platform/maskPhone.js"
import { clientIp } from "../../platform/clientIp.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ApiFailure, badInput, Codes, tooMany } from "../../platform/failure.js"

/** R2: the SMS limiter or provider is unavailable; the send is refused (fail closed). */

/** R37: a limit answers the rate-limit code; the root (platform/failureAnswer.ts) sets Retry-After from the seconds. */
export const rateLimited = (retryAfterSeconds: number, message: string) => tooMany(message, retryAfterSeconds)

export const CAPTCHA_REJECTED = "图形验证码错误或已过期，请刷新后重试"
/**
 * R4: one answer for a wrong code, an expired, used or burned one, and a phone that was sent none, so
 * the answer tells nothing about the phone.
 */
export const CODE_REJECTED = "验证码错误或已失效，请重新获取"
/** The same answer when a checked code was taken meanwhile (consumeSmsCode lost a race). */
export const CODE_EXPIRED = CODE_REJECTED
/** R4: the lock's answer names the wait, rounded up to minutes. */
export const phoneLocked = (retryAfterSeconds: number) => `验证码错误次数过多，请${Math.max(1, Math.ceil(retryAfterSeconds / 60))}分钟后再试`

/**
 * A provider's refusal in the user's terms (issue 27): its own flow control is a limit (429), a number
 * it will not deliver to is bad input, anything else (the operator's account, template, signature, or
 * a provider fault) is 503. Never a 500. R2's limits stay in front: the send was counted before.
 */
const providerFailure = (error: unknown): ApiFailure => {
  if (error instanceof SmsRefused && error.kind === "limit") return rateLimited(SMS_RESEND_SECONDS, error.userMessage)
  if (error instanceof SmsRefused && error.kind === "phone") return badInput(error.userMessage)
  return new ApiFailure(Codes.unavailable, error instanceof SmsRefused ? error.userMessage : "短信发送失败，请稍后再试")
}

export interface SmsSendRequest {
  readonly phone: string
  readonly purpose: SmsPurpose
  /** The captcha that guards this send: issued for the phone, or for the user (send_user_sms). */
  readonly captcha: CaptchaSubject
  readonly captchaCode: string
}

export interface SmsService {
  readonly send: (context: { readonly ip: string }, request: SmsSendRequest) => Promise<SmsSent>
  /** Checks a code (R3, R4) and answers its id for `consumeSmsCode`; throws the user-facing error. */
  readonly verify: (hono: Context, attempt: { readonly phone: string; readonly purpose: SmsPurpose; readonly code: string }) => Promise<number>
  readonly sink: SmsSink
}

export const makeSmsService = (deps: ServerDeps, sink: SmsSink): SmsService => {
  const { db, config } = deps

  /**
   * R1 then R2: the captcha is consumed first (right or wrong); the limits are counted and the send
   * recorded in one transaction, failing closed; only then does the provider get the code.
   */
  const send: SmsService["send"] = async ({ ip }, request) => {
    const now = deps.now()
    const phone = maskPhone(request.phone)
    if (!(await consumeCaptcha(db, config.secret, request.captcha, request.captchaCode, now))) {
      deps.log.warn("sms refused: captcha", { phone, purpose: request.purpose, ip })
      throw badInput(CAPTCHA_REJECTED)
    }
    const code = newSmsCode()
    await db.transaction(async (tx) => {
      let verdict: SmsVerdict
      try {
        verdict = await reserveSmsSend(tx, { phone: request.phone, ip, purpose: request.purpose }, now)
      } catch (error) {
        deps.log.error("sms limiter unavailable; send refused", { phone, error: error instanceof Error ? error.message : String(error) })
        throw new ApiFailure(Codes.unavailable, "短信服务繁忙，请稍后再试")
      }
      if (!verdict.allowed) {
        deps.log.warn("sms refused: limit", { phone, ip, scope: verdict.scope, retryAfter: verdict.retryAfter })
        throw rateLimited(verdict.retryAfter, verdict.message)
      }
      if (verdict.dailyTotal > SMS_DAILY_BUDGET) deps.log.warn("sms daily budget exceeded", { total: verdict.dailyTotal, budget: SMS_DAILY_BUDGET })
      await storeSmsCode(tx, config.secret, request.phone, request.purpose, code, now)
    })
    try {
      await sink.sendCode({ phone: request.phone, purpose: request.purpose, code })
    } catch (error) {
      deps.log.error("sms provider failed", { phone, purpose: request.purpose, error: error instanceof Error ? error.message : String(error) })
      throw providerFailure(error)
    }
    deps.log.info("sms sent", { phone, purpose: request.purpose, ip })
    return { resend_in: SMS_RESEND_SECONDS }
  }

  /**
   * R4, R38: every check is one structured event, `sms_verify` with its outcome (success, or failure
   * with a reason), the masked phone and the IP; never the code.
   */
  const verify: SmsService["verify"] = async (hono, attempt) => {
    const result = await checkSmsCode(db, config.secret, attempt, deps.now())
    const event = { event: "sms_verify", phone: maskPhone(attempt.phone), purpose: attempt.purpose, ip: clientIp(hono, config.trustProxy) }
    if (result.ok) {
      deps.log.info("sms code accepted", { ...event, outcome: "success" })
      return result.id
    }
    deps.log.warn("sms code rejected", { ...event, outcome: "failure", reason: result.reason })
    if (result.reason === "locked") throw rateLimited(result.retryAfterSeconds, phoneLocked(result.retryAfterSeconds))
    throw badInput(CODE_REJECTED)
  }

  return { send, verify, sink }
}
