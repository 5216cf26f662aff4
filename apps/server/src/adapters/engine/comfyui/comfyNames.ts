import { EngineError } from "../imageEnginePort.js"
import { ENGINE_REASONS } from "../engineHttp.js"

/**
 * Mido's pages speak Stable Diffusion WebUI's sampler and Schedule type names; ComfyUI's KSampler takes
 * its own (`sampler_name` from comfy/samplers.py KSAMPLER_NAMES + ["ddim", "uni_pc", "uni_pc_bh2"],
 * `scheduler` from SCHEDULER_HANDLERS) and answers any other value with 400 "Value not in list"
 * (execution.py validate_inputs). Here every WebUI name is mapped, or refused with a Chinese reason
 * before anything is queued, and the catalogue lists exactly the WebUI names that map to something the
 * connected ComfyUI offers.
 */

interface SamplerName {
  readonly comfy: string
  /**
   * The schedule "Automatic" means on the WebUI: the sampler's own `scheduler` option in A1111's
   * modules/sd_samplers_kdiffusion.py (1.9+), else k-diffusion's discrete schedule, which is ComfyUI's
   * `normal`. A1111's DDIM (modules/sd_samplers_timesteps.py) steps uniformly over timesteps: `ddim_uniform`.
   */
  readonly automatic: string
}

/** WebUI sampler label → ComfyUI sampler (modules/sd_samplers_kdiffusion.py samplers_k_diffusion, sd_samplers_timesteps.py, sd_samplers_lcm.py). */
const SAMPLERS: Readonly<Record<string, SamplerName>> = {
  "DPM++ 2M": { comfy: "dpmpp_2m", automatic: "karras" },
  "DPM++ SDE": { comfy: "dpmpp_sde", automatic: "karras" },
  "DPM++ 2M SDE": { comfy: "dpmpp_2m_sde", automatic: "exponential" },
  "DPM++ 2M SDE Heun": { comfy: "dpmpp_2m_sde_heun", automatic: "exponential" },
  "DPM++ 2S a": { comfy: "dpmpp_2s_ancestral", automatic: "karras" },
  "DPM++ 3M SDE": { comfy: "dpmpp_3m_sde", automatic: "exponential" },
  "Euler a": { comfy: "euler_ancestral", automatic: "normal" },
  Euler: { comfy: "euler", automatic: "normal" },
  LMS: { comfy: "lms", automatic: "normal" },
  Heun: { comfy: "heun", automatic: "normal" },
  DPM2: { comfy: "dpm_2", automatic: "karras" },
  "DPM2 a": { comfy: "dpm_2_ancestral", automatic: "karras" },
  "DPM fast": { comfy: "dpm_fast", automatic: "normal" },
  "DPM adaptive": { comfy: "dpm_adaptive", automatic: "normal" },
  DDIM: { comfy: "ddim", automatic: "ddim_uniform" },
  UniPC: { comfy: "uni_pc", automatic: "normal" },
  LCM: { comfy: "lcm", automatic: "normal" }
}

/** WebUI Schedule type label (modules/sd_schedulers.py `schedulers`, label and name) → ComfyUI scheduler. */
const SCHEDULERS: Readonly<Record<string, string>> = {
  Karras: "karras",
  Exponential: "exponential",
  "SGM Uniform": "sgm_uniform",
  Simple: "simple",
  Normal: "normal",
  DDIM: "ddim_uniform",
  Beta: "beta",
  "KL Optimal": "kl_optimal"
}
const SCHEDULER_BY_LOWER = new Map(Object.entries(SCHEDULERS).map(([label, comfy]) => [label.toLowerCase(), comfy]))
SCHEDULER_BY_LOWER.set("sgmuniform", "sgm_uniform")

/** WebUI schedules ComfyUI's KSampler has no equivalent of, with why (shown to the user). */
const NO_EQUIVALENT: Readonly<Record<string, string>> = {
  "align your steps": "Align Your Steps 在 ComfyUI 中是单独的节点，KSampler 不支持",
  uniform: "ComfyUI 的 KSampler 没有 Uniform 调度",
  polyexponential: "ComfyUI 的 KSampler 没有 Polyexponential 调度",
  "karras exponential": "ComfyUI 的 KSampler 没有 Karras Exponential 调度"
}

/** What ComfyUI's KSampler lists right now (`/object_info/KSampler`). */
export interface SamplingLists {
  readonly samplers: ReadonlyArray<string>
  readonly schedulers: ReadonlyArray<string>
}

export interface ComfySampling {
  readonly sampler_name: string
  readonly scheduler: string
}

const refuse = (why: string, detail: string) => new EngineError("rejected", `${ENGINE_REASONS.rejected}: ${why}`, detail)
const isAutomatic = (name: string | undefined) => name === undefined || name.trim() === "" || name.trim().toLowerCase() === "automatic"

