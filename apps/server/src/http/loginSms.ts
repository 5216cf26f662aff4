import type { SmsSent } from "@mido/core"
import type { Context } from "hono"
import type { SmsPurpose } from "../db/schema/login.js"
import { type CaptchaSubject, consumeCaptcha } from "../domain-services/captcha.js"
import { reserveSmsSend, SMS_DAILY_BUDGET, SMS_RESEND_SECONDS, type SmsVerdict } from "../domain-services/rateLimits.js"
import { checkSmsCode, newSmsCode, storeSmsCode } from "../domain-services/smsCodes.js"
import type { SmsSink } from "../domain-services/smsSink.js"
import { maskPhone } from "../domain-services/userView.js"
import type { ServerDeps } from "./deps.js"
import { ApiFailure, badInput, tooMany } from "./failure.js"

/** R2: the SMS limiter or provider is unavailable; the send is refused (fail closed). */
export const SERVICE_UNAVAILABLE = 503

/** R37: a limit answers the rate-limit code with Retry-After (seconds). */
export const rateLimited = (hono: Context, retryAfterSeconds: number, message: string) => {
  hono.header("Retry-After", String(Math.max(1, Math.ceil(retryAfterSeconds))))
  return tooMany(message)
}

export const CAPTCHA_REJECTED = "图形验证码错误或已过期，请刷新后重试"
export const CODE_WRONG = "验证码错误"
export const CODE_EXPIRED = "验证码已失效，请重新获取"
export const PHONE_LOCKED = "验证码错误次数过多，请1小时后再试"

export interface SmsSendRequest {
  readonly phone: string
  readonly purpose: SmsPurpose
  /** The captcha that guards this send: issued for the phone, or for the user (send_user_sms). */
  readonly captcha: CaptchaSubject
  readonly captchaCode: string
}

export interface SmsService {
  readonly send: (context: { readonly ip: string; readonly hono: Context }, request: SmsSendRequest) => Promise<SmsSent>
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
  const send: SmsService["send"] = async ({ ip, hono }, request) => {
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
        throw new ApiFailure(SERVICE_UNAVAILABLE, "短信服务繁忙，请稍后再试")
      }
      if (!verdict.allowed) {
        deps.log.warn("sms refused: limit", { phone, ip, scope: verdict.scope, retryAfter: verdict.retryAfter })
        throw rateLimited(hono, verdict.retryAfter, verdict.message)
      }
      if (verdict.dailyTotal > SMS_DAILY_BUDGET) deps.log.warn("sms daily budget exceeded", { total: verdict.dailyTotal, budget: SMS_DAILY_BUDGET })
      await storeSmsCode(tx, config.secret, request.phone, request.purpose, code, now)
    })
    try {
      await sink.sendCode({ phone: request.phone, purpose: request.purpose, code })
    } catch (error) {
      deps.log.error("sms provider failed", { phone, purpose: request.purpose, error: error instanceof Error ? error.message : String(error) })
      throw new ApiFailure(SERVICE_UNAVAILABLE, "短信发送失败，请稍后再试")
    }
    deps.log.info("sms sent", { phone, purpose: request.purpose, ip })
    return { resend_in: SMS_RESEND_SECONDS }
  }

  const verify: SmsService["verify"] = async (hono, attempt) => {
    const result = await checkSmsCode(db, config.secret, attempt, deps.now())
    if (result.ok) return result.id
    // R4/R38: every failure is logged, never with the code
    deps.log.warn("sms code rejected", { phone: maskPhone(attempt.phone), purpose: attempt.purpose, reason: result.reason })
    if (result.reason === "locked") throw rateLimited(hono, 3600, PHONE_LOCKED)
    throw badInput(result.reason === "wrong" ? CODE_WRONG : CODE_EXPIRED)
  }

  return { send, verify, sink }
}
