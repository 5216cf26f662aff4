import { Schema } from "effect"

/**
 * The fields of the phone-code flows (spec §3 login payload, §7 Login) as a user types them: trimmed on
 * decode, checked with the Chinese message the login form shows.
 */

/** A mainland mobile number: 11 digits starting with 1. */
export const Phone = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "请输入手机号" }),
  Schema.pattern(/^1\d{10}$/, { message: () => "请输入正确的手机号" })
).annotations({ description: "mainland mobile number, 11 digits starting with 1" })

/**
 * A phone number as the API shows it back (R10, R38): never in full, always masked as 138****0000,
 * so that nothing the client caches or logs holds a whole number. A full number fails to decode.
 */
export const MaskedPhone = Schema.String.pipe(Schema.pattern(/^1\d{2}\*{4}\d{4}$/)).annotations({
  description: "masked mobile number, 138****0000; the full number never leaves the server (R10)"
})

/** The 6-digit SMS code (R3). */
export const SmsCode = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "请输入验证码" }),
  Schema.pattern(/^\d{6}$/, { message: () => "请输入 6 位数字验证码" })
).annotations({ description: "6-digit SMS verification code" })

/** The answer to the image captcha that guards every SMS send (see login.captcha). */
export const CaptchaCode = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "请输入图形验证码" }),
  Schema.pattern(/^[A-Za-z0-9]{4,6}$/, { message: () => "图形验证码不正确" })
).annotations({ description: "answer to the image captcha, 4 to 6 letters or digits, single use" })

/**
 * An inviter's code (spec §5: attached to login from local storage). The session drops a stored value
 * that does not match rather than let it block the login.
 */
export const InviteCode = Schema.Trim.pipe(
  Schema.pattern(/^[A-Za-z0-9]{4,32}$/, { message: () => "邀请码无效" })
).annotations({ description: "the inviter's invite_code, 4 to 32 letters or digits" })
