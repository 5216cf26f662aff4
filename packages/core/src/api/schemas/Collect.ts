import { Schema } from "effect"
import { Id, PageQuery, QueryId } from "./common.js"
import { ToggleAction } from "./Follow.js"
import { IdBatch } from "./textFields.js"

/** POST /api/v1/user/collect (payload not shown; designed like the like call): collect (收藏) an artwork. */
export const CollectPayload = Schema.Struct({
  target_id: Id,
  target_type: Schema.Literal("artwork"),
  action: ToggleAction("collect", "uncollect")
})
export type CollectPayload = typeof CollectPayload.Type

/** The collect state after the call; favorite_count is the artwork's stat.favorite_count. */
export const CollectResult = Schema.Struct({
  is_collected: Schema.Boolean,
  favorite_count: Schema.Int.pipe(Schema.nonNegative())
})
export type CollectResult = typeof CollectResult.Type

/** POST /api/v1/user/collect/batch (designed): collect or uncollect up to 100 artworks at once. */
export const CollectBatchPayload = Schema.Struct({
  target_ids: IdBatch(Id, 100),
  target_type: Schema.Literal("artwork"),
  action: Schema.Literal("collect", "uncollect")
})
export type CollectBatchPayload = typeof CollectBatchPayload.Type

export const CollectBatchResult = Schema.Struct({
  success: Schema.Boolean,
  changed: Schema.Int.pipe(Schema.nonNegative()).annotations({
    description: "artworks whose state changed; ones already in that state, missing or private are skipped"
  })
})
export type CollectBatchResult = typeof CollectBatchResult.Type

/** GET /api/v1/user/collect/list (spec: "params"; designed): a user's collection, newest first. */
export const CollectListQuery = Schema.Struct({
  ...PageQuery.fields,
  uid: Schema.optional(QueryId).annotations({
    description: "whose collection; the caller when absent; empty for others who hide it (show_collections)"
  })
})
export type CollectListQuery = typeof CollectListQuery.Type
