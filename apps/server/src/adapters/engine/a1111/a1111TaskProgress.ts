import type { RunControl } from "../imageEnginePort.js"
import type { WebUiCaller } from "./a1111Run.js"

/**
 * Our own task at the WebUI, by the id we gave it (`force_task_id`): `POST /internal/progress
 * {id_task, id_live_preview}` answers whether that id is active, queued or completed, and for the
 * active one its progress and a live preview newer than the one we hold. GET /sdapi/v1/progress is no
 * use: it is global and carries no task id, so it shows whatever job runs, another client's too.
 * `/sdapi/v1/interrupt` is global as well: it stops whatever runs, so we send it only while our id is
 * the active one.
 */

interface TaskProgressAnswer {
  readonly active?: boolean
  readonly queued?: boolean
  readonly completed?: boolean
  readonly progress?: number | null
  /** a data: URI (JPEG), only when newer than the id_live_preview we sent */
  readonly live_preview?: string | null
  readonly id_live_preview?: number | null
}

const POLL_TIMEOUT_MS = 5_000
/** polls a cancelled task may stay unknown to the WebUI (its request still arriving) before we stop looking */
const UNKNOWN_POLLS = 10
const FAILED_POLLS = 3

const askProgress = (caller: WebUiCaller, taskId: string, idLivePreview = -1) =>
  caller.json<TaskProgressAnswer>({
    method: "POST",
    path: "/internal/progress",
    json: { id_task: taskId, id_live_preview: idLivePreview },
    timeoutMs: Math.min(caller.timeoutMs, POLL_TIMEOUT_MS)
  })

const dataUriBytes = (uri: string): Uint8Array => new Uint8Array(Buffer.from(uri.slice(uri.indexOf(",") + 1), "base64"))

/** Polls our task's progress until stopped; reports only while our task is the one drawing. */
export const watchTaskProgress = (caller: WebUiCaller, taskId: string, run: RunControl) => {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let lastPercent = -1
  let idLivePreview = -1
  const poll = async () => {
    try {
      const answer = await askProgress(caller, taskId, idLivePreview)
      // queued behind another client's job, or done: nothing of that job is ours to show
      if (stopped || answer.active !== true) return
      const percent = Math.max(0, Math.min(99, Math.round((answer.progress ?? 0) * 100)))
      const preview = typeof answer.live_preview === "string" && answer.live_preview !== "" ? dataUriBytes(answer.live_preview) : undefined
      if (preview !== undefined && typeof answer.id_live_preview === "number") idLivePreview = answer.id_live_preview
      if (percent === lastPercent && preview === undefined) return
      lastPercent = percent
      run.onProgress(preview === undefined ? { percent } : { percent, preview })
    } catch {
      // a missed poll only delays the next figure; the generation call itself decides success
    } finally {
      if (!stopped) timer = setTimeout(poll, caller.progressPollMs)
    }
  }
  timer = setTimeout(poll, caller.progressPollMs)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Stops our task at the WebUI once we gave up on it (cancel, deadline). The WebUI goes on with a
 * request whose client has left: running now, it is interrupted at once; still waiting on the queue
 * lock, it is watched until it becomes active and interrupted then (resolving `later`); completed or
 * never registered, there is nothing to stop. The first look is awaited, so a task drawing right now is
 * stopped before the caller hears of the cancel.
 */
export const interruptOurTask = async (caller: WebUiCaller, taskId: string): Promise<{ later: Promise<void> }> => {
  const deadline = Date.now() + caller.timeoutMs
  let unknown = 0
  let failed = 0
  const look = async (): Promise<"done" | "wait"> => {
    try {
      const answer = await askProgress(caller, taskId)
      failed = 0
      if (answer.active === true) {
        // the window between this answer and the interrupt is the WebUI's: it has no per-task interrupt
        await caller.json({ method: "POST", path: "/sdapi/v1/interrupt", timeoutMs: POLL_TIMEOUT_MS })
        return "done"
      }
      if (answer.completed === true) return "done"
      if (answer.queued !== true && ++unknown >= UNKNOWN_POLLS) return "done"
      return "wait"
    } catch {
      return ++failed >= FAILED_POLLS ? "done" : "wait"
    }
  }
  if ((await look()) === "done") return { later: Promise.resolve() }
  const later = (async () => {
    while (Date.now() < deadline) {
      await sleep(caller.progressPollMs)
      if ((await look()) === "done") return
    }
  })()
  return { later }
}
