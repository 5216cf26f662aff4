import type { LoraUse, SdTask } from "../generation/GenerationTask.js"

/**
 * The settings of /webui's txt2img form, named as WebUI names them. `seed` -1 asks for a random seed;
 * `batchCount` is the number of images (the task's num). Hires fix is kept when switched off, so its
 * settings come back when it is switched on again, as in WebUI.
 */
export interface WebuiHires {
  readonly enabled: boolean
  readonly scale: number
  readonly upscaler: string
  readonly steps: number
  readonly denoising: number
}

export interface WebuiForm {
  readonly checkpoint: string
  readonly prompt: string
  readonly negativePrompt: string
  readonly loras: ReadonlyArray<LoraUse>
  readonly sampler: string
  readonly scheduleType: string
  readonly steps: number
  readonly cfgScale: number
  readonly width: number
  readonly height: number
  readonly seed: number
  readonly batchCount: number
  readonly hires: WebuiHires
}

/** WebUI's own defaults for a new txt2img tab (the catalogue then picks the checkpoint, sampler and upscaler). */
export const DEFAULT_WEBUI_FORM: WebuiForm = {
  checkpoint: "",
  prompt: "",
  negativePrompt: "",
  loras: [],
  sampler: "Euler a",
  scheduleType: "Automatic",
  steps: 20,
  cfgScale: 7,
  width: 512,
  height: 512,
  seed: -1,
  batchCount: 1,
  hires: { enabled: false, scale: 2, upscaler: "Lanczos", steps: 0, denoising: 0.7 }
}

/** The size presets /webui offers (SD 1.5's and SDXL's usual shapes); any other multiple of 8 is "custom". */
export const WEBUI_SIZE_PRESETS: ReadonlyArray<{ readonly width: number; readonly height: number }> = [
  { width: 512, height: 512 },
  { width: 512, height: 768 },
  { width: 768, height: 512 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1024, height: 1024 },
  { width: 832, height: 1216 },
  { width: 1216, height: 832 }
]

/** The LoRA weight slider of WebUI's extra-networks tab: -2 to 2 in steps of 0.05. */
export const LORA_WEIGHT = { min: -2, max: 2, step: 0.05, initial: 1 } as const

/** Batch count 1–4 (the contract's images per task). */
export const WEBUI_BATCH_COUNT = { min: 1, max: 4 } as const

/** WF1–WF3 (docs/spec/webui.md): the sd task the form submits. */
export const sdTaskOfForm = (form: WebuiForm): SdTask => ({
  type: "sd",
  prompt: form.prompt,
  negative_prompt: form.negativePrompt,
  checkpoint: form.checkpoint,
  // WF2: a LoRA goes in the task's loras; the server adds its <lora:name:weight> tag to the prompt (GA2)
  loras: form.loras.map((lora) => ({ name: lora.name, weight: roundWeight(lora.weight) })),
  sampler: form.sampler,
  schedule_type: form.scheduleType,
  steps: form.steps,
  cfg_scale: form.cfgScale,
  width: form.width,
  height: form.height,
  seed: form.seed,
  num: form.batchCount,
  // WF3: hires fix is sent only when it is switched on
  ...(form.hires.enabled
    ? { hires: { scale: form.hires.scale, upscaler: form.hires.upscaler, steps: form.hires.steps, denoising: form.hires.denoising } }
    : {})
})

/** WF2: a weight as the slider shows it, to its 0.05 step (no 0.30000000000000004 in a prompt). */
export const roundWeight = (weight: number): number => Math.round(weight * 100) / 100

/**
 * WF6: the form a finished task was drawn with (做同款 on a result of the panel): its settings as
 * submitted, the seed the server recorded (a random one as the number drawn), hires fix on when it
 * had one (its settings otherwise stay as `current` has them).
 */
export const formOfSdTask = (task: SdTask, current: WebuiForm): WebuiForm => ({
  checkpoint: task.checkpoint,
  prompt: task.prompt,
  negativePrompt: task.negative_prompt,
  loras: task.loras.map((lora) => ({ name: lora.name, weight: lora.weight })),
  sampler: task.sampler,
  scheduleType: task.schedule_type,
  steps: task.steps,
  cfgScale: task.cfg_scale,
  width: task.width,
  height: task.height,
  seed: task.seed,
  batchCount: task.num,
  hires: task.hires === undefined ? { ...current.hires, enabled: false } : { enabled: true, ...task.hires }
})
