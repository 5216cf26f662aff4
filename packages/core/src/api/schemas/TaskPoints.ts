import { Schema } from "effect"
import { Beans } from "./Balance.js"

/**
 * POST /api/v2/quick/task/points (payload not shown in the spec; designed): what a drawing task would
 * cost, asked before it is submitted so the AI drawing page can show "消耗 N 米豆" and warn early.
 * The real charge is held when the task is created (R34); this preview charges nothing.
 */
export const TaskPointsPayload = Schema.Struct({
  type: Schema.Literal("quick", "quick_mj").annotations({ description: "draw type 1 (quick) or 2 (quick_mj, MJ model)" }),
  num: Schema.Int.pipe(Schema.between(1, 4, { message: () => "每次最多生成 4 张" })).annotations({
    description: "how many images the task makes, 1 to 4"
  }),
  ratio: Schema.optional(Schema.Literal("1:1", "3:4", "9:16", "4:3", "16:9")).annotations({
    description: "aspect ratio (spec §5 snap list); 1:1 when absent"
  }),
  hd: Schema.optional(Schema.Boolean).annotations({ description: "high-definition output, which costs more" }),
  style_group: Schema.optional(Schema.Literal("default", "pro")).annotations({ description: "quick style group; pro styles cost more" })
})
export type TaskPointsPayload = typeof TaskPointsPayload.Type

export const TaskPoints = Schema.Struct({
  points: Beans.annotations({ description: "beans the task would cost this user now" }),
  original_points: Schema.optional(Beans).annotations({ description: "the cost before the member discount, when there is one" }),
  balance: Beans.annotations({ description: "the user's balance, so the page can tell whether it is enough" })
})
export type TaskPoints = typeof TaskPoints.Type
