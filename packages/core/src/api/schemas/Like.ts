import { Schema } from "effect"
import { Id } from "./common.js"
import { ToggleAction } from "./Follow.js"

/** POST /api/v1/user/like (spec §7: target_id, target_type 'artwork'). */
export const LikePayload = Schema.Struct({
  target_id: Id,
  target_type: Schema.Literal("artwork"),
  action: ToggleAction("like", "unlike")
})
export type LikePayload = typeof LikePayload.Type

/** The like state after the call, so the heart and its count follow the server (spec §4). */
export const LikeResult = Schema.Struct({
  is_like: Schema.Boolean,
  like_count: Schema.Int.pipe(Schema.nonNegative())
})
export type LikeResult = typeof LikeResult.Type
