import type { EngineLimits, SizeLimits } from "./engineLimits.js"
import { toolInputProblem, validateToolOptions } from "../tools/toolOptions.js"
import { MJ_REFERENCE_RULE_TEXT, mjReferenceConflict } from "./mjVersionRules.js"
import type { AgentTask, GenerationTask, QuickMjTask, SdTask, ToolTask } from "./GenerationTask.js"

/** The first thing wrong with a task for an engine: the submit field and a Chinese message. */
export interface TaskProblem {
  readonly field: string
  readonly message: string
}

type Check = () => TaskProblem | undefined

const problem = (field: string, message: string): TaskProblem => ({ field, message })
const times = (width: number, height: number): string => `${width}×${height}`

/** GV2: the prompt and the negative prompt each fit the engine. */
const promptLength = (field: string, what: string, text: string | undefined, max: number): TaskProblem | undefined =>
  text !== undefined && text.length > max ? problem(field, `${what}最多 ${max} 个字`) : undefined

/** GV4–GV5: one width × height against the engine's size rule. */
const checkSize = (size: SizeLimits, width: number, height: number, fields: { width: string; height: string }): TaskProblem | undefined => {
  if (size.kind === "ratio") return undefined
  if (size.kind === "fixed") {
    const fits = size.sizes.some(([w, h]) => w === width && h === height)
    const list = size.sizes.map(([w, h]) => times(w, h)).join("、")
    return fits ? undefined : problem(fields.width, `该引擎只支持 ${list} 的尺寸`)
  }
  for (const [field, what, value] of [[fields.width, "宽度", width], [fields.height, "高度", height]] as const) {
    if (value < size.min || value > size.max) return problem(field, `${what}需在 ${size.min} 到 ${size.max} 之间`)
    if (value % size.multiple !== 0) return problem(field, `${what}需为 ${size.multiple} 的倍数`)
  }
  if (width * height > size.maxPixels) {
    const side = Math.floor(Math.sqrt(size.maxPixels))
    return problem(fields.width, `尺寸超出引擎上限 ${times(side, side)}`)
  }
  return undefined
}

const inRange = (field: string, what: string, value: number, range: { min: number; max: number } | undefined): TaskProblem | undefined =>
  range !== undefined && (value < range.min || value > range.max) ? problem(field, `${what}需在 ${range.min} 到 ${range.max} 之间`) : undefined

const sdChecks = (task: SdTask, limits: EngineLimits): ReadonlyArray<Check> => [
  () => promptLength("negative_prompt", "反向提示词", task.negative_prompt, limits.promptMaxLength),
  () => checkSize(limits.size, task.width, task.height, { width: "width", height: "height" }),
  () => inRange("steps", "迭代步数", task.steps, limits.steps),
  () => inRange("cfg_scale", "提示词引导系数", task.cfg_scale, limits.cfgScale),
  () => {
    if (task.loras.length === 0 || task.loras.length <= limits.loraMax) return undefined
    return problem("loras", limits.loraMax === 0 ? "该引擎不支持 LoRA" : `最多添加 ${limits.loraMax} 个 LoRA`)
  },
  () => {
    if (task.hires === undefined) return undefined
    if (limits.hiresScaleMax === 0) return problem("hires", "该引擎不支持高清修复")
    if (task.hires.scale > limits.hiresScaleMax) return problem("hires.scale", `放大倍数需在 1 到 ${limits.hiresScaleMax} 之间`)
    const longest = Math.round(Math.max(task.width, task.height) * task.hires.scale)
    return longest > limits.hiresMaxSide ? problem("hires.scale", `高清修复后的尺寸超出引擎上限 ${times(limits.hiresMaxSide, limits.hiresMaxSide)}`) : undefined
  },
  () => {
    if (task.mask_url === undefined) return undefined
    if (task.init_image_url === undefined) return problem("init_image_url", "局部重绘需要先上传底图")
    return limits.masks ? undefined : problem("mask_url", "该引擎不支持局部重绘")
  }
]

const quickMjChecks = (task: QuickMjTask, limits: EngineLimits): ReadonlyArray<Check> => [
  () => {
    const count = task.image_prompts.length + task.style_reference.length + task.character_reference.length + task.omni_reference.length
    return count > limits.referenceImagesMax ? problem("image_prompts", `参考图最多 ${limits.referenceImagesMax} 张`) : undefined
  },
  () => {
    const conflict = mjReferenceConflict(task.version, task)
    return conflict === undefined ? undefined : problem(conflict, MJ_REFERENCE_RULE_TEXT[conflict])
  }
]

const agentChecks = (task: AgentTask, limits: EngineLimits): ReadonlyArray<Check> => {
  const [width = 0, height = 0] = task.size.split("x").map(Number)
  return [() => checkSize(limits.size, width, height, { width: "size", height: "size" })]
}

/**
 * GV13: the tools that repaint or remove a marked area need the mark (remove-watermark only with its
 * auto mask off); redraw also needs the words; GV14: each tool's options are its own and in range
 * (the tool catalogue, TL2–TL5).
 */
const toolChecks = (task: ToolTask, limits: EngineLimits): ReadonlyArray<Check> => [
  () => toolInputProblem(task.tool, task),
  () => (task.mask_url !== undefined && !limits.masks ? problem("mask_url", "该引擎不支持局部重绘") : undefined),
  () => {
    const message = validateToolOptions(task.tool, task.options)
    return message === undefined ? undefined : problem("options", message)
  }
]

const typeChecks = (task: GenerationTask, limits: EngineLimits): ReadonlyArray<Check> => {
  switch (task.type) {
    case "sd":
      return sdChecks(task, limits)
    case "quick_mj":
      return quickMjChecks(task, limits)
    case "agent":
      return agentChecks(task, limits)
    case "tool":
      return toolChecks(task, limits)
    case "quick":
      return []
  }
}

/**
 * GV1–GV14: the first problem a task has on an engine, or undefined when the engine can run it.
 * The submit has already passed the contract's schema (its outer bounds); these are the engine's.
 * Checks run in rule order (GV14): the engine, the prompt, the count, then what the type asks for.
 */
export const validateTask = (submit: GenerationTask, limits: EngineLimits): TaskProblem | undefined => {
  const checks: ReadonlyArray<Check> = [
    () => (limits.taskTypes.includes(submit.type) ? undefined : problem("type", "该引擎不支持此类任务")),
    () => promptLength("prompt", "提示词", submit.prompt, limits.promptMaxLength),
    () => ("num" in submit && submit.num > limits.maxImages ? problem("num", `每次最多生成 ${limits.maxImages} 张`) : undefined),
    ...typeChecks(submit, limits)
  ]
  for (const check of checks) {
    const found = check()
    if (found !== undefined) return found
  }
  return undefined
}
