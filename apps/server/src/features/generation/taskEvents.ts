import { fail } from "@mido/core"
import { isFinished, TaskId, TaskView } from "@mido/core/generation"
import { Schema } from "effect"
import type { Hono } from "hono"
import { streamSSE } from "hono/streaming"
import type { ServerDeps } from "../../platform/deps.js"
import { Codes } from "../../platform/failure.js"
import { Refusal, refusalCodes } from "../../platform/refusal.js"
import { userForToken } from "../../platform/tokens.js"
import { ownTaskRow, taskView } from "./taskView.js"

const PING_MS = 15_000
const encodeView = Schema.encodeSync(TaskView)
const isTaskId = Schema.is(TaskId)

export interface TaskEventsOptions {
  /** how often the stream reads the task for a change */
  readonly pollMs?: number
  readonly pingMs?: number
}

/**
 * GET /api/v2/task/events?id=: live progress as server-sent events (not a JSON route of the
 * contract). Login like every route (-401 envelope as JSON); then `event: task` with the TaskView
 * right away and on every change (the row is read when this process's worker says it changed, and
 * every pollMs anyway for workers in other processes), a `: ping` comment every 15 s, and the stream ends after a finished state.
 */
export const registerTaskEvents = (app: Hono, deps: ServerDeps, options: TaskEventsOptions = {}) => {
  const pollMs = options.pollMs ?? 300
  const pingMs = options.pingMs ?? PING_MS
  app.get("/api/v2/task/events", async (hono) => {
    const uid = await userForToken(deps.db, hono.req.header("authorization"), deps.now(), deps.sessions)
    if (uid === undefined) return hono.json(fail(Codes.unauthorized, "请先登录"))
    const id = hono.req.query("id") ?? ""
    if (!isTaskId(id)) return hono.json(fail(Codes.badInput, "任务编号无效"))
    try {
      await ownTaskRow(deps.db, uid, id)
    } catch (error) {
      if (error instanceof Refusal) return hono.json(fail(refusalCodes[error.kind], error.message))
      throw error
    }
    return streamSSE(hono, async (stream) => {
      let sent = ""
      let lastPing = Date.now()
      while (!stream.aborted) {
        const view = await taskView(deps.db, deps.config, await ownTaskRow(deps.db, uid, id))
        const data = JSON.stringify(encodeView(view))
        if (data !== sent) {
          await stream.writeSSE({ event: "task", data })
          sent = data
        }
        if (isFinished(view.status)) break
        if (Date.now() - lastPing >= pingMs) {
          await stream.write(": ping\n\n")
          lastPing = Date.now()
        }
        await deps.taskChanges.wait(id, pollMs)
      }
    })
  })
}
