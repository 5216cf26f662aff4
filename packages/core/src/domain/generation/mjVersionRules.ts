/**
 * GV12: which Midjourney versions take which reference kinds, as Midjourney offers them: omni
 * reference (--oref) from version 7 on, character reference (--cref) only on version 6 (v6, v6.1,
 * niji 6). The generation is the first number in the version name. One table for the server's
 * check (validateTask) and the /aigc form, which explains the rule as soon as a choice conflicts.
 */
export type MjRestrictedReference = "character_reference" | "omni_reference"

/** The Midjourney generation a version name such as "v7", "6.1", "Midjourney V6.1" or "niji 6" belongs to. */
export const mjGeneration = (version: string): number | undefined => {
  const match = /(\d+)/.exec(version)
  return match === null ? undefined : Number(match[1])
}

/** GV12's messages: the submit's refusal and the form's inline explanation. */
export const MJ_REFERENCE_RULE_TEXT: Readonly<Record<MjRestrictedReference, string>> = {
  omni_reference: "全能参考仅支持 V7 及以上版本",
  character_reference: "角色参考仅支持 V6 与 Niji 6"
}

/** GV12: whether `version` takes references of `kind` (a version without a number takes neither). */
export const mjVersionTakes = (kind: MjRestrictedReference, version: string): boolean => {
  const generation = mjGeneration(version)
  if (generation === undefined) return false
  return kind === "omni_reference" ? generation >= 7 : generation === 6
}

/** GV12: the first reference kind in use (omni first) that `version` does not take, or undefined. */
export const mjReferenceConflict = (
  version: string,
  references: { readonly character_reference: ReadonlyArray<unknown>; readonly omni_reference: ReadonlyArray<unknown> }
): MjRestrictedReference | undefined => {
  if (references.omni_reference.length > 0 && !mjVersionTakes("omni_reference", version)) return "omni_reference"
  if (references.character_reference.length > 0 && !mjVersionTakes("character_reference", version)) return "character_reference"
  return undefined
}
