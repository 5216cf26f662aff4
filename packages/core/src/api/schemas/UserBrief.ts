import { Schema } from "effect"
import { Id } from "./common.js"

/** A user as a byline shows them (author of a post or article, owner of a circle). */
export const UserBrief = Schema.Struct({
  uid: Id,
  nickname: Schema.String,
  avatar: Schema.String,
  is_vip: Schema.Boolean.annotations({ description: "shows the member badge beside the name" })
}).annotations({ identifier: "UserBrief" })
export type UserBrief = typeof UserBrief.Type

/** Membership level (spec §3): 0 none, 1 trial 体验, 2 monthly 月度, 3 yearly 年度. */
export const VipLevel = Schema.Literal(0, 1, 2, 3)
export type VipLevel = typeof VipLevel.Type
