import { Schema } from "effect"
import { CaptchaCode, InviteCode, Phone, SmsCode } from "./Phone.js"
import { Token } from "./SessionToken.js"

// the session's own schemas live apart, so that the app's start (AuthToken, logout) loads none of the sign-in ones (ADR 0029)
export { LogoutResult, Token } from "./SessionToken.js"

/** POST /api/v1/open/base/login (spec §3 login payload): phone, SMS code, and the inviter's code if any. */
export const LoginPayload = Schema.Struct({
  phone: Phone,
  code: SmsCode,
  invite_code: Schema.optional(InviteCode)
})
export type LoginPayload = typeof LoginPayload.Type

/** What login and wechat_bind_phone return (spec §3 login response). */
export const LoginResponse = Schema.Struct({
  token: Token,
  is_register: Schema.Boolean.annotations({ description: "true when this login created the account" })
})
export type LoginResponse = typeof LoginResponse.Type

/** An SMS send to a phone the user typed (send_verify_sms, send_wechat_bind_sms, send_bind_sms). */
export const PhoneSmsPayload = Schema.Struct({ phone: Phone, captcha_code: CaptchaCode })
export type PhoneSmsPayload = typeof PhoneSmsPayload.Type

/** send_user_sms: the code goes to the logged-in user's own phone, so only the captcha is sent. */
export const UserSmsPayload = Schema.Struct({ captcha_code: CaptchaCode })
export type UserSmsPayload = typeof UserSmsPayload.Type

/**
 * What an SMS send answers (not shown in the spec; designed): when another code may be asked for, so
 * the button's countdown agrees with the server's limit (R2: one a minute per phone).
 */
export const SmsSent = Schema.Struct({
  resend_in: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "seconds before another code may be sent" })
})
export type SmsSent = typeof SmsSent.Type

/**
 * GET /api/v1/open/base/captcha (designed; the spec's SMS payloads carry only captcha_code). The
 * captcha is issued for the phone given, or, without a phone, for the logged-in user (send_user_sms).
 * It is single use and expires; the next SMS send for that phone or user must carry its answer.
 */
export const CaptchaQuery = Schema.Struct({
  phone: Schema.optional(Phone).annotations({
    description: "the phone the next SMS goes to; omit for send_user_sms (then a token is required)"
  })
})
export type CaptchaQuery = typeof CaptchaQuery.Type

export const Captcha = Schema.Struct({
  captcha_id: Schema.optional(Schema.String).annotations({ description: "the server's id of this captcha, for logs only" }),
  image: Schema.String.pipe(Schema.pattern(/^data:image\/(?:svg\+xml|png)[;,]/)).annotations({
    description: "the captcha picture as a data URL (SVG)"
  }),
  expire_in: Schema.optional(Schema.Int.pipe(Schema.positive())).annotations({ description: "seconds the captcha stays valid" })
})
export type Captcha = typeof Captcha.Type
