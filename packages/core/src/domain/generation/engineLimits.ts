import type { GenerationTaskType } from "./GenerationTask.js"

/** The kinds of image engine the server can put behind a task type (docs/spec/generation.md, GV). */
export type EngineKindName = "offline" | "a1111" | "comfyui" | "mj-proxy" | "openai"

export interface NumberRange {
  readonly min: number
  readonly max: number
}

/**
 * How an engine takes an image size:
 * - `free`: any width and height in [min, max] that are multiples of `multiple`, at most `maxPixels` in all;
 * - `fixed`: only the listed sizes (width × height);
 * - `ratio`: the engine picks the size from an aspect ratio; width and height are not asked.
 */
export type SizeLimits =
  | { readonly kind: "free"; readonly min: number; readonly max: number; readonly multiple: number; readonly maxPixels: number }
  | { readonly kind: "fixed"; readonly sizes: ReadonlyArray<readonly [width: number, height: number]> }
  | { readonly kind: "ratio" }

/** What one kind of engine accepts; validateTask (GV) reads it. */
export interface EngineLimits {
  readonly kind: EngineKindName
  /** the task types this kind of engine can run (GV1) */
  readonly taskTypes: ReadonlyArray<GenerationTaskType>
  /** characters in the prompt, and again in the negative prompt (GV2) */
  readonly promptMaxLength: number
  readonly size: SizeLimits
  /** sampling steps (GV6); absent when the engine has no such setting */
  readonly steps?: NumberRange
  /** classifier-free guidance scale (GV7); absent when the engine has no such setting */
  readonly cfgScale?: NumberRange
  /** images one task may ask for (GV3) */
  readonly maxImages: number
  /** the largest hires-fix scale; 0 when the engine has no hires fix (GV9) */
  readonly hiresScaleMax: number
  /** the largest side a hires-fixed image may reach (GV9) */
  readonly hiresMaxSide: number
  /** LoRAs in one task; 0 when the engine takes none (GV8) */
  readonly loraMax: number
  /** whether the engine repaints under a mask (inpainting, GV10) */
  readonly masks: boolean
  /** reference images of every kind in one Midjourney task (GV11) */
  readonly referenceImagesMax: number
}

/**
 * Stable Diffusion as A1111 / Forge serve it. Sources, all from the WebUI itself:
 * - width and height: the txt2img sliders run 64–2048 in steps of 8 (the latent is 1/8 of the image,
 *   so other sizes are cropped or padded); we also cap the area at 2048×2048 so one task cannot ask
 *   for more memory than the largest square the UI offers;
 * - steps 1–150 and CFG scale 1–30: the ranges of the txt2img sliders;
 * - hires fix: the "Upscale by" slider runs 1–4; the hires result's side is capped at 4096 (twice the
 *   largest first pass), which is what a 24 GB card still renders;
 * - 4 images: our own batch limit (the contract's num), far below the UI's batch count of 100.
 */
const STABLE_DIFFUSION_LIMITS = {
  promptMaxLength: 4000,
  size: { kind: "free", min: 64, max: 2048, multiple: 8, maxPixels: 2048 * 2048 },
  steps: { min: 1, max: 150 },
  cfgScale: { min: 1, max: 30 },
  maxImages: 4,
  hiresScaleMax: 4,
  hiresMaxSide: 4096,
  loraMax: 5,
  masks: true,
  referenceImagesMax: 0
} as const

const LIMITS: Readonly<Record<EngineKindName, EngineLimits>> = {
  /**
   * The offline renderer (sharp) draws every task type, within the same bounds as Stable Diffusion so
   * that a task which passes offline also passes on a real WebUI.
   */
  offline: { kind: "offline", taskTypes: ["quick", "quick_mj", "sd", "agent", "tool"], ...STABLE_DIFFUSION_LIMITS, referenceImagesMax: 10 },
  a1111: { kind: "a1111", taskTypes: ["quick", "sd", "tool"], ...STABLE_DIFFUSION_LIMITS },
  /**
   * ComfyUI's own bounds are wider (EmptyLatentImage takes 16–16384 in steps of 8, KSampler 1–10000
   * steps and CFG 0–100); we keep the WebUI's so that the same /webui settings mean the same on both.
   */
  comfyui: { kind: "comfyui", taskTypes: ["quick", "sd", "tool"], ...STABLE_DIFFUSION_LIMITS },
  /**
   * midjourney-proxy: one imagine makes a 2×2 grid, so four images; the size comes from an aspect
   * ratio (--ar); there are no steps, CFG, LoRAs, hires fix or masks. A Discord message carries at
   * most 10 attachments, so 10 reference images in all.
   */
  "mj-proxy": {
    kind: "mj-proxy",
    taskTypes: ["quick_mj"],
    promptMaxLength: 2000,
    size: { kind: "ratio" },
    maxImages: 4,
    hiresScaleMax: 0,
    hiresMaxSide: 0,
    loraMax: 0,
    masks: false,
    referenceImagesMax: 10
  },
  /**
   * OpenAI Images (gpt-image-1): three sizes only; n goes to 10, our tasks to 4; edits take a mask.
   * The prompt may be 32000 characters; we keep DALL·E 3's 4000, the contract's bound.
   */
  openai: {
    kind: "openai",
    taskTypes: ["agent", "tool"],
    promptMaxLength: 4000,
    size: { kind: "fixed", sizes: [[1024, 1024], [1536, 1024], [1024, 1536]] },
    maxImages: 4,
    hiresScaleMax: 0,
    hiresMaxSide: 0,
    loraMax: 0,
    masks: true,
    referenceImagesMax: 0
  }
}

/** GV: the limits validateTask applies for a kind of engine. */
export const engineLimitsOf = (kind: EngineKindName): EngineLimits => LIMITS[kind]

/** Every kind of engine, in a stable order (tests and docs walk them). */
export const ENGINE_KINDS: ReadonlyArray<EngineKindName> = ["offline", "a1111", "comfyui", "mj-proxy", "openai"]
