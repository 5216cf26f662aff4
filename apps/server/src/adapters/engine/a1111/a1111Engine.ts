import { randomUUID } from "node:crypto"
import sharp from "sharp"
import type { EngineCatalogList, EngineHealth, ImageEngine, RunControl, Upscale } from "../imageEnginePort.js"
import { EngineError } from "../imageEnginePort.js"
import { abortError, sendJson } from "../engineHttp.js"
import { img2imgBody, toBase64, txt2imgBody } from "./a1111Body.js"
import { readAnswer } from "./a1111Answer.js"
import { runGeneration, type WebUiCaller } from "./a1111Run.js"

/**
 * Stable Diffusion WebUI (AUTOMATIC1111, and its fork Forge) through its REST API `sdapi/v1`, served
 * when the WebUI starts with `--api` (and `--api-auth user:pass` for HTTP Basic auth):
 * `POST txt2img` / `img2img` (blocking, each under its own `force_task_id`; `POST /internal/progress` for
 * that id polled beside it, `POST interrupt` only while that id is the active job: a1111TaskProgress.ts),
 * `POST extra-single-image` (upscale), `GET sd-models` / `loras` / `samplers` / `schedulers` /
 * `upscalers` (catalog). docs/engines.md shows how to point Mido at one.
 */

export interface A1111Options {
  /** e.g. http://127.0.0.1:7860 (no trailing /sdapi/v1) */
  readonly baseUrl: string
  /** HTTP Basic credentials of the WebUI's --api-auth */
  readonly username?: string
  readonly password?: string
  /** a Forge build: labelled so, and its hires-fix needs hr_additional_modules (always sent anyway) */
  readonly forge?: boolean
  /** the longest one HTTP call may take; a generation is one call (default 10 minutes) */
  readonly timeoutMs?: number
  /** how often progress is polled during a generation (default 1000 ms) */
  readonly progressPollMs?: number
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000
const HEALTH_TIMEOUT_MS = 5_000
/** Lanczos ships with every WebUI; the model upscalers (R-ESRGAN…) are named by the caller */
const DEFAULT_UPSCALER = "Lanczos"

interface Named {
  readonly name?: string
  readonly label?: string
  readonly title?: string
}

export const makeA1111Engine = (options: A1111Options): ImageEngine => {
  const base = options.baseUrl.replace(/\/+$/, "")
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const headers: Record<string, string> =
    options.username === undefined ? {} : { authorization: `Basic ${Buffer.from(`${options.username}:${options.password ?? ""}`).toString("base64")}` }
  const caller: WebUiCaller = {
    timeoutMs,
    progressPollMs: options.progressPollMs ?? 1_000,
    json: ({ path, timeoutMs: callTimeout, ...rest }) => sendJson({ ...rest, url: `${base}${path}`, headers, timeoutMs: callTimeout ?? timeoutMs })
  }
  const list = async (path: string, pick: (item: Named) => string | undefined, optional = false): Promise<ReadonlyArray<string>> => {
    try {
      const items = await caller.json<ReadonlyArray<Named>>({ method: "GET", path })
      return items.map(pick).filter((name): name is string => typeof name === "string" && name !== "")
    } catch (error) {
      // /schedulers arrived in WebUI 1.9: an older one simply has none to offer
      if (optional && error instanceof EngineError && error.kind !== "timeout" && error.kind !== "transient") return []
      throw error
    }
  }

  const upscale = async (request: Upscale, run: RunControl) => {
    if (run.signal.aborted) throw abortError(run.signal)
    const answer = await caller.json<{ image?: string }>({
      method: "POST",
      path: "/sdapi/v1/extra-single-image",
      signal: run.signal,
      json: { image: toBase64(request.image), resize_mode: 0, upscaling_resize: request.scale, upscaler_1: request.upscaler ?? DEFAULT_UPSCALER, show_extras_results: true }
    })
    if (typeof answer.image !== "string" || answer.image === "") throw new EngineError("transient", "绘画引擎暂时不可用", "extra-single-image answered without an image")
    const bytes = new Uint8Array(Buffer.from(answer.image, "base64"))
    const meta = await sharp(bytes).metadata()
    run.onProgress({ percent: 100 })
    return { images: [{ bytes, width: meta.width ?? 0, height: meta.height ?? 0 }] }
  }

  const catalog = async (): Promise<EngineCatalogList> => {
    const [checkpoints, loras, samplers, schedulers, upscalers] = await Promise.all([
      list("/sdapi/v1/sd-models", (item) => item.title),
      list("/sdapi/v1/loras", (item) => item.name),
      list("/sdapi/v1/samplers", (item) => item.name),
      list("/sdapi/v1/schedulers", (item) => item.label ?? item.name, true),
      list("/sdapi/v1/upscalers", (item) => item.name)
    ])
    return { checkpoints, loras, samplers, schedulers, upscalers }
  }

  const health = async (): Promise<EngineHealth> => {
    try {
      const models = await caller.json<ReadonlyArray<Named>>({ method: "GET", path: "/sdapi/v1/sd-models", timeoutMs: Math.min(timeoutMs, HEALTH_TIMEOUT_MS) })
      return models.length > 0 ? { ok: true } : { ok: false, detail: "the WebUI has no checkpoint" }
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) }
    }
  }

  return {
    kind: "a1111",
    label: options.forge === true ? "Stable Diffusion WebUI Forge" : "Stable Diffusion WebUI",
    txt2img: async (request, run) => {
      const taskId = `task(mido-${randomUUID()})`
      const answer = await runGeneration(caller, "/sdapi/v1/txt2img", txt2imgBody(request, taskId), taskId, run)
      const result = await readAnswer(caller, answer, request.count, request.seed, request.checkpoint)
      run.onProgress({ percent: 100 })
      return result
    },
    img2img: async (request, run) => {
      const taskId = `task(mido-${randomUUID()})`
      const answer = await runGeneration(caller, "/sdapi/v1/img2img", img2imgBody(request, taskId), taskId, run)
      const result = await readAnswer(caller, answer, request.count, request.seed, request.checkpoint)
      run.onProgress({ percent: 100 })
      return result
    },
    upscale,
    catalog,
    health
  }
}
