import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { ImageUrl, OptionalUserText, UserText } from "./textFields.js"
import { UserBrief } from "./UserBrief.js"

const Count = Schema.Int.pipe(Schema.nonNegative())

/** A circle (圈子): a themed group that members join and post in (/community/circle-detail). */
export const Circle = Schema.Struct({
  id: Id,
  name: Schema.String,
  avatar: Schema.String,
  cover: Schema.String.annotations({ description: "the banner of the circle page" }),
  description: Schema.String.annotations({ description: "圈子简介, plain text (R16)" }),
  member_count: Count,
  post_count: Count,
  is_joined: Schema.Boolean.annotations({ description: "the viewer is a member; false for a visitor" }),
  is_owner: Schema.Boolean.annotations({ description: "the viewer created it: may edit it (circle-form)" }),
  owner: UserBrief,
  created_at: UnixSeconds
}).annotations({ identifier: "Circle" })
export type Circle = typeof Circle.Type

/** A member's place in a circle: 圈主 owner, 管理员 admin, 成员 member. */
export const CircleRole = Schema.Literal("owner", "admin", "member")
export type CircleRole = typeof CircleRole.Type

/** An item of a circle's member list (circle user list view). */
export const CircleMember = Schema.Struct({
  user: UserBrief,
  role: CircleRole,
  joined_at: UnixSeconds
}).annotations({ identifier: "CircleMember" })
export type CircleMember = typeof CircleMember.Type

/** What the circle form sets (/community/circle-form). Counts, owner and dates are the server's (R12). */
export const circleFormFields = {
  name: UserText("圈子名称", 20),
  avatar: ImageUrl,
  cover: ImageUrl,
  description: OptionalUserText("圈子简介", 200)
} as const

export const CircleCreate = Schema.Struct(circleFormFields)
export type CircleCreate = typeof CircleCreate.Type

/** Edit sends the whole form again; only the owner may (R11). */
export const CircleUpdate = Schema.Struct({ id: Id, ...circleFormFields })
export type CircleUpdate = typeof CircleUpdate.Type

/** The answer of join and leave: the new state, so the button and count need no refetch. */
export const CircleMembership = Schema.Struct({ is_joined: Schema.Boolean, member_count: Count })
export type CircleMembership = typeof CircleMembership.Type
