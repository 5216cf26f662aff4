import type { ParsedInfotext } from "../infotext/parseInfotext.js"
import { liftLoraTags } from "./promptLoras.js"
import type { WebuiForm, WebuiHires } from "./webuiForm.js"

/** A parameter of the text that no field of the form takes: shown to the user, never dropped. */
export interface UnrecognisedParam {
  readonly key: string
  readonly value: string
}

export interface WebuiPrefill {
  readonly form: WebuiForm
  readonly unrecognised: ReadonlyArray<UnrecognisedParam>
}

const INTEGER = /^-?\d+$/
const DECIMAL = /^-?\d+(?:\.\d+)?$/
const SIZE = /^(\d+)\s*x\s*(\d+)$/i
/** WP5: the schedulers WebUI before 1.9 wrote as the sampler's suffix ("DPM++ 2M Karras"). */
const SCHEDULER_SUFFIXES = ["Karras", "Exponential", "Polyexponential", "SGM Uniform"]
/** WP6: labels that name where the image came from (our Engine, WebUI's hashes and version): known, not settings. */
const INFORMATIONAL = new Set(["Engine", "Model hash", "Version"])

type Reader = (value: string, form: Draft) => boolean

type Draft = { -readonly [K in keyof WebuiForm]: WebuiForm[K] }

const integer = (apply: (n: number, form: Draft) => void): Reader => (value, form) => {
  if (!INTEGER.test(value.trim())) return false
  apply(Number(value), form)
  return true
}
const decimal = (apply: (n: number, form: Draft) => void): Reader => (value, form) => {
  if (!DECIMAL.test(value.trim())) return false
  apply(Number(value), form)
  return true
}
const text = (apply: (s: string, form: Draft) => void): Reader => (value, form) => {
  if (value.trim() === "") return false
  apply(value.trim(), form)
  return true
}
const hires = (form: Draft, change: Partial<WebuiHires>) => {
  form.hires = { ...form.hires, ...change }
}

/** WP3–WP5: the labels the form reads, WebUI's names for its txt2img settings. */
const READERS: Readonly<Record<string, Reader>> = {
  Steps: integer((n, form) => (form.steps = n)),
  Sampler: text((s, form) => (form.sampler = s)),
  "Schedule type": text((s, form) => (form.scheduleType = s)),
  "CFG scale": decimal((n, form) => (form.cfgScale = n)),
  Seed: integer((n, form) => (form.seed = n)),
  Size: (value, form) => {
    const match = SIZE.exec(value.trim())
    if (match === null) return false
    form.width = Number(match[1])
    form.height = Number(match[2])
    return true
  },
  Model: text((s, form) => (form.checkpoint = s)),
  "Batch size": integer((n, form) => (form.batchCount = n)),
  "Hires upscale": decimal((n, form) => hires(form, { enabled: true, scale: n })),
  "Hires steps": integer((n, form) => hires(form, { steps: n })),
  "Hires upscaler": text((s, form) => hires(form, { upscaler: s }))
}

/** WP5: "DPM++ 2M Karras" without a Schedule type → sampler "DPM++ 2M", schedule type "Karras". */
const splitOldSampler = (form: Draft, params: Readonly<Record<string, string>>) => {
  if (params["Schedule type"] !== undefined) return
  const suffix = SCHEDULER_SUFFIXES.find((name) => form.sampler.endsWith(` ${name}`))
  if (suffix === undefined) return
  form.sampler = form.sampler.slice(0, -suffix.length - 1)
  form.scheduleType = suffix
}

/**
 * WP1–WP8 (docs/spec/webui.md): fills /webui's form from a parsed A1111 infotext (a same-style
 * `prompt_for_paste`, or text pasted into 粘贴生成参数), as WebUI's "read generation parameters" does.
 * The prompt and negative prompt are always replaced (WP1), LoRA tags become LoRA rows (WP2), each known
 * label sets its field (WP3–WP5), hires fix is on exactly when the text has Hires upscale (WP4),
 * `model` (the `?model=` of the address) names the checkpoint over the text's Model (WP7), and every
 * other label, or a known one whose value cannot be read, is kept in `unrecognised` in the order
 * written (WP6). Fields the text does not mention keep the values of `current` (WP8).
 */
export const prefillWebuiForm = (parsed: ParsedInfotext, current: WebuiForm, model?: string): WebuiPrefill => {
  const lifted = liftLoraTags(parsed.prompt)
  const form: Draft = {
    ...current,
    prompt: lifted.prompt,
    negativePrompt: parsed.negativePrompt,
    loras: lifted.loras,
    hires: { ...current.hires, enabled: false }
  }
  const unrecognised: Array<UnrecognisedParam> = []
  const params = parsed.params
  const hasHires = params["Hires upscale"] !== undefined
  for (const [key, value] of Object.entries(params)) {
    if (INFORMATIONAL.has(key)) continue
    // WP4: without hires fix, Denoising strength is img2img's, which /webui's txt2img does not have
    if (key === "Denoising strength" && hasHires) {
      if (decimal((n, draft) => hires(draft, { denoising: n }))(value, form)) continue
    } else {
      const reader = Object.hasOwn(READERS, key) ? READERS[key] : undefined
      if (reader !== undefined && reader(value, form)) continue
    }
    unrecognised.push({ key, value })
  }
  splitOldSampler(form, params)
  if (model !== undefined && model.trim() !== "") form.checkpoint = model.trim()
  return { form, unrecognised }
}
