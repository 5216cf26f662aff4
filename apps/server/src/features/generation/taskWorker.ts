import { type TaskSubmit, toolRunsOn } from "@mido/core/generation"
import { EngineError, type EngineProgress, type EngineResult } from "../../adapters/engine/imageEnginePort.js"
import type { JobOutcome, QueueJob } from "../../adapters/queue/jobQueuePort.js"
import { eq } from "drizzle-orm"
import { tasks, type TaskRow } from "../../db/schema/tasks.js"
import type { GenerationTuning } from "../../platform/config.js"
import type { ServerDeps } from "../../platform/deps.js"
import { errorFields } from "../../platform/errorFields.js"
import { beat, claimTask, requeueTask } from "./taskClaim.js"
import { runEngine } from "./engineRequest.js"
import { mjGridOf } from "./mjActionSubmit.js"
import { runOfflineTool } from "./toolRun.js"
import { readInput } from "./taskInputs.js"
import { generatedKey, saveResults } from "./taskResults.js"
import { endTask, RefundRemarks } from "./taskSettle.js"

const TIMEOUT = "绘画超时，米豆已退还"
const STOPPED = "stopped"
const TIMED_OUT = "timeout"

/** Fails a running task with its whole cost given back. */
const failTask = (deps: ServerDeps, row: TaskRow, reason: string) =>
  endTask(deps.db, deps.ledgerKey, row.id, ["running"], deps.now(), async (locked) => ({ status: "failed", refund: locked.cost, remark: RefundRemarks.failed, reason }))

/**
 * Runs the engine for a claimed task with an AbortController: aborted when the task's timeout passes
 * (绘画超时) or when a beat finds the task no longer running (cancelled by its owner). Progress and
 * previews are written at most once per beat.
 */
const drawWithBeats = async (deps: ServerDeps, tuning: GenerationTuning, row: TaskRow): Promise<EngineResult> => {
  const controller = new AbortController()
  const timeout = setTimeout(() => controller.abort(TIMED_OUT), tuning.timeoutMs[row.type])
  let latest: EngineProgress | undefined
  let previews = 0
  let drawing = true
  const beatOnce = async () => {
    const progress = latest
    latest = undefined
    let previewKey: string | undefined
    if (progress?.preview !== undefined) {
      previewKey = generatedKey(row, `preview-${++previews}.jpg`)
      await deps.objectStore.create(previewKey, progress.preview)
    }
    const running = await beat(deps.db, row.id, deps.now(), { ...(progress !== undefined ? { percent: progress.percent } : {}), ...(previewKey !== undefined ? { previewKey } : {}) })
    deps.taskChanges.notify(row.id)
    if (!running) controller.abort(STOPPED)
  }
  // A cancel in this process notifies the task's key, so the engine is stopped at once rather than a
  // beat later (its slot is free the moment the cancel commits and the next task may start); a cancel
  // written by another process is seen by the next timed beat.
  const beating = (async () => {
    while (drawing && !controller.signal.aborted) {
      await deps.taskChanges.wait(row.id, tuning.progressMs)
      if (!drawing) return
      await beatOnce().catch((error: unknown) => deps.log.error("task beat failed", { task: row.id, ...errorFields(error) }))
    }
  })()
  try {
    const read = async (url: string) => {
      const bytes = await readInput(deps.objectStore, deps.db, deps.config, row.uid, url)
      if (bytes === undefined) throw new EngineError("rejected", "输入图片不存在或已过期，米豆已退还")
      return bytes
    }
    const engine = deps.engines.forTask(row.type, row.tool as never)
    const submit = row.params as TaskSubmit
    const control = { signal: controller.signal, onProgress: (progress: EngineProgress) => (latest = progress) }
    // a tool runs its own processor offline, and where the engine cannot do it (TL9, issue 15); else the engine's img2img / upscale
    if (submit.type === "tool" && toolRunsOn(submit.tool, engine.kind, submit.mask_url !== undefined) === "processor") return await runOfflineTool(deps.tools, submit, read, control)
    return await runEngine(engine, submit, row.seed, read, control, await mjGridOf(deps.db, row.uid, submit))
  } catch (error) {
    if (controller.signal.aborted) throw new EngineError(controller.signal.reason === TIMED_OUT ? "timeout" : "interrupted", controller.signal.reason === TIMED_OUT ? TIMEOUT : "任务已取消")
    throw error
  } finally {
    clearTimeout(timeout)
    drawing = false
    deps.taskChanges.notify(row.id)
    await beating
  }
}

/**
 * The queue's handler for one job: claim the task (a job for a task no longer queued is done at
 * once; a user already at the running limit puts the job back), draw, save or fail. Transient engine
 * errors go back to the queue for a retry with backoff while retries last; everything else ends the
 * task here, with its refund.
 */
export const runTaskJob = async (deps: ServerDeps, tuning: GenerationTuning, job: QueueJob): Promise<JobOutcome> => {
  const claim = await claimTask(deps.db, job.taskId, deps.now())
  if (claim.kind === "gone") return { kind: "done" }
  if (claim.kind === "busy") return { kind: "later", seconds: tuning.deferSeconds }
  const row = claim.row
  deps.taskChanges.notify(row.id)
  try {
    const result = await drawWithBeats(deps, tuning, row)
    // the engine's own job id, so MJ actions can name this grid later (ADR 0020)
    if (result.engineTaskId !== undefined) await deps.db.update(tasks).set({ engineTaskId: result.engineTaskId }).where(eq(tasks.id, row.id))
    await saveResults(deps, row, result)
    return { kind: "done" }
  } catch (error) {
    if (error instanceof EngineError && error.kind === "transient" && job.retryCount < job.retryLimit) {
      if (await requeueTask(deps.db, row.id, error.reason)) return { kind: "retry", error: error.message }
      return { kind: "done" }
    }
    // a cancelled task (interrupted) is no longer running: failTask leaves it as its cancel left it
    if (!(error instanceof EngineError)) deps.log.error("generation task failed", { task: row.id, ...errorFields(error) })
    await failTask(deps, row, error instanceof EngineError ? error.reason : "绘画失败，米豆已退还")
    return { kind: "done" }
  } finally {
    deps.taskChanges.notify(row.id)
  }
}
