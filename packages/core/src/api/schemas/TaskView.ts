import { Schema } from "effect"
import { Beans } from "./Balance.js"
import { DateTimeText, Id, QueryInt } from "./common.js"
import { Cursor } from "./textFields.js"
import { TaskSubmit, TaskType, ToolKey } from "./TaskSubmit.js"

/** A task's id: the server's UUID (it is also the queue job's id, so a task is enqueued once). */
export const TaskId = Schema.String.pipe(
  Schema.pattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: () => "任务编号无效" })
).annotations({ description: "UUID" })
export type TaskId = typeof TaskId.Type

/**
 * queued: waiting (position says where); running: an engine draws it (progress); succeeded: done,
 * some or all images made; failed: nothing more will come (reason); cancelled: stopped by its owner.
 */
export const TaskStatus = Schema.Literal("queued", "running", "succeeded", "failed", "cancelled")
export type TaskStatus = typeof TaskStatus.Type

/** One image a task made, already saved as a private artwork of the task's type. */
export const TaskImage = Schema.Struct({
  artwork_id: Id,
  url: Schema.String,
  width: Schema.Int.pipe(Schema.positive()),
  height: Schema.Int.pipe(Schema.positive())
})
export type TaskImage = typeof TaskImage.Type

export const TaskView = Schema.Struct({
  id: TaskId,
  type: TaskType,
  tool: Schema.optional(ToolKey),
  status: TaskStatus,
  position: Schema.optional(Schema.Int.pipe(Schema.positive())).annotations({ description: "queued only: 1 = next to run" }),
  progress: Schema.Int.pipe(Schema.between(0, 100)),
  preview_url: Schema.optional(Schema.String).annotations({ description: "running: the engine's latest preview, when it gives one" }),
  images: Schema.Array(TaskImage),
  num: Schema.Int.pipe(Schema.positive()).annotations({ description: "images asked for" }),
  cost: Beans.annotations({ description: "beans charged at submit" }),
  refunded: Beans.annotations({ description: "beans given back (failure, cancel, or the unfinished share of a batch); 0 when none" }),
  reason: Schema.optional(Schema.String).annotations({ description: "failed (or partly failed): why, in Chinese; a succeeded tool task: its note (a fallback taken, what offline processing cannot do)" }),
  prompt: Schema.String.annotations({ description: "the prompt, \"\" for tools without one" }),
  model: Schema.optional(Schema.String).annotations({ description: "checkpoint, MJ version or style name" }),
  engine: Schema.String.annotations({ description: "who draws it, e.g. 本地演示引擎, Stable Diffusion WebUI" }),
  params: TaskSubmit.annotations({ description: "what was submitted (seed -1 replaced by the seed used), for retry and same-style" }),
  retry_of: Schema.optional(TaskId),
  created_at: DateTimeText,
  started_at: Schema.optional(DateTimeText),
  finished_at: Schema.optional(DateTimeText)
})
export type TaskView = typeof TaskView.Type

export const isFinished = (status: TaskStatus): boolean => status === "succeeded" || status === "failed" || status === "cancelled"

const Day = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => "日期格式应为 YYYY-MM-DD" }))

/** My tasks: newest first, keyset pages, searchable by prompt words and filtered (durable history). */
export const TaskListQuery = Schema.Struct({
  cursor: Schema.optional(Cursor),
  size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 50)), { default: () => 20 }),
  q: Schema.optional(Schema.String.pipe(Schema.maxLength(100, { message: () => "搜索词最多 100 个字" }))).annotations({
    description: "words of the prompt (a literal substring, case-insensitive)"
  }),
  type: Schema.optional(TaskType),
  model: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
  status: Schema.optional(TaskStatus),
  from: Schema.optional(Day.annotations({ description: "first China day, inclusive" })),
  to: Schema.optional(Day.annotations({ description: "last China day, inclusive" }))
})
export type TaskListQuery = typeof TaskListQuery.Type

export const TaskRef = Schema.Struct({ id: TaskId })

export const TaskRetry = Schema.Struct({
  id: TaskId,
  request_id: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{8,64}$/)))
})

/** What an engine offers for the /webui selects (the offline engine answers its own short lists). */
export const EngineCatalog = Schema.Struct({
  engine: Schema.String.annotations({ description: "label of the engine that draws this type" }),
  offline: Schema.Boolean.annotations({ description: "true: the 本地演示引擎 (procedural pictures, not AI)" }),
  checkpoints: Schema.Array(Schema.String),
  loras: Schema.Array(Schema.String),
  samplers: Schema.Array(Schema.String),
  schedulers: Schema.Array(Schema.String),
  upscalers: Schema.Array(Schema.String)
})
export type EngineCatalog = typeof EngineCatalog.Type
