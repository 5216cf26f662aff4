import { Schema } from "effect"
import { TaskRatio, ToolKey } from "./TaskKinds.js"

// the task kinds live apart (TaskKinds.ts): the points table (main entry) reads them without the submit shapes (ADR 0029)
export { TaskRatio, TaskType, ToolKey } from "./TaskKinds.js"

/**
 * What a drawing task asks for (POST /api/v2/task/submit, designed in the style of spec §7): one shape
 * per task type. These are the contract's outer bounds; the per-engine limits (size multiples, step
 * and CFG ranges, how many images) are the domain rule validateTask (docs/spec/generation.md, GV).
 */
const text = (max: number, what: string) => Schema.String.pipe(Schema.maxLength(max, { message: () => `${what}最多 ${max} 个字` }))
const prompt = (max: number) => text(max, "提示词").pipe(Schema.filter((value) => value.trim() !== "" || "请输入提示词"))
const ImageUrl = Schema.String.pipe(Schema.minLength(1, { message: () => "请先上传图片" }), Schema.maxLength(1000)).annotations({
  description: "an image address in our storage (an upload of the caller's, or an artwork cover)"
})
const urls = (max: number, what: string) => Schema.Array(ImageUrl).pipe(Schema.maxItems(max, { message: () => `${what}最多 ${max} 张` }))
const ImageCount = Schema.Int.pipe(Schema.between(1, 4, { message: () => "每次最多生成 4 张" })).annotations({ description: "how many images, 1 to 4" })
/** The caller's key for this submit: the same key twice answers the first task instead of charging again. */
const RequestId = Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{8,64}$/)).annotations({
  description: "idempotency key chosen by the client (8–64 of A–Z a–z 0–9 _ -); a repeat answers the first task"
})

export const QuickSubmit = Schema.Struct({
  type: Schema.Literal("quick"),
  num: ImageCount,
  ratio: Schema.optional(TaskRatio),
  hd: Schema.optional(Schema.Boolean),
  style_group: Schema.Literal("default", "pro").annotations({ description: "default 基础风格, pro 专业风格 (costs more)" }),
  style_name: text(40, "风格名称").pipe(Schema.minLength(1, { message: () => "请选择风格" })),
  style_cover: Schema.optional(ImageUrl),
  base_image_url: Schema.optional(ImageUrl),
  prompt: Schema.optional(text(500, "提示词")),
  request_id: Schema.optional(RequestId)
})
export type QuickSubmit = typeof QuickSubmit.Type

export const MjActionKind = Schema.Literal("upscale", "variation", "reroll").annotations({
  description: "upscale U1–U4 放大 (one image), variation V1–V4 变体 (a new grid), reroll 重新生成 (a new grid)"
})
export type MjActionKind = typeof MjActionKind.Type

/**
 * An MJ action on a finished MJ grid (ADR 0020): the task is priced and run like any quick_mj task;
 * the server takes prompt, version, ratio and hd from the grid, whatever the submit says.
 */
export const MjActionRef = Schema.Struct({
  task_id: Schema.String.pipe(Schema.pattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: () => "任务编号无效" })).annotations({ description: "the grid's task (one of the caller's finished quick_mj tasks)" }),
  action: MjActionKind,
  index: Schema.optionalWith(Schema.Int.pipe(Schema.between(1, 4, { message: () => "请选择第 1 到 4 张图" })), { default: () => 1 }).annotations({ description: "1–4, MJ's order (1 top left … 4 bottom right); ignored for reroll" }),
  from_artwork_id: Schema.optional(Schema.Int.pipe(Schema.positive())).annotations({ description: "set by the server: the grid's artwork the action started from" })
})
export type MjActionRef = typeof MjActionRef.Type

export const QuickMjSubmit = Schema.Struct({
  type: Schema.Literal("quick_mj"),
  prompt: prompt(2000),
  num: ImageCount,
  ratio: Schema.optional(TaskRatio),
  hd: Schema.optional(Schema.Boolean),
  version: text(40, "版本").pipe(Schema.minLength(1, { message: () => "请选择版本" })).annotations({ description: "Midjourney version name, e.g. v7, niji 6" }),
  image_prompts: Schema.optionalWith(urls(5, "垫图"), { default: () => [] }),
  style_reference: Schema.optionalWith(urls(5, "风格参考图"), { default: () => [] }),
  character_reference: Schema.optionalWith(urls(5, "角色参考图"), { default: () => [] }),
  omni_reference: Schema.optionalWith(urls(1, "全能参考图"), { default: () => [] }),
  mj_action: Schema.optional(MjActionRef),
  request_id: Schema.optional(RequestId)
})
export type QuickMjSubmit = typeof QuickMjSubmit.Type

