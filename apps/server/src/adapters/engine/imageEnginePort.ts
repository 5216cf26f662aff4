import type { TaskType, ToolKey } from "@mido/core/generation"

/**
 * An image engine behind one small interface, so the generation worker never knows which one draws:
 * the offline 本地演示引擎 (procedural, sharp), Stable Diffusion WebUI (A1111 / Forge), ComfyUI,
 * midjourney-proxy or OpenAI Images. The composition root picks one per task type from the
 * environment (engineConfig.ts, docs/engines.md). Progress comes through `onProgress`, an interrupt
 * through the AbortSignal (each adapter calls its engine's own interrupt when the signal fires).
 */

/** Every engine a task type can be pointed at. */
export type EngineKind = "offline" | "a1111" | "comfyui" | "mj-proxy" | "openai"

export interface LoraWeight {
  readonly name: string
  readonly weight: number
}

export interface HiresOptions {
  readonly scale: number
  readonly upscaler: string
  /** 0: as many as the first pass */
  readonly steps: number
  readonly denoising: number
}

/** Midjourney's reference images and version; engines without them ignore this. */
export interface MjReferences {
  readonly imagePrompts: ReadonlyArray<Uint8Array>
  readonly styleReference: ReadonlyArray<Uint8Array>
  readonly characterReference: ReadonlyArray<Uint8Array>
  readonly omniReference: ReadonlyArray<Uint8Array>
  /** e.g. "v7", "niji 6" */
  readonly version: string
  /** e.g. "3:4" */
  readonly aspect: string
  /**
   * The public addresses of the style / character / omni references, in the same order as their
   * bytes: the user's own images on Mido's storage origin, which Midjourney fetches itself
   * (mjReferences.ts). Absent: the engine must publish the bytes some other way.
   */
  readonly referenceUrls?: {
    readonly style: ReadonlyArray<string>
    readonly character: ReadonlyArray<string>
    readonly omni: ReadonlyArray<string>
  }
}

export interface TextToImage {
  readonly prompt: string
  readonly negativePrompt: string
  /** a checkpoint title / model name the engine knows; undefined: the engine's current one */
  readonly checkpoint?: string
  readonly loras: ReadonlyArray<LoraWeight>
  readonly sampler?: string
  readonly scheduler?: string
  readonly steps: number
  readonly cfgScale: number
  readonly width: number
  readonly height: number
  /** resolved by the caller: never -1; image i of a batch uses seed + i */
  readonly seed: number
  /** images to make, 1–4 */
  readonly count: number
  readonly hires?: HiresOptions
  readonly mj?: MjReferences
}

export interface ImageToImage extends TextToImage {
  /** PNG or JPEG bytes */
  readonly init: Uint8Array
  /** PNG, white = repaint; same size as init */
  readonly mask?: Uint8Array
  readonly denoisingStrength: number
  /** more images to draw from beside `init` (the assistant's extra reference images); engines without them ignore these */
  readonly references?: ReadonlyArray<Uint8Array>
}

export interface Upscale {
  readonly image: Uint8Array
  readonly scale: number
  readonly upscaler?: string
}

export interface EngineImage {
  /** PNG bytes as the engine made them (the worker re-encodes them with the infotext) */
  readonly bytes: Uint8Array
  readonly width: number
  readonly height: number
  /** the seed this image was drawn with, when the engine says */
  readonly seed?: number
  /** how the image is stored: PNG (default, with the infotext chunk) or JPEG (a tool keeping a JPEG input's type) */
  readonly format?: "png" | "jpeg"
  /**
   * the engine's own infotext for this image (the WebUI's `parameters`, with its Model hash, Lora hashes
   * and Version): the worker keeps it and adds Mido's fields only where it has none
   */
  readonly infotext?: string
}

/** What the engine says it actually drew with, where that may differ from what was asked (a silent fallback). */
export interface DrawnWith {
  /** the checkpoint as the engine lists it (catalog's checkpoints) */
  readonly checkpoint?: string
  readonly sampler?: string
  readonly scheduler?: string
}

