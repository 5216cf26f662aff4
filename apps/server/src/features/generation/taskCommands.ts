import type { TaskSubmit, TaskView } from "@mido/core/generation"
import type { ServerDeps } from "../../platform/deps.js"
import { errorFields } from "../../platform/errorFields.js"
import { submitTask } from "./taskSubmit.js"
import { endTask, RefundRemarks } from "./taskSettle.js"
import { ownTaskRow, taskView } from "./taskView.js"

/**
 * Cancels one of the caller's tasks. Queued: cancelled with a full refund and its job cancelled.
 * Running: cancelled with a full refund (nothing is saved before the engine finishes); the notify wakes
 * the worker drawing it, which beats at once, sees it and aborts the engine, and its late result is
 * thrown away. Finished: as it is.
 */
export const cancelTask = async (deps: ServerDeps, uid: number, id: string): Promise<TaskView> => {
  await ownTaskRow(deps.db, uid, id)
  let wasQueued = false
  const ended = await endTask(deps.db, deps.ledgerKey, id, ["queued", "running"], deps.now(), async (locked) => {
    wasQueued = locked.status === "queued"
    return { status: "cancelled", refund: locked.cost, remark: RefundRemarks.cancelled, reason: "任务已取消，米豆已退还" }
  })
  if (ended !== undefined) deps.taskChanges.notify(id)
  if (ended !== undefined && wasQueued) {
    await deps.jobQueue.cancel(ended.queue, id).catch((error: unknown) => deps.log.warn("job cancel failed", { task: id, ...errorFields(error) }))
  }
  return taskView(deps.db, deps.config, ended ?? (await ownTaskRow(deps.db, uid, id)))
}

/**
 * A new task with an old one's parameters, charged like a submit. A seed the user chose is kept (the
 * same picture again, e.g. after a failure); a seed that was random (-1) is drawn again, as the
 * contract says, so a retry of a random draw is a new draw.
 */
export const retryTask = async (deps: ServerDeps, uid: number, id: string, requestId: string | undefined): Promise<TaskView> => {
  const original = await ownTaskRow(deps.db, uid, id)
  const { request_id: _old, ...params } = original.params as TaskSubmit
  const again = (params.type === "sd" && original.randomSeed ? { ...params, seed: -1 } : params) as TaskSubmit
  return submitTask(deps, uid, { ...again, ...(requestId !== undefined ? { request_id: requestId } : {}) } as TaskSubmit, { retryOf: id })
}
