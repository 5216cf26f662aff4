import type { TaskSubmit, ToolSpec } from "@mido/core/generation"

/**
 * The name of each result of a run when its tool makes one image per chosen value (style-avatar: one per
 * style, in the order sent: 卡通, 素描 …); "" for each result of any other tool.
 */
export const resultLabelsOf = (spec: ToolSpec | null, params: TaskSubmit | undefined, count: number): ReadonlyArray<string> => {
  const option = spec?.options.find((known) => known.key === spec.resultPerValueOf)
  const blank = Array.from({ length: count }, () => "")
  if (params?.type !== "tool" || option === undefined || option.kind !== "multi") return blank
  const values = String(params.options[option.key] ?? option.default).split(",").map((part) => part.trim())
  return blank.map((_, index) => option.values.find((known) => known.value === values[index])?.label ?? "")
}