export interface EngineResult {
  readonly images: ReadonlyArray<EngineImage>
  /** images the engine could not make in a batch (a partial failure), with why */
  readonly missing?: number
  readonly reason?: string
  /** a Chinese note for the user on success (a tool's fallback taken, what offline processing cannot do), shown as the task's reason */
  readonly note?: string
  /** the model, sampler and scheduler that drew, as the engine reports them */
  readonly drawnWith?: DrawnWith
  /** the engine's own id of the job (midjourney-proxy's task id), kept so MJ actions can name the grid */
  readonly engineTaskId?: string
}

/** U1–U4 (upscale one candidate), V1–V4 (a variation of one) and 重新生成 of a finished MJ grid. */
export type MjActionKind = "upscale" | "variation" | "reroll"

export interface MjAction {
  readonly action: MjActionKind
  /** 1–4 in MJ's order (1 top left … 4 bottom right); 1 for reroll */
  readonly index: number
  /** the grid's job id at the engine (EngineResult.engineTaskId); undefined when the engine kept none */
  readonly gridEngineTaskId?: string
  /** the grid's drawing as it was asked (prompt, size, version, its seed), for engines that redraw */
  readonly grid: TextToImage
  /** the seed of this action's task (a reroll or variation draws with it where the engine takes seeds) */
  readonly seed: number
}

export interface EngineProgress {
  /** 0–100 */
  readonly percent: number
  /** a JPEG or PNG preview, when the engine sends one */
  readonly preview?: Uint8Array
}

export interface RunControl {
  /** aborted when the task is cancelled or times out: stop and interrupt the engine */
  readonly signal: AbortSignal
  readonly onProgress: (progress: EngineProgress) => void
}

export interface EngineCatalogList {
  readonly checkpoints: ReadonlyArray<string>
  readonly loras: ReadonlyArray<string>
  readonly samplers: ReadonlyArray<string>
  readonly schedulers: ReadonlyArray<string>
  readonly upscalers: ReadonlyArray<string>
}

export interface EngineHealth {
  readonly ok: boolean
  /** what is wrong, for the log and the health page */
  readonly detail?: string
}

/**
 * Why an engine call failed. `transient` (5xx, a dropped connection, the engine busy) may be retried
 * with backoff; `rejected` (422, a banned prompt, a bad graph) and `unavailable` (down, misconfigured)
 * fail the task at once; `timeout` and `interrupted` come from the signal. `reason` is Chinese and
 * shown to the user; `detail` goes to the log only.
 */
export type EngineErrorKind = "transient" | "rejected" | "unavailable" | "timeout" | "interrupted"

export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    readonly reason: string,
    readonly detail?: string
  ) {
    super(`${kind}: ${reason}${detail === undefined ? "" : ` (${detail})`}`)
    this.name = "EngineError"
  }
}

export interface ImageEngine {
  readonly kind: EngineKind
  /** shown to users next to every task and image, e.g. 本地演示引擎, Stable Diffusion WebUI */
  readonly label: string
  readonly txt2img: (request: TextToImage, run: RunControl) => Promise<EngineResult>
  readonly img2img: (request: ImageToImage, run: RunControl) => Promise<EngineResult>
  readonly upscale: (request: Upscale, run: RunControl) => Promise<EngineResult>
  readonly catalog: () => Promise<EngineCatalogList>
  readonly health: () => Promise<EngineHealth>
  /** Midjourney's describe: prompts suggested for an image (mj-proxy only). */
  readonly describe?: (image: Uint8Array, run: RunControl) => Promise<ReadonlyArray<string>>
  /** MJ actions on a finished grid (mj-proxy and the offline engine; ADR 0020) */
  readonly mjAction?: (request: MjAction, run: RunControl) => Promise<EngineResult>
  /**
   * At submit: why the engine could not fetch the public addresses of reference images under this
   * storage origin (a Chinese refusal), or undefined when it can (mj-proxy; mjReferences.ts).
   */
  readonly referenceRefusal?: (storageUrl: string) => string | undefined
}

/**
 * The engine of each task type (and tool), chosen once at start from the environment
 * (engineConfig.ts, docs/engines.md), with how many tasks each engine runs at once.
 */
export interface EngineRegistry {
  readonly forTask: (type: TaskType, tool?: ToolKey) => ImageEngine
  readonly all: ReadonlyArray<ImageEngine>
  /** tasks one server process runs at once on this engine (per-engine concurrency) */
  readonly concurrency: (engine: ImageEngine) => number
}