export const LoraChoice = Schema.Struct({
  name: text(200, "LoRA 名称").pipe(Schema.minLength(1)),
  weight: Schema.Number.pipe(Schema.between(-2, 2, { message: () => "LoRA 权重需在 -2 到 2 之间" }))
})
export type LoraChoice = typeof LoraChoice.Type

export const HiresFix = Schema.Struct({
  scale: Schema.Number.pipe(Schema.between(1, 4, { message: () => "放大倍数需在 1 到 4 之间" })),
  upscaler: text(100, "放大算法"),
  steps: Schema.Int.pipe(Schema.between(0, 150, { message: () => "高清修复步数需在 0 到 150 之间" })),
  denoising: Schema.Number.pipe(Schema.between(0, 1, { message: () => "重绘幅度需在 0 到 1 之间" }))
})
export type HiresFix = typeof HiresFix.Type

export const SdSubmit = Schema.Struct({
  type: Schema.Literal("sd"),
  prompt: prompt(4000),
  negative_prompt: Schema.optionalWith(text(4000, "反向提示词"), { default: () => "" }),
  checkpoint: text(200, "模型").pipe(Schema.minLength(1, { message: () => "请选择模型" })),
  loras: Schema.optionalWith(Schema.Array(LoraChoice).pipe(Schema.maxItems(5, { message: () => "最多添加 5 个 LoRA" })), { default: () => [] }),
  sampler: text(100, "采样方法").pipe(Schema.minLength(1)),
  schedule_type: Schema.optionalWith(text(100, "调度类型"), { default: () => "Automatic" }),
  steps: Schema.Int.pipe(Schema.between(1, 150, { message: () => "迭代步数需在 1 到 150 之间" })),
  cfg_scale: Schema.Number.pipe(Schema.between(1, 30, { message: () => "提示词引导系数需在 1 到 30 之间" })),
  width: Schema.Int.pipe(Schema.between(64, 2048, { message: () => "宽度需在 64 到 2048 之间" })),
  height: Schema.Int.pipe(Schema.between(64, 2048, { message: () => "高度需在 64 到 2048 之间" })),
  seed: Schema.Int.pipe(Schema.between(-1, 4294967295, { message: () => "随机种子需为 -1 或 0 到 4294967295" })).annotations({ description: "-1: a random seed, chosen by the server and recorded" }),
  num: ImageCount.annotations({ description: "batch count, 1 to 4" }),
  hires: Schema.optional(HiresFix),
  init_image_url: Schema.optional(ImageUrl.annotations({ description: "img2img: the base image" })),
  mask_url: Schema.optional(ImageUrl.annotations({ description: "inpaint: white repaints (needs init_image_url)" })),
  denoising_strength: Schema.optional(Schema.Number.pipe(Schema.between(0, 1, { message: () => "重绘幅度需在 0 到 1 之间" }))),
  request_id: Schema.optional(RequestId)
})
export type SdSubmit = typeof SdSubmit.Type

export const AgentSubmit = Schema.Struct({
  type: Schema.Literal("agent"),
  prompt: prompt(4000),
  image_urls: Schema.optionalWith(urls(4, "参考图"), { default: () => [] }),
  num: ImageCount,
  size: Schema.optionalWith(Schema.Literal("1024x1024", "1536x1024", "1024x1536"), { default: () => "1024x1024" as const }),
  request_id: Schema.optional(RequestId)
})
export type AgentSubmit = typeof AgentSubmit.Type

/** Tool options are few and flat (scale, method, styles…); each tool reads its own keys (issue: AI toolbox). */
export const ToolOptions = Schema.Record({
  key: Schema.String.pipe(Schema.pattern(/^[a-z_]{1,32}$/)),
  value: Schema.Union(Schema.String.pipe(Schema.maxLength(200)), Schema.Number, Schema.Boolean)
})

export const ToolSubmit = Schema.Struct({
  type: Schema.Literal("tool"),
  tool: ToolKey,
  image_url: ImageUrl,
  mask_url: Schema.optional(ImageUrl.annotations({ description: "white marks what the tool repaints or removes" })),
  prompt: Schema.optional(text(1000, "提示词")),
  options: Schema.optionalWith(ToolOptions, { default: () => ({}) }),
  request_id: Schema.optional(RequestId)
})
export type ToolSubmit = typeof ToolSubmit.Type

export const TaskSubmit = Schema.Union(QuickSubmit, QuickMjSubmit, SdSubmit, AgentSubmit, ToolSubmit)
export type TaskSubmit = typeof TaskSubmit.Type
export type TaskSubmitWire = typeof TaskSubmit.Encoded
