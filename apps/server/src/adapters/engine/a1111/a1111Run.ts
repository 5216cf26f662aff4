import { EngineError, type RunControl } from "../imageEnginePort.js"
import { abortError, type EngineCall } from "../engineHttp.js"
import { interruptOurTask, watchTaskProgress } from "./a1111TaskProgress.js"

/**
 * One blocking WebUI generation (`POST /sdapi/v1/txt2img` or `img2img`) under our own task id
 * (`force_task_id`): while it runs, `POST /internal/progress` for that id gives the percentage and the
 * live preview; when the task's signal fires, the call is dropped at once and our task is interrupted
 * at the WebUI when (and only while) it is the active job — see a1111TaskProgress.ts.
 */

export interface WebUiCaller {
  readonly json: <T>(call: Omit<EngineCall, "url" | "timeoutMs"> & { path: string; timeoutMs?: number }) => Promise<T>
  readonly progressPollMs: number
  readonly timeoutMs: number
}

export interface GenerationAnswer {
  readonly images?: ReadonlyArray<string>
  readonly info?: string
}

/** Forge refuses a checkpoint it does not have with a 500 RuntimeError (modules/api/api.py): a refusal, not worth a retry. */
const asForgeRefusal = (error: EngineError): EngineError =>
  error.kind === "transient" && /RuntimeError: model '.*' not found/.test(error.detail ?? "") ? new EngineError("rejected", "绘画引擎中没有所选的模型", error.detail) : error

/** Sends a blocking generation with progress and interrupt; resolves with the raw answer. */
export const runGeneration = async (caller: WebUiCaller, path: string, body: Record<string, unknown>, taskId: string, run: RunControl): Promise<GenerationAnswer> => {
  // cancelled before the WebUI heard of it: nothing is sent, nothing needs stopping
  if (run.signal.aborted) throw abortError(run.signal)
  const stopProgress = watchTaskProgress(caller, taskId, run)
  const local = new AbortController()
  const drop = () => local.abort(run.signal.reason)
  run.signal.addEventListener("abort", drop, { once: true })
  try {
    return await caller.json<GenerationAnswer>({ method: "POST", path, json: body, signal: local.signal })
  } catch (error) {
    const failure = error instanceof EngineError ? asForgeRefusal(error) : abortError(run.signal)
    stopProgress()
    // the WebUI runs a request to its end though we left: stop ours when we give up on it (cancel or deadline)
    if (failure.kind === "interrupted" || failure.kind === "timeout") await interruptOurTask(caller, taskId)
    throw failure
  } finally {
    stopProgress()
    run.signal.removeEventListener("abort", drop)
  }
}
