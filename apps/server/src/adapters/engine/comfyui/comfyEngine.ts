import sharp from "sharp"
import { EngineError, type EngineCatalogList, type EngineHealth, type ImageEngine, type RunControl, type TextToImage } from "../imageEnginePort.js"
import { abortError } from "../engineHttp.js"
import { makeComfyClient } from "./comfyClient.js"
import { catalogNames, comfySampling, upscalerNames, type ComfySampling, type SamplingLists } from "./comfyNames.js"
import { runRecipe, type RunSettings } from "./comfyRun.js"
import { fillTemplate } from "./templates/fillTemplate.js"
import type { Recipe } from "./templates/workflowTemplate.js"
import type { WorkflowTemplates } from "./templates/workflowTemplates.js"
import { img2imgWorkflow } from "./workflows/img2imgWorkflow.js"
import { txt2imgWorkflow } from "./workflows/txt2imgWorkflow.js"
import { upscaleWorkflow } from "./workflows/upscaleWorkflow.js"

/**
 * ComfyUI through its own HTTP + WebSocket API: a parameterised API-format graph per recipe
 * (workflows/: txt2img, img2img, inpaint, upscale), inputs uploaded with `POST /upload/image`, the
 * graph queued with `POST /prompt`, progress and previews from `ws://…/ws?clientId=`, the result from
 * `GET /history/{id}` and `GET /view`; `POST /interrupt` and `POST /queue {delete}` to cancel. The
 * catalog comes from `GET /object_info/{class}` (samplers and schedulers as the WebUI names them,
 * comfyNames.ts), health from `GET /system_stats`. A checkpoint whose family has an operator's
 * template (templates/, ADR 0015) draws with that graph instead of the built-in one.
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
  /** sent with every call and the socket, for an authenticating proxy in front (MIDO_COMFYUI_TOKEN / _AUTH_HEADER) */
  readonly headers?: Readonly<Record<string, string>>
  /** the operator's workflow templates per checkpoint family (MIDO_COMFYUI_WORKFLOWS) */
  readonly templates?: WorkflowTemplates
}

const HEALTH_TIMEOUT_MS = 5_000

export const makeComfyEngine = (options: ComfyOptions): ImageEngine => {
  const timeoutMs = options.timeoutMs ?? 10 * 60_000
  const client = makeComfyClient(options.baseUrl, timeoutMs, options.headers)
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

  /** KSampler's lists, kept until a name is missing from them (ComfyUI may have been updated since). */
  let lists: SamplingLists | undefined
  const readLists = async (): Promise<SamplingLists> => {
    const [samplers, schedulers] = await Promise.all([client.choices("KSampler", "sampler_name"), client.choices("KSampler", "scheduler")])
    lists = { samplers, schedulers }
    return lists
  }
  const samplingFor = async (request: TextToImage) => {
    try {
      return comfySampling(request.sampler, request.scheduler, lists ?? (await readLists()))
    } catch (error) {
      if (lists === undefined) throw error
      return comfySampling(request.sampler, request.scheduler, await readLists())
    }
  }

  /** The operator's template for this checkpoint's family and recipe, filled; undefined: the built-in graph. */
  const templateRecipe = (recipe: Recipe, checkpoint: string, request: TextToImage, sampling: ComfySampling, extra: { readonly image?: string; readonly mask?: string; readonly denoise?: number } = {}) => {
    const choice = options.templates?.choose(checkpoint, recipe) ?? { kind: "builtin" as const }
    if (choice.kind === "builtin") return undefined
    // a template is the operator's whole graph: Mido cannot splice a second pass into it, so it refuses rather than drop it
    if (request.hires !== undefined) throw new EngineError("rejected", "该模型的工作流模板不支持高清修复，请关闭高清修复再试", `template ${choice.template.file} with hires`)
    const values = {
      prompt: request.prompt, negative: request.negativePrompt, seed: request.seed, steps: request.steps, cfg: request.cfgScale,
      width: request.width, height: request.height, checkpoint, denoise: 1, sampler: sampling.sampler_name, scheduler: sampling.scheduler, ...extra
    }
    return fillTemplate(choice.template, values, request.loras, request.count)
  }

  const catalog = async (): Promise<EngineCatalogList> => {
    const [checkpoints, loras, sampling, upscalers] = await Promise.all([
      client.choices("CheckpointLoaderSimple", "ckpt_name"),
      client.choices("LoraLoader", "lora_name"),
      readLists(),
      client.choices("UpscaleModelLoader", "model_name")
    ])
    return { checkpoints, loras, ...catalogNames(sampling), upscalers: upscalerNames(upscalers) }
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
      const [checkpoint, sampling] = await Promise.all([checkpointFor(request.checkpoint), samplingFor(request)])
      const recipe = templateRecipe("txt2img", checkpoint, request, sampling) ?? txt2imgWorkflow(request, checkpoint, sampling)
      return runRecipe(client, recipe, run, settings)
    },
    img2img: async (request, run) => {
      guard(run)
      const [checkpoint, sampling] = await Promise.all([checkpointFor(request.checkpoint), samplingFor(request)])
      const recipeName: Recipe = request.mask === undefined ? "img2img" : "inpaint"
      // choose before uploading, so a family without this recipe is refused without touching ComfyUI
      options.templates?.choose(checkpoint, recipeName)
      const init = await client.upload(request.init, run.signal)
      const mask = request.mask === undefined ? undefined : await client.upload(request.mask, run.signal)
      const extra = { image: init, denoise: request.denoisingStrength, ...(mask === undefined ? {} : { mask }) }
      const recipe = templateRecipe(recipeName, checkpoint, request, sampling, extra) ?? img2imgWorkflow(request, checkpoint, { init, mask }, sampling)
      return runRecipe(client, recipe, run, settings)
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
