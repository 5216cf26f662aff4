import { Schema } from "effect"
import { Id, PageQuery, QueryId } from "./common.js"

/**
 * What a follow, like or collect call should do. The spec's calls toggle; a retried toggle after a
 * timeout would undo itself, so the client may say which state it wants (designed). Absent = toggle.
 */
export const ToggleAction = <const A extends string, const B extends string>(on: A, off: B) =>
  Schema.optional(Schema.Literal(on, off)).annotations({ description: `${on} or ${off}; absent toggles the current state` })

/** POST /api/v1/user/follow (spec §7: uid; the answer's data.success says it worked). */
export const FollowPayload = Schema.Struct({
  uid: Id.annotations({ description: "the user to follow or unfollow; not oneself" }),
  action: ToggleAction("follow", "unfollow")
})
export type FollowPayload = typeof FollowPayload.Type

/**
 * GET /api/v1/user/follow/list (payload not shown; designed): the 关注 (followee) or 粉丝 (follower)
 * list of a user, the caller by default. Another user's lists are empty when they hide them
 * (ProfileSetting.show_follows).
 */
export const FollowListQuery = Schema.Struct({
  ...PageQuery.fields,
  uid: Schema.optional(QueryId).annotations({ description: "whose lists; the caller when absent" }),
  type: Schema.optionalWith(Schema.Literal("followee", "follower"), { default: () => "followee" as const }).annotations({
    description: "followee: people they follow (关注); follower: their fans (粉丝)"
  })
})
export type FollowListQuery = typeof FollowListQuery.Type
