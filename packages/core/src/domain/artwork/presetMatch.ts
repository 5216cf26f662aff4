/**
 * SD10–SD11: what same-style's stored style or version is among the presets /aigc offers today. A
 * preset can be retired after a work was drawn with it; the form then names it instead of dropping
 * it without a word.
 */
export interface StylePreset {
  readonly group: string
  readonly name: string
}

export interface VersionPreset {
  readonly name: string
  readonly label?: string | null | undefined
}

export type PresetMatch<P> =
  | { readonly kind: "none" }
  | { readonly kind: "found"; readonly preset: P }
  | { readonly kind: "retired"; readonly name: string }

const clean = (text: string | null | undefined): string => (text ?? "").trim()

/**
 * SD10: a quick work's style by its name (trimmed): the preset of the same group first, then one of
 * the other group (a preset that moved between 基础 and 专业 is still the same style). No name: none;
 * a name no preset has: retired, with the name as the work stored it.
 */
export const matchQuickStyle = <P extends StylePreset>(
  wanted: { readonly group?: string | null; readonly name?: string | null } | null | undefined,
  presets: ReadonlyArray<P>
): PresetMatch<P> => {
  const name = clean(wanted?.name)
  if (name === "") return { kind: "none" }
  const named = presets.filter((preset) => preset.name.trim() === name)
  const preset = named.find((candidate) => candidate.group === wanted?.group) ?? named[0]
  return preset === undefined ? { kind: "retired", name } : { kind: "found", preset }
}

/** "Midjourney V6.1", "MJ v6.1", "v6.1" and "6.1" are one version; "Niji 6" and "niji6" another. */
export const mjVersionKey = (name: string): string =>
  name.toLowerCase().replace(/\b(midjourney|mj)\b/g, "").replace(/\s+/g, "").replace(/^v(?=\d)/, "")

/**
 * SD11: a quick_mj work's version among the versions offered, by name or label written either way
 * (mjVersionKey). No name: none; a version no longer offered: retired, with its stored name.
 */
export const matchMjVersion = <P extends VersionPreset>(wanted: string | null | undefined, presets: ReadonlyArray<P>): PresetMatch<P> => {
  const name = clean(wanted)
  if (name === "") return { kind: "none" }
  const key = mjVersionKey(name)
  const preset = presets.find((candidate) => mjVersionKey(candidate.name) === key || (candidate.label != null && mjVersionKey(candidate.label) === key))
  return preset === undefined ? { kind: "retired", name } : { kind: "found", preset }
}

/** SD10–SD11: how the form names a retired preset (one sentence, the stored name in 「」). */
export const retiredPresetText = (what: "风格" | "版本", name: string): string => `原${what}「${name}」已下架，请重新选择`
