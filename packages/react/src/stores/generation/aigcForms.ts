import type { TaskSubmitWire } from "@mido/core"
import type { TaskRatio } from "@mido/core/generation"

export type AigcMode = "quick" | "mj"
export type StyleGroup = "default" | "pro"
/** The MJ reference slots: image prompts (垫图), style (sref), character (cref), omni (oref). */
export type MjSlot = "image_prompts" | "style_reference" | "character_reference" | "omni_reference"

export const RATIOS: ReadonlyArray<TaskRatio> = ["1:1", "3:4", "4:3", "9:16", "16:9"]
export const IMAGE_COUNTS: ReadonlyArray<number> = [1, 2, 3, 4]
/** How many pictures each MJ slot takes (the contract's bounds). */
export const MJ_SLOT_LIMITS: Readonly<Record<MjSlot, number>> = { image_prompts: 5, style_reference: 5, character_reference: 5, omni_reference: 1 }
export const MJ_SLOT_LABELS: Readonly<Record<MjSlot, string>> = {
  image_prompts: "垫图",
  style_reference: "风格参考 --sref",
  character_reference: "角色参考 --cref",
  omni_reference: "全能参考 --oref"
}

export interface QuickForm {
  readonly baseImage: string | null
  readonly styleGroup: StyleGroup
  readonly styleName: string | null
  readonly styleCover: string | null
  readonly prompt: string
  readonly num: number
  readonly hd: boolean
  readonly ratio: TaskRatio
}

export interface MjForm {
  readonly prompt: string
  readonly references: Readonly<Record<MjSlot, ReadonlyArray<string>>>
  readonly version: string | null
  readonly versionCover: string | null
  readonly num: number
  readonly hd: boolean
  readonly ratio: TaskRatio
}

export const emptyQuick: QuickForm = { baseImage: null, styleGroup: "default", styleName: null, styleCover: null, prompt: "", num: 1, hd: false, ratio: "1:1" }
export const emptyMj: MjForm = {
  prompt: "",
  references: { image_prompts: [], style_reference: [], character_reference: [], omni_reference: [] },
  version: null,
  versionCover: null,
  num: 1,
  hd: false,
  ratio: "1:1"
}

/** What is still missing before the form can be sent (shown beside the button), or null. */
export const quickMissing = (form: QuickForm): string | null =>
  form.baseImage === null ? "请先上传底图或从资产库选择" : form.styleName === null ? "请选择风格" : null

export const mjMissing = (form: MjForm): string | null =>
  form.prompt.trim() === "" ? "请输入提示词" : form.version === null ? "请选择版本" : null

export const quickSubmit = (form: QuickForm): TaskSubmitWire => ({
  type: "quick",
  num: form.num,
  ratio: form.ratio,
  hd: form.hd,
  style_group: form.styleGroup,
  style_name: form.styleName ?? "",
  ...(form.styleCover === null ? {} : { style_cover: form.styleCover }),
  ...(form.baseImage === null ? {} : { base_image_url: form.baseImage }),
  ...(form.prompt.trim() === "" ? {} : { prompt: form.prompt.trim() })
})

export const mjSubmit = (form: MjForm): TaskSubmitWire => ({
  type: "quick_mj",
  prompt: form.prompt.trim(),
  num: form.num,
  ratio: form.ratio,
  hd: form.hd,
  version: form.version ?? "",
  image_prompts: [...form.references.image_prompts],
  style_reference: [...form.references.style_reference],
  character_reference: [...form.references.character_reference],
  omni_reference: [...form.references.omni_reference]
})
