import type { GenerationToolKey } from "../generation/GenerationTask.js"
import { type ToolOptionSpec, toolSpecOf } from "./toolCatalogue.js"

export type ToolOptionValue = string | number | boolean
export type ToolOptionRecord = Readonly<Record<string, ToolOptionValue>>

/** A box option ("x,y,w,h", fractions of the image) as numbers, or undefined when it is not one inside the image. */
export const parseBox = (value: ToolOptionValue): { readonly x: number; readonly y: number; readonly width: number; readonly height: number } | undefined => {
  const parts = String(value).split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part)))
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return undefined
  const [x, y, width, height] = parts as [number, number, number, number]
  if (x < 0 || y < 0 || width <= 0 || height <= 0 || x + width > 1.000001 || y + height > 1.000001) return undefined
  return { x, y, width, height }
}

/**
 * TL5: the smallest side of a box, as a fraction of the image's side. A box under it is a slip of the
 * mouse, not a subject: grabCut finds nothing in a few pixels.
 */
const BOX_MIN_SIDE = 0.02

const boxProblem = (label: string, value: ToolOptionValue): string | undefined => {
  const box = parseBox(value)
  if (box === undefined) return `${label}需为 x,y,宽,高（0 到 1 之间的比例，且不超出图片）`
  return box.width < BOX_MIN_SIDE || box.height < BOX_MIN_SIDE ? `${label}太小，请框出更大的区域（宽和高至少为图片的 2%）` : undefined
}

const valuesText = (values: ReadonlyArray<{ readonly label: string }>) => values.map((value) => value.label).join("、")

/** The values of a "multi" option as sent ("cartoon, sketch" → ["cartoon", "sketch"]), empty parts dropped. */
export const splitMulti = (value: ToolOptionValue): ReadonlyArray<string> =>
  String(value).split(",").map((part) => part.trim()).filter((part) => part !== "")

const optionProblem = (spec: ToolOptionSpec, value: ToolOptionValue): string | undefined => {
  switch (spec.kind) {
    case "choice":
      return spec.values.some((allowed) => allowed.value === value || String(allowed.value) === String(value))
        ? undefined
        : `${spec.label}只能是：${valuesText(spec.values)}`
    case "number": {
      const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN
      if (!Number.isFinite(number) || number < spec.min || number > spec.max) return `${spec.label}需在 ${spec.min} 到 ${spec.max} 之间`
      return spec.step === 1 && !Number.isInteger(number) ? `${spec.label}需为整数` : undefined
    }
    case "boolean":
      return typeof value === "boolean" || value === "true" || value === "false" ? undefined : `${spec.label}需为开或关`
    case "box":
      return boxProblem(spec.label, value)
    case "multi": {
      const parts = splitMulti(value)
      if (parts.length < spec.min) return `请至少选择一种${spec.label}`
      const unknown = parts.find((part) => !spec.values.some((allowed) => allowed.value === part))
      if (unknown !== undefined) return `${spec.label}只能是：${valuesText(spec.values)}`
      return new Set(parts).size === parts.length ? undefined : `${spec.label}不能重复选择`
    }
  }
}

/**
 * TL5: the Chinese message of the first problem in a tool's options, or undefined when they are fine.
 * Keys the tool does not read are refused (a typo must not silently fall back to a default).
 */
export const validateToolOptions = (key: GenerationToolKey, options: ToolOptionRecord): string | undefined => {
  const specs = toolSpecOf(key).options
  const unknown = Object.keys(options).find((name) => !specs.some((spec) => spec.key === name))
  if (unknown !== undefined) return `${toolSpecOf(key).name}没有“${unknown}”这个选项`
  for (const spec of specs) {
    const value = options[spec.key]
    if (value === undefined) continue
    const problem = optionProblem(spec, value)
    if (problem !== undefined) return problem
  }
  return undefined
}

const normalise = (spec: ToolOptionSpec, value: ToolOptionValue): ToolOptionValue => {
  switch (spec.kind) {
    case "choice":
      return spec.values.find((allowed) => String(allowed.value) === String(value))?.value ?? spec.default
    case "number":
      return Number(value)
    case "boolean":
      return value === true || value === "true"
    case "multi":
      return splitMulti(value).join(",")
    case "box":
      return String(value).split(",").map((part) => part.trim()).join(",")
  }
}

/** TL6: a tool's options with every default filled in and values in their own type ("4" → 4, "true" → true). Validate first. */
export const resolveToolOptions = (key: GenerationToolKey, options: ToolOptionRecord): Readonly<Record<string, ToolOptionValue>> =>
  Object.fromEntries(toolSpecOf(key).options.flatMap((spec) => {
    const value = options[spec.key]
    if (value === undefined) return spec.kind === "box" ? [] : [[spec.key, spec.default]]
    return [[spec.key, normalise(spec, value)]]
  }))

/**
 * TL2/TL3: the first problem of a tool task's mask and prompt (field and Chinese message), or undefined.
 * remove-watermark needs a mask only when auto_mask is off; redraw needs its prompt.
 */
export const toolInputProblem = (
  key: GenerationToolKey,
  input: { readonly mask_url?: string | undefined; readonly prompt?: string | undefined; readonly options: ToolOptionRecord }
): { readonly field: "mask_url" | "prompt"; readonly message: string } | undefined => {
  const spec = toolSpecOf(key)
  const autoMask = spec.mask === "auto" && resolveToolOptions(key, input.options).auto_mask === true
  const maskNeeded = spec.mask === "required" || (spec.mask === "auto" && !autoMask)
  if (maskNeeded && input.mask_url === undefined) return { field: "mask_url", message: spec.maskMessage ?? "请先涂抹区域" }
  if (spec.prompt === "required" && (input.prompt ?? "").trim() === "") return { field: "prompt", message: "请输入提示词" }
  return undefined
}

/** TL8: how many images a tool task makes offline: one per chosen value of its per-value option (style-avatar: per style), else one. */
export const toolResultCount = (key: GenerationToolKey, options: ToolOptionRecord): number => {
  const per = toolSpecOf(key).resultPerValueOf
  return per === undefined ? 1 : Math.max(1, splitMulti(resolveToolOptions(key, options)[per] ?? "").length)
}
