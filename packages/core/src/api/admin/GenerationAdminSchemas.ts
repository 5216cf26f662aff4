import { Schema } from "effect"
import { DateTimeText, Id, PageQuery } from "../schemas/common.js"

/** A task's states as the tasks table keeps them. */
export const AdminTaskStatus = Schema.Literal("queued", "running", "succeeded", "failed", "cancelled")

/** 任务: the queue by state and engine (both optional), newest first. */
export const AdminTaskQuery = Schema.Struct({
  ...PageQuery.fields,
  status: Schema.optional(AdminTaskStatus),
  engine: Schema.optional(Schema.String.pipe(Schema.maxLength(32)))
})
export type AdminTaskQuery = typeof AdminTaskQuery.Type

/** One task in the console's list; `stuck`: queued or running longer than the console's limit. */
export const AdminTaskRow = Schema.Struct({
  id: Schema.String,
  uid: Id,
  nickname: Schema.String,
  type: Schema.String,
  status: AdminTaskStatus,
  engine: Schema.String,
  engine_label: Schema.String,
  prompt: Schema.String,
  cost: Schema.Int,
  refunded: Schema.Int,
  stuck: Schema.Boolean,
  created_at_str: DateTimeText
})
export type AdminTaskRow = typeof AdminTaskRow.Type

const TaskLedgerRow = Schema.Struct({ kind: Schema.String, amount: Schema.Int, remark: Schema.String, created_at_str: DateTimeText })

/** A task's full record: parameters, engine and its own task id, timings, money, error and images. */
export const AdminTaskDetail = Schema.Struct({
  task: AdminTaskRow,
  params: Schema.Unknown,
  engine_task_id: Schema.NullOr(Schema.String),
  seed: Schema.Int,
  num: Schema.Int,
  attempts: Schema.Int,
  progress: Schema.Int,
  reason: Schema.NullOr(Schema.String),
  retry_of: Schema.NullOr(Schema.String),
  started_at_str: Schema.NullOr(DateTimeText),
  finished_at_str: Schema.NullOr(DateTimeText),
  heartbeat_at_str: Schema.NullOr(DateTimeText),
  images: Schema.Array(Schema.String),
  ledger: Schema.Array(TaskLedgerRow)
})
export type AdminTaskDetail = typeof AdminTaskDetail.Type

export const AdminTaskIdQuery = Schema.Struct({ id: Schema.UUID })
export const AdminTaskIdBody = Schema.Struct({ id: Schema.UUID })

/** 重试: the new task (charged like a submit, the failed one was refunded). */
export const AdminTaskRetried = Schema.Struct({ id: Schema.String, retry_of: Schema.String, status: AdminTaskStatus })
/** 失败并退款: the task now failed and the beans given back (0 when it had none left to give). */
export const AdminTaskFailed = Schema.Struct({ id: Schema.String, status: AdminTaskStatus, refunded: Schema.Int })

const Problem = Schema.Struct({ zh: Schema.String, en: Schema.String })
const Catalog = Schema.Struct({
  checkpoints: Schema.Array(Schema.String),
  loras: Schema.Array(Schema.String),
  samplers: Schema.Array(Schema.String),
  schedulers: Schema.Array(Schema.String),
  upscalers: Schema.Array(Schema.String)
})

/** 引擎: each engine's health and catalogue (the same check as npm run engines and /healthz?detail=engines). */
export const AdminEngineCheck = Schema.Struct({
  kind: Schema.String,
  label: Schema.String,
  tasks: Schema.Array(Schema.String),
  answers: Schema.Boolean,
  catalog: Schema.NullOr(Catalog),
  problems: Schema.Array(Problem),
  notes: Schema.Array(Problem),
  queued: Schema.Int,
  running: Schema.Int
})
export type AdminEngineCheck = typeof AdminEngineCheck.Type
export const AdminEngines = Schema.Struct({ ok: Schema.Boolean, engines: Schema.Array(AdminEngineCheck) })
export type AdminEngines = typeof AdminEngines.Type
