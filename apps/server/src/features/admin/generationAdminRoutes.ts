import { AdminApi } from "@mido/core/admin"
import { inArray, sql } from "drizzle-orm"
import type { Hono } from "hono"
import { tasks } from "../../db/schema/tasks.js"
import type { ServerDeps } from "../../platform/deps.js"
import { notFound } from "../../platform/failure.js"
import { checkEngines, publicReport } from "../health/engineReport.js"
import { implementAdmin } from "./adminAccess.js"
import { taskPage, taskRecord } from "./taskAdmin.js"
import { failAndRefund, retryAsOperator } from "./taskAdminActions.js"

/** 任务 and 引擎 (issue 29, AdminApi.generation). Writes are audited (taskAdminActions.ts). */
export const registerGenerationAdmin = (app: Hono, deps: ServerDeps) => {
  implementAdmin(app, deps, AdminApi.generation.tasks, (input) => taskPage(deps.db, input, input.page, input.size, deps.now()))
  implementAdmin(app, deps, AdminApi.generation.task, async (input) => {
    const record = await taskRecord(deps.db, input.id, deps.now())
    if (record === undefined) throw notFound("任务不存在")
    return record
  })
  implementAdmin(app, deps, AdminApi.generation.retry, (input, { uid }) => retryAsOperator(deps, uid, input.id))
  implementAdmin(app, deps, AdminApi.generation.failAndRefund, (input, { uid }) => failAndRefund(deps, uid, input.id))

  // the same check as `npm run engines` and /healthz?detail=engines (engineReport.ts), with each engine's queue
  implementAdmin(app, deps, AdminApi.generation.engines, async () => {
    const report = publicReport(await checkEngines(deps.engines))
    const counts = await deps.db
      .select({ engine: tasks.engineKind, status: tasks.status, n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(inArray(tasks.status, ["queued", "running"]))
      .groupBy(tasks.engineKind, tasks.status)
    const countOf = (kind: string, status: string) => counts.find((row) => row.engine === kind && row.status === status)?.n ?? 0
    return {
      ok: report.ok,
      engines: report.engines.map((engine) => ({
        kind: engine.kind,
        label: engine.label,
        tasks: [...engine.tasks],
        answers: engine.answers,
        catalog: engine.catalog === undefined ? null : engine.catalog,
        problems: engine.problems,
        notes: engine.notes,
        queued: countOf(engine.kind, "queued"),
        running: countOf(engine.kind, "running")
      }))
    }
  })
}
