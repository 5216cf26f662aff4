import { Schema } from "effect"
import { DateTimeText, Id } from "./common.js"
import { MaskedPhone } from "./Phone.js"
import { VipLevel } from "./UserBrief.js"

/** A user as the top bar and badges show them (spec §3 user info). */
export const UserInfo = Schema.Struct({
  uid: Id,
  avatar: Schema.String.annotations({ description: "avatar address; empty for the default avatar" }),
  nickname: Schema.String,
  is_vip: Schema.Boolean.annotations({ description: "true while a membership is active" }),
  vip_level: VipLevel.annotations({ description: "0 none, 1 trial (体验会员), 2 monthly (月度会员), 3 yearly (年度会员)" }),
  vip_name: Schema.String.annotations({ description: "membership name for the badge, e.g. 年度会员; empty when none" }),
  vip_expired_at_str: Schema.optionalWith(Schema.NullOr(DateTimeText), { default: () => null }).annotations({
    description: "membership expiry in China time, 2026-12-31 23:59:59; null or absent when not a member"
  })
})
export type UserInfo = typeof UserInfo.Type

/**
 * The logged-in user (GET /api/v1/user/info): user info plus the invite fields of spec §3 and the
 * account's masked phone (R10: the full number is never sent).
 */
export const CurrentUser = Schema.Struct({
  ...UserInfo.fields,
  invite_code: Schema.String.annotations({ description: "this user's own invite code, shared in /invited?code=" }),
  invite_user_id: Schema.Int.pipe(Schema.nonNegative()).annotations({
    description: "uid of the user who invited this one; 0 when nobody did (spec §4 fixed notice)"
  }),
  invite_user_name: Schema.String.annotations({ description: "the inviter's nickname; empty when none" }),
  nid: Schema.String.annotations({ description: "public account number shown on the profile (米豆号), as text" }),
  phone: MaskedPhone,
  bio: Schema.optionalWith(Schema.String, { default: () => "" }).annotations({
    description: "personal signature (个性签名), empty when unset"
  })
})
export type CurrentUser = typeof CurrentUser.Type
