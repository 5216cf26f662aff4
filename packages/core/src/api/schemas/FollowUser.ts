import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { VipLevel } from "./UserBrief.js"

const Count = Schema.Int.pipe(Schema.nonNegative())

/** An item of a 关注 or 粉丝 list (GET /api/v1/user/follow/list), with a follow button of its own. */
export const FollowUser = Schema.Struct({
  uid: Id,
  nickname: Schema.String,
  avatar: Schema.String,
  bio: Schema.String,
  is_vip: Schema.Boolean,
  vip_level: VipLevel,
  artwork_count: Count,
  follower_count: Count,
  is_follow: Schema.Boolean.annotations({ description: "the viewer follows them" }),
  is_mutual: Schema.Boolean.annotations({ description: "they follow each other (互相关注)" }),
  followed_at: UnixSeconds.annotations({ description: "when the follow began" })
}).annotations({ identifier: "FollowUser" })
export type FollowUser = typeof FollowUser.Type
