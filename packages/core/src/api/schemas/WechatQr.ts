import { Schema } from "effect"
import { LoginResponse } from "./Login.js"
import { InviteCode, Phone, SmsCode } from "./Phone.js"
import { QrNonce } from "./QrNonce.js"

// the nonce lives apart: the browser makes one at start, without the QR login's schemas (ADR 0029)
export { QrNonce } from "./QrNonce.js"

/** A QR login key: at least 128 random bits as base64url text, short-lived, single use (R5). */
export const QrKey = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z0-9_-]{16,128}$/, { message: () => "二维码已失效，请刷新" })
).annotations({ description: "key of one QR code, 128-bit random, valid a few minutes" })

/** The query of both "get QR" calls. */
export const WechatQrQuery = Schema.Struct({ nonce: Schema.optional(QrNonce) })
export type WechatQrQuery = typeof WechatQrQuery.Type

/** A WeChat QR code to scan (login or binding). */
export const WechatQr = Schema.Struct({
  key: QrKey,
  qr: Schema.String.pipe(Schema.pattern(/^(?:data:image\/(?:png|svg\+xml|jpeg)[;,]|https?:\/\/)/)).annotations({
    description: "the QR picture, as an image address or a data URL"
  }),
  expire_in: Schema.Int.pipe(Schema.positive()).annotations({ description: "seconds until the QR expires (at most 300)" })
})
export type WechatQr = typeof WechatQr.Type

/** The query of both "check QR" calls: the key, and the nonce when the QR was asked for with one. */
export const WechatQrCheckQuery = Schema.Struct({ key: QrKey, nonce: Schema.optional(QrNonce) })
export type WechatQrCheckQuery = typeof WechatQrCheckQuery.Type

const Waiting = Schema.Struct({ status: Schema.Literal("waiting") }).annotations({ description: "not scanned yet" })
const Scanned = Schema.Struct({ status: Schema.Literal("scanned") }).annotations({ description: "scanned, waiting for the user to confirm in WeChat" })
const Expired = Schema.Struct({ status: Schema.Literal("expired") }).annotations({
  description: "expired, already used, or unknown (indistinguishable, R5); ask for a new QR"
})

/**
 * check_login_wechat_qr_code: poll until success (a token, given once, R5), bind_phone (a new WeChat
 * user must add a phone: call wechat_bind_phone with this key) or expired.
 */
export const WechatQrCheck = Schema.Union(
  Waiting,
  Scanned,
  Schema.Struct({ status: Schema.Literal("success"), ...LoginResponse.fields }),
  Schema.Struct({
    status: Schema.Literal("bind_phone"),
    key: QrKey.annotations({ description: "the key to send to wechat_bind_phone" })
  }),
  Expired
)
export type WechatQrCheck = typeof WechatQrCheck.Type

/**
 * check_bind_wechat_qr_code (logged in, binding WeChat to this account): success means bound. A
 * WeChat account already bound elsewhere is an error (code ≠ 0), never a silent merge (R6).
 */
export const WechatBindQrCheck = Schema.Union(Waiting, Scanned, Schema.Struct({ status: Schema.Literal("success") }), Expired)
export type WechatBindQrCheck = typeof WechatBindQrCheck.Type

/** POST /api/v1/open/base/wechat_bind_phone (spec §3 wechat bind payload). */
export const WechatBindPayload = Schema.Struct({
  key: QrKey,
  phone: Phone,
  code: SmsCode,
  invite_code: Schema.optional(InviteCode)
})
export type WechatBindPayload = typeof WechatBindPayload.Type
