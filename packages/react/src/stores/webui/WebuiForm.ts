import {
  LORA_WEIGHT,
  type SdTask,
  type UnrecognisedParam,
  WEBUI_BATCH_COUNT,
  WEBUI_SIZE_PRESETS,
  type WebuiForm as WebuiFormValues,
  type WebuiHires
} from "@mido/core"
import {
  DEFAULT_WEBUI_FORM,
  parseInfotext,
  prefillWebuiForm,
  promptTokenCount,
  roundWeight,
  sdTaskOfForm,
  tokenCounterText
} from "@mido/core/generation"
import { makeAutoObservable, observable } from "mobx"

/** What the catalogue offers first, for fields that are still empty or not offered (the store's defaults). */
export interface FormDefaults {
  readonly checkpoint?: string | undefined
  readonly samplers: ReadonlyArray<string>
  readonly schedulers: ReadonlyArray<string>
  readonly upscalers: ReadonlyArray<string>
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/**
 * The state of /webui's txt2img form (WebUI's fields, docs/spec/webui.md): the values, the parameters
 * a prefill could not place (未识别的参数, WP6) and the 粘贴生成参数 box. Every change replaces `values`
 * as a whole, so the task and the counters follow. Pure state: the page's store adds the catalogue,
 * the cost and the submit.
 */
export class WebuiForm {
  values: WebuiFormValues = DEFAULT_WEBUI_FORM
  unrecognised: ReadonlyArray<UnrecognisedParam> = []
  /** The 粘贴生成参数 box's text. */
  pasteText = ""
  /**
   * WF7: the prompt was typed in, left, or filled by a prefill: only then may an empty one be named
   * as a problem (a new form greets no one with 请输入提示词).
   */
  promptTouched = false

  constructor() {
    makeAutoObservable(this, { values: observable.ref, unrecognised: observable.ref }, { autoBind: true })
  }

  /** WT5: `n/75` over the prompt box. */
  get promptTokens(): string {
    return tokenCounterText(promptTokenCount(this.values.prompt))
  }

  get negativeTokens(): string {
    return tokenCounterText(promptTokenCount(this.values.negativePrompt))
  }

  /** The size is one of the presets (the custom fields are shown otherwise). */
  get sizePreset(): string | undefined {
    const { width, height } = this.values
    return WEBUI_SIZE_PRESETS.some((size) => size.width === width && size.height === height) ? `${width}x${height}` : undefined
  }

  /** WF1–WF3: the sd task the form stands for. */
  get task(): SdTask {
    return sdTaskOfForm(this.values)
  }

  set<K extends keyof WebuiFormValues>(key: K, value: WebuiFormValues[K]): void {
    this.values = { ...this.values, [key]: value }
    if (key === "prompt") this.promptTouched = true
  }

  /** The prompt box was left (WF7). */
  touchPrompt(): void {
    this.promptTouched = true
  }

  /** Every field at once (a task's settings); nothing of an earlier prefill is left unrecognised. */
  replace(values: WebuiFormValues): void {
    this.values = values
    this.unrecognised = []
    this.promptTouched = true
  }

  setSize(width: number, height: number): void {
    this.values = { ...this.values, width, height }
  }

  /** Swaps width and height (WebUI's ⇅ button). */
  swapSize(): void {
    this.values = { ...this.values, width: this.values.height, height: this.values.width }
  }

  setBatchCount(count: number): void {
    this.set("batchCount", clamp(Math.round(count), WEBUI_BATCH_COUNT.min, WEBUI_BATCH_COUNT.max))
  }

  /** 🎲: -1, a new random seed for every task. */
  randomSeed(): void {
    this.set("seed", -1)
  }

  setHires(change: Partial<WebuiHires>): void {
    this.values = { ...this.values, hires: { ...this.values.hires, ...change } }
  }

  /** Adds a LoRA at weight 1 (a second add of the same name changes nothing). */
  addLora(name: string): void {
    if (name === "" || this.values.loras.some((lora) => lora.name === name)) return
    this.set("loras", [...this.values.loras, { name, weight: LORA_WEIGHT.initial }])
  }

  removeLora(name: string): void {
    this.set("loras", this.values.loras.filter((lora) => lora.name !== name))
  }

  setLoraWeight(name: string, weight: number): void {
    const bounded = roundWeight(clamp(weight, LORA_WEIGHT.min, LORA_WEIGHT.max))
    this.set("loras", this.values.loras.map((lora) => (lora.name === name ? { name, weight: bounded } : lora)))
  }

  /** WP1–WP8: fills the form from an infotext (same-style's text, or a paste) and `?model=`. */
  prefill(text: string, model?: string): void {
    const { form, unrecognised } = prefillWebuiForm(parseInfotext(text), this.values, model)
    this.values = form
    this.unrecognised = unrecognised
    this.promptTouched = true
  }

  setPasteText(text: string): void {
    this.pasteText = text
  }

  /** 读取: the 粘贴生成参数 box read as WebUI's "read generation parameters"; false when it is empty. */
  applyPaste(): boolean {
    if (this.pasteText.trim() === "") return false
    this.prefill(this.pasteText)
    this.pasteText = ""
    return true
  }

  dismissUnrecognised(): void {
    this.unrecognised = []
  }

  /**
   * The catalogue arrived: an empty checkpoint takes its first, and a sampler, schedule type or
   * upscaler still at WebUI's default that the engine does not offer takes the engine's first. A value
   * a prefill or the user chose is kept either way (the select shows it), so the order of the
   * catalogue's answer and a prefill does not matter.
   */
  applyDefaults(defaults: FormDefaults): void {
    const pick = (current: string, initial: string, offered: ReadonlyArray<string>) =>
      current !== initial || offered.length === 0 || offered.includes(current) ? current : offered[0]!
    const { values } = this
    this.values = {
      ...values,
      checkpoint: values.checkpoint === "" ? (defaults.checkpoint ?? "") : values.checkpoint,
      sampler: pick(values.sampler, DEFAULT_WEBUI_FORM.sampler, defaults.samplers),
      scheduleType: pick(values.scheduleType, DEFAULT_WEBUI_FORM.scheduleType, defaults.schedulers),
      hires: { ...values.hires, upscaler: pick(values.hires.upscaler, DEFAULT_WEBUI_FORM.hires.upscaler, defaults.upscalers) }
    }
  }

  reset(): void {
    this.values = DEFAULT_WEBUI_FORM
    this.unrecognised = []
    this.pasteText = ""
    this.promptTouched = false
  }
}
