import { Schema } from "effect"
import { ProfileSetting } from "./ProfileSetting.js"
import { UserStat } from "./Stat.js"
import { Id } from "./common.js"
import { VipLevel } from "./UserBrief.js"

/**
 * A public profile (GET /api/v1/open/user/profile): the head of the personal center. It never carries
 * private account data (phone, balance, invite code); those stay in the current user's info.
 */
export const Profile = Schema.Struct({
  uid: Id,
  nickname: Schema.String,
  avatar: Schema.String,
  bio: Schema.String.annotations({ description: "个人简介, plain text (R16); empty when unset" }),
  cover: Schema.optional(Schema.String).annotations({ description: "the banner behind the head, when set" }),
  is_vip: Schema.Boolean,
  vip_level: VipLevel,
  stat: UserStat,
  is_follow: Schema.Boolean.annotations({ description: "the viewer follows this user; false for a visitor" }),
  is_self: Schema.Boolean.annotations({ description: "the viewer is this user: edit instead of follow" }),
  setting: ProfileSetting
}).annotations({ identifier: "Profile" })
export type Profile = typeof Profile.Type
