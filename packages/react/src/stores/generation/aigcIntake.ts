import { DrawType, type MjVersion, type QuickStyle } from "@mido/core"
import { matchMjVersion, matchQuickStyle } from "@mido/core/generation"
import type { WorkState } from "../WorkStore.js"
import type { AigcMode, MjForm, QuickForm } from "./aigcForms.js"

export type AigcIntake =
  | { readonly mode: "quick"; readonly quick: Partial<QuickForm> }
  | { readonly mode: Exclude<AigcMode, "quick">; readonly mj: Partial<Omit<MjForm, "references">> & { readonly references: Partial<MjForm["references"]> } }

const some = (value: string | null | undefined): value is string => typeof value === "string" && value !== ""
const list = (values: ReadonlyArray<string> | null | undefined): ReadonlyArray<string> => (values ?? []).filter(some)

/**
 * What same-style left in the work store (spec §4 SD1, §3 parameters) as changes of the /aigc form:
 * draw type 1 fills quick mode (base image, style), 2 fills MJ mode (references, version); the
 * reference image, when there is one, is the base image or the first image prompt. Null when nothing waits.
 */
export const intakeOf = (work: WorkState): AigcIntake | null => {
  if (work.params === null && work.referenceImage === null) return null
  const reference = some(work.referenceImage) ? work.referenceImage : null
  if (work.drawType === DrawType.quick) {
    const params = work.params
    const style = params?.style_info
    const group = style?.group === "pro" ? "pro" : style?.group === "default" ? "default" : undefined
    return {
      mode: "quick",
      quick: {
        ...(some(params?.base_image_url) ? { baseImage: params.base_image_url } : reference === null ? {} : { baseImage: reference }),
        ...(some(params?.prompt) ? { prompt: params.prompt } : {}),
        ...(some(style?.name) ? { styleName: style.name, styleCover: some(style.cover) ? style.cover : null } : {}),
        ...(group === undefined ? {} : { styleGroup: group })
      }
    }
  }
  const params = work.params
  const prompts = list(params?.image_prompts)
  const version = params?.version_info
  return {
    mode: "mj",
    mj: {
      ...(some(params?.prompt) ? { prompt: params.prompt } : {}),
      ...(some(version?.name) ? { version: version.name, versionCover: some(version.cover) ? version.cover : null } : {}),
      references: {
        image_prompts: prompts.length === 0 && reference !== null ? [reference] : prompts.slice(0, 5),
        style_reference: list(params?.style_reference).slice(0, 5),
        character_reference: list(params?.character_reference).slice(0, 5),
        omni_reference: list(params?.omni_reference).slice(0, 1)
      }
    }
  }
}

/**
 * SD10: the quick form's style against the presets once they are known: a preset of that name is
 * chosen with its own group and cover; a retired one is named (the notice) and no style is chosen,
 * so 生成 waits for the user's choice instead of drawing another style unasked.
 */
export const reconcileStyle = (form: QuickForm, styles: ReadonlyArray<QuickStyle>): { readonly form: QuickForm; readonly retired: string | null } => {
  const match = matchQuickStyle({ group: form.styleGroup, name: form.styleName }, styles)
  if (match.kind === "none") return { form, retired: null }
  if (match.kind === "found") return { form: { ...form, styleGroup: match.preset.group, styleName: match.preset.name, styleCover: match.preset.cover }, retired: null }
  return { form: { ...form, styleName: null, styleCover: null }, retired: match.name }
}

/** SD11: the MJ form's version against the versions offered, as reconcileStyle does for styles. */
export const reconcileVersion = (form: MjForm, versions: ReadonlyArray<MjVersion>): { readonly form: MjForm; readonly retired: string | null } => {
  const match = matchMjVersion(form.version, versions)
  if (match.kind === "none") return { form, retired: null }
  if (match.kind === "found") return { form: { ...form, version: match.preset.name, versionCover: match.preset.cover }, retired: null }
  return { form: { ...form, version: null, versionCover: null }, retired: match.name }
}
