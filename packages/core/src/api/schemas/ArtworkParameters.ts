import { Schema } from "effect"
import { Id } from "./common.js"

/**
 * The generation settings of an artwork, one shape per `type` (spec §3). Lists a real server may send
 * as null or leave out decode to [] so the UI never checks twice; the domain rules (sameStyle) read them.
 */
const List = <A, I>(item: Schema.Schema<A, I>) => Schema.optionalWith(Schema.Array(item), { nullable: true, default: () => [] })

const ImageList = List(Schema.String).annotations({ description: "image addresses" })

/**
 * The words the task was drawn with (ours: the spec lists no prompt for quick, quick_mj and agent,
 * but same-style and the detail's prompt panel need it); "" when absent, as older rows have none.
 */
const Prompt = Schema.optionalWith(Schema.String, { nullable: true, default: () => "" }).annotations({
  description: "the prompt the task ran (ours, not in the spec); \"\" when none was given"
})

/** quick (快捷绘画): a base image and a style from the default or pro group. */
export const QuickParameters = Schema.Struct({
  base_image_url: Schema.optional(Schema.NullOr(Schema.String)).annotations({ description: "absent or null when drawn without a base image" }),
  style_info: Schema.Struct({
    group: Schema.Literal("default", "pro").annotations({ description: "default: 基础风格; pro: 专业风格" }),
    name: Schema.String,
    cover: Schema.String
  }),
  prompt: Prompt
})
export type QuickParameters = typeof QuickParameters.Type

/** quick_mj (MJ 模型): Midjourney reference image lists and the model version. */
export const QuickMjParameters = Schema.Struct({
  image_prompts: ImageList,
  style_reference: ImageList,
  character_reference: ImageList,
  omni_reference: ImageList,
  version_info: Schema.Struct({
    name: Schema.String,
    cover: Schema.optional(Schema.String),
    label: Schema.optional(Schema.String).annotations({ description: "the version's name in the /aigc list (MJ V7…), when the catalogue knows it; the detail shows it" })
  }),
  prompt: Prompt,
  task_id: Schema.optional(Schema.String).annotations({ description: "the owner's task that drew it (MJ actions start from it; ADR 0020)" }),
  candidate: Schema.optional(Schema.Int).annotations({ description: "its number in the task's grid, 1–4 (U1–U4 / V1–V4 act on it)" }),
  mj_action: Schema.optional(
    Schema.Struct({
      action: Schema.Literal("upscale", "variation", "reroll"),
      index: Schema.Int,
      from_artwork_id: Schema.optional(Schema.Int)
    })
  ).annotations({ description: "made by an MJ action (U/V/重新生成) from this grid's artwork; the detail links it (ADR 0020)" })
})
export type QuickMjParameters = typeof QuickMjParameters.Type

export const SdModelType = Schema.Literal("Checkpoint", "LoRA")
export type SdModelType = typeof SdModelType.Type

/** A model chip: files[0].name is the model file (LoRA tags are built from it, spec §5). */
export const SdModelRef = Schema.Struct({
  type: SdModelType,
  name: Schema.String,
  files: List(Schema.Struct({ name: Schema.String }))
})
export type SdModelRef = typeof SdModelRef.Type

/** One generation argument; keys include steps, sampler, schedule_type, cfg_scale, size, seed. */
export const SdArg = Schema.Struct({
  key: Schema.String,
  title: Schema.String.annotations({ description: "label shown and pasted, e.g. Steps, CFG scale" }),
  value: Schema.Union(Schema.String, Schema.Number)
})
export type SdArg = typeof SdArg.Type

/** sd (Stable Diffusion, /webui). Prompts are shown as text, never as HTML (R16). */
export const SdParameters = Schema.Struct({
  prompt: Schema.String,
  negative_prompt: Schema.optionalWith(Schema.String, { nullable: true, default: () => "" }),
  models: List(SdModelRef),
  args: List(SdArg)
})
export type SdParameters = typeof SdParameters.Type

/** agent (智能助手): the assistant that drew it and the prompt it drew; no same-style action, a way to continue (SD12). */
export const AgentParameters = Schema.Struct({
  id: Id,
  name: Schema.String,
  head: Schema.String.annotations({ description: "the assistant's avatar image" }),
  prompt: Prompt
})
export type AgentParameters = typeof AgentParameters.Type
