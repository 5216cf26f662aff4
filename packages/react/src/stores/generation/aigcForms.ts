import type { TaskSubmitWire } from "@mido/core"
import { MJ_REFERENCE_RULE_TEXT, mjReferenceConflict, type MjRestrictedReference, mjVersionTakes, type TaskRatio } from "@mido/core/generation"

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

/** GV12: the slots only some versions take (--cref, --oref). */
const isRestricted = (slot: MjSlot): slot is MjRestrictedReference => slot === "character_reference" || slot === "omni_reference"

/**
 * GV12 at the slot: the rule when the chosen version does not take this kind of reference (角色参考仅支持
 * V6 与 Niji 6), so the slot explains itself as soon as the version or the pictures conflict; else null.
 */
export const mjSlotRule = (form: MjForm, slot: MjSlot): string | null =>
  isRestricted(slot) && form.version !== null && !mjVersionTakes(slot, form.version) ? MJ_REFERENCE_RULE_TEXT[slot] : null

/** GV12 beside a version: the kinds of reference in use that it does not take (不支持角色参考). */
export const mjVersionNote = (form: MjForm, version: string): string | null => {
  const missing = (["character_reference", "omni_reference"] as const).filter((slot) => form.references[slot].length > 0 && !mjVersionTakes(slot, version))
  return missing.length === 0 ? null : `不支持${missing.map((slot) => (slot === "character_reference" ? "角色参考" : "全能参考")).join("、")}`
}

/** A reference the version does not take is named first (GV12, what the server would refuse), then the prompt, then the version. */
export const mjMissing = (form: MjForm): string | null => {
  const conflict = form.version === null ? undefined : mjReferenceConflict(form.version, form.references)
  if (conflict !== undefined) return MJ_REFERENCE_RULE_TEXT[conflict]
  return form.prompt.trim() === "" ? "请输入提示词" : form.version === null ? "请选择版本" : null
}

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
