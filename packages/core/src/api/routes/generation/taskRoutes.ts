import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { CursorPage } from "../../schemas/common.js"
import { TaskSubmit, TaskType } from "../../schemas/TaskSubmit.js"
import { EngineCatalog, TaskListQuery, TaskRef, TaskRetry, TaskView } from "../../schemas/TaskView.js"

/**
 * Drawing tasks (designed: the spec shows only the cost call). Submit charges the whole cost in the
 * transaction that enqueues; success settles, failure / cancel refunds (the unfinished share of a
 * batch), each a ledger row keyed by the task. Live progress: GET /api/v2/task/events?id= is a
 * server-sent event stream of TaskView (docs/api.md); these calls are the polling fallback.
 */
export const taskRoutes = {
  submit: defineRoute({
    name: "generation.submit",
    method: "POST",
    path: "/api/v2/task/submit",
    auth: "required",
    encoding: "json",
    input: TaskSubmit,
    data: TaskView,
    summary:
      "Submits a drawing or tool task: validated against the engine's limits, charged (米豆不足 refuses, nothing queued) and queued in one transaction; a repeated request_id answers the first task (payload ours)."
  }),
  info: defineRoute({
    name: "generation.info",
    method: "GET",
    path: "/api/v2/task/info",
    auth: "required",
    encoding: "query",
    input: TaskRef,
    data: TaskView,
    summary: "One of the caller's tasks: queued with its position, running with progress and preview, or finished with its images / reason (payload ours)."
  }),
  list: defineRoute({
    name: "generation.list",
    method: "GET",
    path: "/api/v2/task/list",
    auth: "required",
    encoding: "query",
    input: TaskListQuery,
    data: CursorPage(TaskView),
    summary: "The caller's tasks, newest first, keyset pages; search by prompt words and filter by type, model, status and China days; kept for good (payload ours)."
  }),
  cancel: defineRoute({
    name: "generation.cancel",
    method: "POST",
    path: "/api/v2/task/cancel",
    auth: "required",
    encoding: "json",
    input: TaskRef,
    data: TaskView,
    summary: "Cancels a queued or running task and refunds what it had not made; a finished task answers as it is (payload ours)."
  }),
  retry: defineRoute({
    name: "generation.retry",
    method: "POST",
    path: "/api/v2/task/retry",
    auth: "required",
    encoding: "json",
    input: TaskRetry,
    data: TaskView,
    summary: "A new task with the parameters of an old one (a random seed drawn again), charged like a submit (payload ours)."
  }),
  catalog: defineRoute({
    name: "generation.catalog",
    method: "GET",
    path: "/api/v2/task/catalog",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({ type: TaskType }),
    data: EngineCatalog,
    summary: "What the engine of a task type offers: checkpoints, LoRAs, samplers, schedulers, upscalers; offline says it is the 本地演示引擎 (payload ours)."
  })
} as const
