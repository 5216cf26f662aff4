import sharp from "sharp"
import { EngineError, type EngineImage, type EngineResult, type RunControl } from "../imageEnginePort.js"
import { abortError, ENGINE_REASONS, type EngineCall } from "../engineHttp.js"

/**
 * One blocking WebUI generation (`POST /sdapi/v1/txt2img` or `img2img`): while it runs, a second
 * request polls `GET /sdapi/v1/progress` for the percentage and the live preview; when the task's
 * signal fires, `POST /sdapi/v1/interrupt` stops the sampler and the call ends `interrupted`.
 */

export interface WebUiCaller {
  readonly json: <T>(call: Omit<EngineCall, "url" | "timeoutMs"> & { path: string; timeoutMs?: number }) => Promise<T>
  readonly progressPollMs: number
  readonly timeoutMs: number
}

interface ProgressAnswer {
  readonly progress?: number
  readonly current_image?: string | null
  readonly current_task?: string | null
}

export interface GenerationAnswer {
  readonly images?: ReadonlyArray<string>
  readonly info?: string
}

interface GenerationInfo {
  readonly all_seeds?: ReadonlyArray<number>
  readonly index_of_first_image?: number
}

const POLL_TIMEOUT_MS = 5_000

/** Polls progress until stopped; knows whether the WebUI is busy with our task or another's. */
const watchProgress = (caller: WebUiCaller, taskId: string, run: RunControl) => {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let lastPercent = -1
  let lastPreview: string | null | undefined
  const state = { busyWithOther: false }
  const poll = async () => {
    try {
      const answer = await caller.json<ProgressAnswer>({ method: "GET", path: "/sdapi/v1/progress?skip_current_image=false", timeoutMs: Math.min(caller.timeoutMs, POLL_TIMEOUT_MS) })
      if (stopped) return
      // progress is global: another client's job (ours waits in the WebUI's queue) says nothing about ours
      state.busyWithOther = typeof answer.current_task === "string" && answer.current_task !== taskId
      if (state.busyWithOther) return
      const percent = Math.max(0, Math.min(99, Math.round((answer.progress ?? 0) * 100)))
      const preview = answer.current_image ?? null
      if (percent === lastPercent && preview === lastPreview) return
      lastPercent = percent
      lastPreview = preview
      run.onProgress(preview === null ? { percent } : { percent, preview: new Uint8Array(Buffer.from(preview, "base64")) })
    } catch {
      // a missed poll only delays the next figure; the generation call itself decides success
    } finally {
      if (!stopped) timer = setTimeout(poll, caller.progressPollMs)
    }
  }
  timer = setTimeout(poll, caller.progressPollMs)
  return {
    state,
    stop: () => {
      stopped = true
      clearTimeout(timer)
    }
  }
}

/** The images of an answer, without the grid the WebUI puts first for a batch, with their seeds. */
export const decodeImages = async (answer: GenerationAnswer, count: number, firstSeed: number): Promise<EngineResult> => {
  let info: GenerationInfo = {}
  try {
    info = JSON.parse(answer.info ?? "{}") as GenerationInfo
  } catch {
    // an extension may break the info string; the images still count
  }
  const first = info.index_of_first_image ?? 0
  const encoded = (answer.images ?? []).slice(first, first + count)
  const images = await Promise.all(
    encoded.map(async (base64, index): Promise<EngineImage> => {
      const bytes = new Uint8Array(Buffer.from(base64, "base64"))
      const meta = await sharp(bytes).metadata()
      return { bytes, width: meta.width ?? 0, height: meta.height ?? 0, seed: info.all_seeds?.[index] ?? firstSeed + index }
    })
  )
  if (images.length === 0) throw new EngineError("transient", ENGINE_REASONS.transient, "the WebUI answered without images")
  return images.length < count ? { images, missing: count - images.length, reason: "绘画引擎少返回了图片" } : { images }
}

/** Sends a blocking generation with progress and interrupt; resolves with the raw answer. */
export const runGeneration = async (caller: WebUiCaller, path: string, body: Record<string, unknown>, taskId: string, run: RunControl): Promise<GenerationAnswer> => {
  if (run.signal.aborted) throw abortError(run.signal)
  const progress = watchProgress(caller, taskId, run)
  const local = new AbortController()
  const interrupt = () => local.abort(run.signal.reason)
  run.signal.addEventListener("abort", interrupt, { once: true })
  try {
    return await caller.json<GenerationAnswer>({ method: "POST", path, json: body, signal: local.signal })
  } catch (error) {
    const failure = error instanceof EngineError ? error : abortError(run.signal)
    // stop the sampler when we give up on it (cancel or deadline), unless it is drawing someone else's job
    if ((failure.kind === "interrupted" || failure.kind === "timeout") && !progress.state.busyWithOther) {
      await caller.json({ method: "POST", path: "/sdapi/v1/interrupt", timeoutMs: POLL_TIMEOUT_MS }).catch(() => undefined)
    }
    throw failure
  } finally {
    progress.stop()
    run.signal.removeEventListener("abort", interrupt)
  }
}
