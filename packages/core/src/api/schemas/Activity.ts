import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { ArtworkCard } from "./ArtworkCard.js"
import { OptionalUserText, Slug } from "./textFields.js"

const Count = Schema.Int.pipe(Schema.nonNegative())

/** Where an activity stands, computed by the server from start_at and end_at. */
export const ActivityStatus = Schema.Literal("upcoming", "ongoing", "ended")
export type ActivityStatus = typeof ActivityStatus.Type

/**
 * An activity (活动 / 创作赛事) with its page /activity/detail/{key}. Written by the operators;
 * description, rules and reward are plain text with line breaks, shown as text (R16).
 */
export const Activity = Schema.Struct({
  id: Id,
  key: Slug,
  title: Schema.String,
  cover: Schema.String.annotations({ description: "the list card image" }),
  banner: Schema.String.annotations({ description: "the wide image at the top of the detail page" }),
  description: Schema.String,
  rules: Schema.String.annotations({ description: "活动规则" }),
  reward: Schema.String.annotations({ description: "活动奖励, e.g. 一等奖 1 名：年度会员 + 5000 米豆" }),
  start_at: UnixSeconds,
  end_at: UnixSeconds,
  status: ActivityStatus,
  participant_count: Count,
  work_count: Count,
  is_joined: Schema.Boolean.annotations({ description: "the viewer has handed in a work; false for a visitor" })
}).annotations({ identifier: "Activity" })
export type Activity = typeof Activity.Type

/** An entry of an activity (参赛作品): an artwork handed in, its votes and, after judging, its award. */
export const ActivityWork = Schema.Struct({
  id: Id,
  activity_id: Id,
  artwork: ArtworkCard,
  description: Schema.String.annotations({ description: "创作说明, plain text" }),
  vote_count: Count,
  award: Schema.NullOr(Schema.String).annotations({ description: "e.g. 一等奖; null until judged or when not awarded" }),
  created_at: UnixSeconds
}).annotations({ identifier: "ActivityWork" })
export type ActivityWork = typeof ActivityWork.Type

/** POST /api/v1/community/activity/submit_work: one of the viewer's own artworks, while ongoing. */
export const ActivityWorkSubmit = Schema.Struct({
  activity_id: Id,
  artwork_id: Id.annotations({ description: "the viewer's own artwork (R11); once per activity" }),
  description: Schema.optionalWith(OptionalUserText("创作说明", 200), { default: () => "" })
})
export type ActivityWorkSubmit = typeof ActivityWorkSubmit.Type