/** "DPM++ 2M Karras" (WebUI before 1.9 wrote the schedule into the sampler) → ["DPM++ 2M", "Karras"]. */
const splitCombined = (name: string): readonly [string, string] | undefined => {
  for (const label of [...Object.keys(SCHEDULERS), "Polyexponential"]) {
    const suffix = ` ${label}`
    if (name.endsWith(suffix) && SAMPLERS[name.slice(0, -suffix.length)] !== undefined) return [name.slice(0, -suffix.length), label]
  }
  return undefined
}

const comfyScheduler = (name: string, lists: SamplingLists): string => {
  const trimmed = name.trim()
  if (lists.schedulers.includes(trimmed)) return trimmed
  const lower = trimmed.toLowerCase()
  const reason = NO_EQUIVALENT[lower]
  if (reason !== undefined) throw refuse(reason, `scheduler ${trimmed}`)
  const mapped = SCHEDULER_BY_LOWER.get(lower)
  if (mapped === undefined) throw refuse(`ComfyUI 不认识调度类型「${trimmed}」`, `scheduler ${trimmed}`)
  if (!lists.schedulers.includes(mapped)) throw refuse(`这台 ComfyUI 没有调度类型「${trimmed}」（${mapped}）`, `scheduler ${mapped} not listed`)
  return mapped
}

/**
 * The KSampler's sampler_name and scheduler for a request's WebUI names (ComfyUI's own names pass when
 * ComfyUI lists them). Unknown or unavailable names are a `rejected` EngineError with a Chinese reason.
 */
export const comfySampling = (sampler: string | undefined, scheduler: string | undefined, lists: SamplingLists): ComfySampling => {
  let samplerName = sampler?.trim() || "Euler"
  let schedule = scheduler
  const combined = splitCombined(samplerName)
  if (combined !== undefined) {
    if (!isAutomatic(schedule) && schedule?.trim() !== combined[1]) throw refuse(`采样器「${samplerName}」已含调度类型，与「${schedule ?? ""}」冲突`, "combined sampler name")
    ;[samplerName, schedule] = combined
  }
  const known = SAMPLERS[samplerName]
  const comfy = known?.comfy ?? (lists.samplers.includes(samplerName) ? samplerName : undefined)
  if (comfy === undefined) throw refuse(`ComfyUI 不认识采样器「${samplerName}」`, `sampler ${samplerName}`)
  if (!lists.samplers.includes(comfy)) throw refuse(`这台 ComfyUI 没有采样器「${samplerName}」（${comfy}）`, `sampler ${comfy} not listed`)
  if (!isAutomatic(schedule)) return { sampler_name: comfy, scheduler: comfyScheduler(schedule!, lists) }
  const automatic = known?.automatic ?? "normal"
  if (!lists.schedulers.includes(automatic)) throw refuse(`这台 ComfyUI 没有「${samplerName}」的默认调度（${automatic}）`, `scheduler ${automatic} not listed`)
  return { sampler_name: comfy, scheduler: automatic }
}

/** The WebUI names this ComfyUI can draw with: what the catalogue shows and a submit is checked against. */
export const catalogNames = (lists: SamplingLists) => ({
  samplers: Object.entries(SAMPLERS)
    .filter(([, each]) => lists.samplers.includes(each.comfy))
    .map(([label]) => label),
  schedulers: ["Automatic", ...Object.entries(SCHEDULERS).filter(([, comfy]) => lists.schedulers.includes(comfy)).map(([label]) => label)]
})

/**
 * Hires fix upscalers as the WebUI names them (modules/shared_items.py latent_upscale_modes, and the
 * plain "Lanczos"/"Nearest"/"None" of modules/upscaler.py): a latent mode is ComfyUI's LatentUpscaleBy
 * (nodes.py upscale_methods: nearest-exact, bilinear, area, bicubic, bislerp), a pixel one ImageScaleBy,
 * anything else an upscale model from UpscaleModelLoader.
 */
const LATENT_UPSCALERS: Readonly<Record<string, string>> = {
  Latent: "bilinear",
  "Latent (bicubic)": "bicubic",
  "Latent (nearest-exact)": "nearest-exact"
}
const PIXEL_UPSCALERS: Readonly<Record<string, string>> = { None: "nearest-exact", Lanczos: "lanczos", Nearest: "nearest-exact" }

export type HiresUpscale = { readonly kind: "latent"; readonly method: string } | { readonly kind: "pixel"; readonly method: string } | { readonly kind: "model"; readonly model: string }

export const hiresUpscale = (name: string): HiresUpscale => {
  const latent = LATENT_UPSCALERS[name]
  if (latent !== undefined) return { kind: "latent", method: latent }
  const pixel = PIXEL_UPSCALERS[name]
  if (pixel !== undefined) return { kind: "pixel", method: pixel }
  return { kind: "model", model: name }
}

/** The upscalers the catalogue offers: the latent and plain ones, then ComfyUI's upscale models. */
export const upscalerNames = (models: ReadonlyArray<string>): ReadonlyArray<string> => [...Object.keys(LATENT_UPSCALERS), ...Object.keys(PIXEL_UPSCALERS), ...models]
