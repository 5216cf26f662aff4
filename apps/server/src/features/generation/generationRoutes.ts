import { Api } from "@mido/core/contract"
import type { Hono } from "hono"
import { implementAuthed } from "../../platform/contract.js"
import { ApiFailure, Codes } from "../../platform/failure.js"
import type { ServerDeps } from "../../platform/deps.js"
import { registerQuickPresets } from "./quickPresets.js"
import { cancelTask, retryTask } from "./taskCommands.js"
import { registerTaskEvents } from "./taskEvents.js"
import { listTasks } from "./taskList.js"
import { submitTask } from "./taskSubmit.js"
import { ownTaskRow, taskView } from "./taskView.js"

/** The task API (designed in the style of spec §7): submit, info, list, cancel, retry, catalog, and the events stream. */
export const registerGeneration = (app: Hono, deps: ServerDeps) => {
  implementAuthed(app, deps, Api.generation.submit, (input, { uid }) => submitTask(deps, uid, input))
  implementAuthed(app, deps, Api.generation.info, async (input, { uid }) => taskView(deps.db, deps.config, await ownTaskRow(deps.db, uid, input.id)))
  implementAuthed(app, deps, Api.generation.list, (input, { uid }) => listTasks(deps.db, deps.config, uid, input))
  implementAuthed(app, deps, Api.generation.cancel, (input, { uid }) => cancelTask(deps, uid, input.id))
  implementAuthed(app, deps, Api.generation.retry, (input, { uid }) => retryTask(deps, uid, input.id, input.request_id))
  implementAuthed(app, deps, Api.generation.catalog, async (input) => {
    const engine = deps.engines.forTask(input.type)
    const catalog = await engine.catalog().catch((error: unknown) => {
      deps.log.warn("engine catalog failed", { engine: engine.label, error: String(error) })
      throw new ApiFailure(Codes.unavailable, "绘画引擎暂时不可用，请稍后再试")
    })
    return { engine: engine.label, offline: engine.kind === "offline", ...catalog }
  })
  registerTaskEvents(app, deps)
  registerQuickPresets(app, deps)
}
