import sharp from "sharp"
import { EngineError, type EngineCatalogList, type EngineHealth, type ImageEngine, type RunControl } from "../imageEnginePort.js"
import { abortError } from "../engineHttp.js"
import { makeComfyClient } from "./comfyClient.js"
import { runRecipe, type RunSettings } from "./comfyRun.js"
import { img2imgWorkflow } from "./workflows/img2imgWorkflow.js"
import { txt2imgWorkflow } from "./workflows/txt2imgWorkflow.js"
import { upscaleWorkflow } from "./workflows/upscaleWorkflow.js"

/**
 * ComfyUI through its own HTTP + WebSocket API: a parameterised API-format graph per recipe
 * (workflows/: txt2img, img2img, inpaint, upscale), inputs uploaded with `POST /upload/image`, the
 * graph queued with `POST /prompt`, progress and previews from `ws://…/ws?clientId=`, the result from
 * `GET /history/{id}` and `GET /view`; `POST /interrupt` and `POST /queue {delete}` to cancel. The
 * catalog comes from `GET /object_info/{class}`, health from `GET /system_stats`.
 */

export interface ComfyOptions {
  /** e.g. http://127.0.0.1:8188 */
  readonly baseUrl: string
  /** the longest one run may take, from upload to the last image (default 10 minutes) */
  readonly timeoutMs?: number
  /** the checkpoint file when a request names none (default: the first ComfyUI lists) */
  readonly defaultCheckpoint?: string
  /** how often the history is polled when the progress socket is unavailable (default 1000 ms) */
  readonly historyPollMs?: number
}

const HEALTH_TIMEOUT_MS = 5_000

export const makeComfyEngine = (options: ComfyOptions): ImageEngine => {
  const timeoutMs = options.timeoutMs ?? 10 * 60_000
  const client = makeComfyClient(options.baseUrl, timeoutMs)
  const settings: RunSettings = { timeoutMs, historyPollMs: options.historyPollMs ?? 1_000 }

  const checkpointFor = async (asked: string | undefined): Promise<string> => {
    const named = asked ?? options.defaultCheckpoint
    if (named !== undefined) return named
    const [first] = await client.choices("CheckpointLoaderSimple", "ckpt_name")
    if (first === undefined) throw new EngineError("unavailable", "绘画引擎没有可用的模型", "ComfyUI lists no checkpoint")
    return first
  }
  const guard = (run: RunControl) => {
    if (run.signal.aborted) throw abortError(run.signal)
  }

  const catalog = async (): Promise<EngineCatalogList> => {
    const [checkpoints, loras, samplers, schedulers, upscalers] = await Promise.all([
      client.choices("CheckpointLoaderSimple", "ckpt_name"),
      client.choices("LoraLoader", "lora_name"),
      client.choices("KSampler", "sampler_name"),
      client.choices("KSampler", "scheduler"),
      client.choices("UpscaleModelLoader", "model_name")
    ])
    return { checkpoints, loras, samplers, schedulers, upscalers }
  }

  const health = async (): Promise<EngineHealth> => {
    try {
      await client.json("GET", "/system_stats", undefined, undefined, Math.min(timeoutMs, HEALTH_TIMEOUT_MS))
      return { ok: true }
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) }
    }
  }

  return {
    kind: "comfyui",
    label: "ComfyUI",
    txt2img: async (request, run) => {
      guard(run)
      return runRecipe(client, txt2imgWorkflow(request, await checkpointFor(request.checkpoint)), run, settings)
    },
    img2img: async (request, run) => {
      guard(run)
      const checkpoint = await checkpointFor(request.checkpoint)
      const init = await client.upload(request.init, run.signal)
      const mask = request.mask === undefined ? undefined : await client.upload(request.mask, run.signal)
      return runRecipe(client, img2imgWorkflow(request, checkpoint, { init, mask }), run, settings)
    },
    upscale: async (request, run) => {
      guard(run)
      const meta = await sharp(request.image).metadata()
      const file = await client.upload(request.image, run.signal)
      const recipe = upscaleWorkflow(file, { width: meta.width ?? 0, height: meta.height ?? 0 }, request.scale, request.upscaler)
      return runRecipe(client, recipe, run, settings)
    },
    catalog,
    health
  }
}
