import { Schema } from "effect"
import { Beans } from "./Balance.js"
import { TaskRatio, TaskType, ToolKey } from "./TaskKinds.js"

/**
 * POST /api/v2/quick/task/points (payload not shown in the spec; designed): what a drawing task would
 * cost, asked before it is submitted so the drawing pages and tools can show "消耗 N 米豆" and warn early.
 * The charge at submit uses the same rule on the same figures (taskCostInputOf + taskCost, GC rules); this preview charges nothing.
 */
export const TaskPointsPayload = Schema.Struct({
  type: TaskType,
  num: Schema.Int.pipe(Schema.between(1, 4, { message: () => "每次最多生成 4 张" })).annotations({
    description: "how many images the task makes, 1 to 4"
  }),
  ratio: Schema.optional(TaskRatio.annotations({ description: "aspect ratio (spec §5 snap list); 1:1 when absent" })),
  hd: Schema.optional(Schema.Boolean).annotations({ description: "high-definition output, which costs more" }),
  style_group: Schema.optional(Schema.Literal("default", "pro")).annotations({ description: "quick style group; pro styles cost more" }),
  tool: Schema.optional(ToolKey).annotations({ description: "type tool: which tool (each has its own price)" }),
  hires: Schema.optional(Schema.Boolean).annotations({ description: "type sd: hires fix on, which costs more" })
})
export type TaskPointsPayload = typeof TaskPointsPayload.Type

export const TaskPoints = Schema.Struct({
  points: Beans.annotations({ description: "beans the task would cost this user now" }),
  original_points: Schema.optional(Beans).annotations({ description: "the cost before the member discount, when there is one" }),
  balance: Beans.annotations({ description: "the user's balance, so the page can tell whether it is enough" })
})
export type TaskPoints = typeof TaskPoints.Type
