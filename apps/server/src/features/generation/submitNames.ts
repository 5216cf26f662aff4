import type { TaskSubmit } from "@mido/core/generation"
import type { EngineCatalogList, EngineKind } from "../../adapters/engine/imageEnginePort.js"

/**
 * Issue 26 item 3: the names a submit sends to its engine, checked before any charge. A1111 and Forge
 * silently ignore an unknown `sd_model_checkpoint` override and fall back to a default sampler or
 * scheduler, so a wrong name would be charged and drawn wrong. Pure: the caller brings the catalogue.
 */

/** One field of a submit that names something the engine (or Mido) must have. */
export type NamedField = "checkpoint" | "lora" | "sampler" | "scheduler" | "hires_upscaler" | "mj_version" | "quick_style"

const FIELD_LABELS: Readonly<Record<NamedField, string>> = {
  checkpoint: "模型",
  lora: "LoRA",
  sampler: "采样方法",
  scheduler: "调度类型",
  hires_upscaler: "高清修复放大算法",
  mj_version: "MJ 版本",
  quick_style: "风格"
}

/** The refusal a user sees, naming the field and the value, e.g. 模型「no_such_model_v9.safetensors」不存在，请重新选择. */
export const unknownNameMessage = (field: NamedField, name: string): string => `${FIELD_LABELS[field]}「${name}」不存在，请重新选择`

/** A quick style sent with the cheaper group than its own (a pro style priced as a default one, GC1). */
export const styleGroupMessage = (name: string): string => `风格「${name}」属于专业风格，请重新选择`

/**
 * A1111's hires fix also takes the latent upscale modes, which `/sdapi/v1/upscalers` does not list
 * (AUTOMATIC1111/stable-diffusion-webui modules/shared.py latent_upscale_modes, served apart at
 * /sdapi/v1/latent-upscale-modes).
 */
export const A1111_LATENT_UPSCALERS: ReadonlyArray<string> = [
  "Latent",
  "Latent (antialiased)",
  "Latent (bicubic)",
  "Latent (bicubic antialiased)",
  "Latent (nearest)",
  "Latent (nearest-exact)"
]

/** What the submit may name: the engine's catalogue and Mido's own lists. */
export interface OfferedNames {
  readonly engineKind: EngineKind
  readonly catalog: EngineCatalogList
  /** Mido's MJ versions (MJ mode's choices) */
  readonly mjVersions: ReadonlyArray<string>
  /** the quick styles with their price group */
  readonly quickStyles: ReadonlyArray<{ readonly name: string; readonly group: "default" | "pro" }>
  /** the site's online-SD model catalogue (names and files), drawn in a demo style by the offline engine only */
  readonly siteModels?: { readonly checkpoints: ReadonlyArray<string>; readonly loras: ReadonlyArray<string> }
}

export interface NameProblem {
  readonly field: NamedField
  readonly name: string
  readonly message: string
}

/**
 * A name as engines resolve it: A1111 takes a checkpoint by title ("sdxl_base.safetensors [31e35c80fc]"),
 * file name or model name (modules/sd_models.py checkpoint_aliases) and a LoRA by its file stem
 * (extensions-builtin/Lora/networks.py available_network_aliases); so the hash and the extension do not count.
 */
export const nameKey = (name: string): string =>
  name.trim().replace(/\s*\[[0-9a-f]{8,64}\]$/i, "").replace(/\.(safetensors|ckpt|pt|pth|bin|gguf)$/i, "").toLowerCase()

const offers = (list: ReadonlyArray<string>, name: string): boolean => {
  if (list.includes(name)) return true
  const key = nameKey(name)
  return list.some((entry) => nameKey(entry) === key)
}

/**
 * ComfyUI lists its own spellings (euler_ancestral, dpmpp_2m, sgm_uniform; comfy/samplers.py
 * KSAMPLER_NAMES, SCHEDULER_NAMES) while Mido's pages, same-style links and the CLI use the WebUI's
 * (Euler a, DPM++ 2M, SGM Uniform), which the ComfyUI adapter translates. One key for both spellings.
 */
export const comfySpellingKey = (name: string): string =>
  name.trim().toLowerCase().replace(/\+\+/g, "pp").replace(/ a$/, "ancestral").replace(/[\s_-]+/g, "")

const offersSpelling = (engineKind: EngineKind, list: ReadonlyArray<string>, name: string): boolean =>
  offers(list, name) || (engineKind === "comfyui" && list.some((entry) => comfySpellingKey(entry) === comfySpellingKey(name)))

const problem = (field: NamedField, name: string): NameProblem => ({ field, name, message: unknownNameMessage(field, name) })

/** "Automatic" is Mido's default schedule type: the sampler's own schedule, which every engine has. */
const AUTOMATIC_SCHEDULE = "automatic"

/** The first name in `submit` its engine or Mido does not offer, or undefined when all are known. */
export const unknownNameOf = (submit: TaskSubmit, offered: OfferedNames): NameProblem | undefined => {
  const { catalog } = offered
  const site = offered.siteModels ?? { checkpoints: [], loras: [] }
  switch (submit.type) {
    case "sd": {
      if (!offers([...catalog.checkpoints, ...site.checkpoints], submit.checkpoint)) return problem("checkpoint", submit.checkpoint)
      const lora = submit.loras.find((choice) => !offers([...catalog.loras, ...site.loras], choice.name))
      if (lora !== undefined) return problem("lora", lora.name)
      if (!offersSpelling(offered.engineKind, catalog.samplers, submit.sampler)) return problem("sampler", submit.sampler)
      if (submit.schedule_type.toLowerCase() !== AUTOMATIC_SCHEDULE && !offersSpelling(offered.engineKind, catalog.schedulers, submit.schedule_type)) {
        return problem("scheduler", submit.schedule_type)
      }
      if (submit.hires !== undefined) {
        const upscalers = offered.engineKind === "a1111" ? [...catalog.upscalers, ...A1111_LATENT_UPSCALERS] : catalog.upscalers
        if (!offers(upscalers, submit.hires.upscaler)) return problem("hires_upscaler", submit.hires.upscaler)
      }
      return undefined
    }
    case "quick_mj": {
      // midjourney-proxy's catalogue lists the versions its operator configured (MIDO_MJ_VERSIONS)
      const versions = offered.engineKind === "mj-proxy" ? [...offered.mjVersions, ...catalog.checkpoints] : offered.mjVersions
      return versions.some((version) => version.toLowerCase() === submit.version.trim().toLowerCase()) ? undefined : problem("mj_version", submit.version)
    }
    case "quick": {
      const style = offered.quickStyles.find((entry) => entry.name === submit.style_name)
      if (style === undefined) return problem("quick_style", submit.style_name)
      return style.group === "pro" && submit.style_group !== "pro" ? { field: "quick_style", name: submit.style_name, message: styleGroupMessage(submit.style_name) } : undefined
    }
    case "agent":
    case "tool":
      // agent names nothing; a tool's options are checked against its own (core validateToolOptions, GV14)
      return undefined
  }
}

/** Whether the submit names anything the engine's catalogue decides (so the catalogue must be read). */
export const needsEngineCatalog = (submit: TaskSubmit, engineKind: EngineKind): boolean =>
  submit.type === "sd" || (submit.type === "quick_mj" && engineKind === "mj-proxy")
