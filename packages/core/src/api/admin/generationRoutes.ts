import { Schema } from "effect"
import { Page } from "../schemas/common.js"
import { defineAdminRoute } from "./AdminRoute.js"
import { AdminEngines, AdminTaskDetail, AdminTaskFailed, AdminTaskQuery, AdminTaskRetried, AdminTaskRow, AdminTaskIdBody, AdminTaskIdQuery } from "./GenerationAdminSchemas.js"

const read = { method: "GET", auth: "required", role: "operator", encoding: "query" } as const
const write = { method: "POST", auth: "required", role: "operator", encoding: "json" } as const

/** 任务 and 引擎 (issue 29): the task queue, a task's record, retry, fail-and-refund; the engines' check. */
export const generationAdminRoutes = {
  tasks: defineAdminRoute({ ...read, name: "admin.generation.tasks", path: "/api/v1/admin/generation/tasks", input: AdminTaskQuery, data: Page(AdminTaskRow), summary: "Tasks by state and engine, newest first." }),
  task: defineAdminRoute({ ...read, name: "admin.generation.task", path: "/api/v1/admin/generation/task", input: AdminTaskIdQuery, data: AdminTaskDetail, summary: "A task's full record: parameters, engine, engine task id, timings, cost, error, images, ledger rows." }),
  retry: defineAdminRoute({ ...write, name: "admin.generation.retry", path: "/api/v1/admin/generation/retry", input: AdminTaskIdBody, data: AdminTaskRetried, summary: "Submits a failed task again for its owner (charged like a submit, once per failed task)." }),
  failAndRefund: defineAdminRoute({ ...write, name: "admin.generation.fail_and_refund", path: "/api/v1/admin/generation/fail_and_refund", input: AdminTaskIdBody, data: AdminTaskFailed, summary: "Fails a stuck (queued or running too long) task and refunds its beans, once." }),
  engines: defineAdminRoute({ ...read, name: "admin.generation.engines", path: "/api/v1/admin/generation/engines", input: Schema.Struct({}), data: AdminEngines, summary: "Each engine's health, catalogue and queue." })
} as const
