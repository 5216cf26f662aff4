import type { GenerationTask, LoraUse, MadeImage, SdTask, ToolTask } from "./GenerationTask.js"
import { TOOL_TITLES } from "./toolTitles.js"

/**
 * The spec §3 parameters a task's artwork is saved with, one shape per artwork type; the contract's
 * QuickParameters, QuickMjParameters, SdParameters and AgentParameters decode them (taskArtwork.test.ts).
 */
export interface GeneratedSdArg {
  readonly key: string
  readonly title: string
  readonly value: string | number
}
export interface GeneratedSdModel {
  readonly type: "Checkpoint" | "LoRA"
  readonly name: string
  readonly files: ReadonlyArray<{ readonly name: string }>
}
export type GeneratedParameters =
  | { readonly base_image_url: string | null; readonly style_info: { readonly group: "default" | "pro"; readonly name: string; readonly cover: string }; readonly prompt: string }
  | {
    readonly image_prompts: ReadonlyArray<string>
    readonly style_reference: ReadonlyArray<string>
    readonly character_reference: ReadonlyArray<string>
    readonly omni_reference: ReadonlyArray<string>
    readonly version_info: { readonly name: string }
    readonly prompt: string
    readonly task_id?: string
    readonly candidate?: number
    readonly mj_action?: { readonly action: "upscale" | "variation" | "reroll"; readonly index: number; readonly from_artwork_id?: number }
  }
  | { readonly prompt: string; readonly negative_prompt: string; readonly models: ReadonlyArray<GeneratedSdModel>; readonly args: ReadonlyArray<GeneratedSdArg> }
  | { readonly id: number; readonly name: string; readonly head: string; readonly prompt: string }
type GeneratedSdParameters = Extract<GeneratedParameters, { readonly args: unknown }>

/**
 * GA4: the assistant an agent artwork names. The spec has a single assistant on /intelligent, so its
 * id is 1 and its name the page's title; it has no avatar of its own yet, so head is "" (the pages
 * show the default avatar for an empty head).
 */
export const AGENT_ASSISTANT = { id: 1, name: "智能助手", head: "" } as const

/** GA1: the spec knows four artwork types; a tool's result is an sd artwork (it names the tool in its args). */
export const artworkTypeOf = (submit: GenerationTask): "quick" | "quick_mj" | "sd" | "agent" => (submit.type === "tool" ? "sd" : submit.type)

/** "768x1024", as WebUI writes a size. */
export const sizeText = (width: number, height: number): string => `${width}x${height}`

/** A checkpoint as WebUI lists it ("folder/name.safetensors [6ce0161689]"): the file, and the name WebUI writes as Model. */
export const checkpointFileAndName = (checkpoint: string): { file: string; name: string } => {
  const file = checkpoint.replace(/\s*\[[0-9a-fA-F]+\]\s*$/, "").trim()
  const base = file.split(/[/\\]/).pop() ?? file
  const dot = base.lastIndexOf(".")
  return { file, name: dot > 0 ? base.slice(0, dot) : base }
}

/** A LoRA's file: its name as WebUI lists it, with the .safetensors extension LoRAs are shipped in. */
const loraFile = (lora: LoraUse): string => `${lora.name}.safetensors`

/** GA2: the prompt an sd task ran: the user's prompt and a `<lora:name:weight>` tag for each LoRA it does not already hold. */
export const sdPromptOf = (submit: SdTask): string =>
  submit.loras.reduce((prompt, lora) => {
    if (prompt.includes(`<lora:${lora.name}:`)) return prompt
    const separator = prompt.trim() === "" ? "" : prompt.trimEnd().endsWith(",") ? " " : ", "
    return `${prompt.trimEnd()}${separator}<lora:${lora.name}:${lora.weight}>`
  }, submit.prompt)

const arg = (key: string, title: string, value: string | number): GeneratedSdArg => ({ key, title, value })

/** GA2: the arguments of an sd task in WebUI's order and labels, then the engine and the hires or img2img settings. */
const sdArgs = (submit: SdTask, made: MadeImage): Array<GeneratedSdArg> => {
  const args = [
    arg("steps", "Steps", submit.steps),
    arg("sampler", "Sampler", submit.sampler),
    arg("schedule_type", "Schedule type", submit.schedule_type),
    arg("cfg_scale", "CFG scale", submit.cfg_scale),
    // WebUI writes the first pass's size and says apart how hires fix upscaled it.
    arg("size", "Size", sizeText(submit.width, submit.height)),
    arg("seed", "Seed", made.seed),
    arg("engine", "引擎", made.engineLabel)
  ]
  if (submit.init_image_url !== undefined && submit.denoising_strength !== undefined) {
    args.push(arg("denoising_strength", "Denoising strength", submit.denoising_strength))
  }
  if (submit.hires !== undefined && submit.init_image_url === undefined) {
    args.push(
      arg("denoising_strength", "Denoising strength", submit.hires.denoising),
      arg("hires_upscale", "Hires upscale", submit.hires.scale),
      arg("hires_steps", "Hires steps", submit.hires.steps),
      arg("hires_upscaler", "Hires upscaler", submit.hires.upscaler)
    )
  }
  return args
}

const sdParameters = (submit: SdTask, made: MadeImage): GeneratedSdParameters => {
  const checkpoint = checkpointFileAndName(submit.checkpoint)
  const models: Array<GeneratedSdModel> = [
    { type: "Checkpoint", name: checkpoint.name, files: [{ name: checkpoint.file }] },
    ...submit.loras.map((lora): GeneratedSdModel => ({ type: "LoRA", name: lora.name, files: [{ name: loraFile(lora) }] }))
  ]
  return { prompt: sdPromptOf(submit), negative_prompt: submit.negative_prompt, models, args: sdArgs(submit, made) }
}

/** GA3: a tool's result as an sd artwork: its prompt (or ""), no models, and args naming the tool, the size and the engine. */
const toolParameters = (submit: ToolTask, made: MadeImage): GeneratedSdParameters => ({
  prompt: submit.prompt ?? "",
  negative_prompt: "",
  models: [],
  args: [
    arg("tool", "工具", TOOL_TITLES[submit.tool]),
    arg("size", "Size", sizeText(made.width, made.height)),
    arg("engine", "引擎", made.engineLabel)
  ]
})

/**
 * GA1–GA4: the spec §3 parameters of the artwork a task makes, in the shape of its artwork type
 * (QuickParameters, QuickMjParameters, SdParameters, AgentParameters decode it).
 */
export const artworkParametersOf = (submit: GenerationTask, made: MadeImage): GeneratedParameters => {
  switch (submit.type) {
    case "quick":
      return {
        base_image_url: submit.base_image_url ?? null,
        style_info: { group: submit.style_group, name: submit.style_name, cover: submit.style_cover ?? "" },
        prompt: submit.prompt?.trim() ?? ""
      }
    case "quick_mj":
      return {
        image_prompts: submit.image_prompts,
        style_reference: submit.style_reference,
        character_reference: submit.character_reference,
        omni_reference: submit.omni_reference,
        version_info: { name: submit.version },
        prompt: submit.prompt,
        ...(made.taskId === undefined || made.candidate === undefined ? {} : { task_id: made.taskId, candidate: made.candidate }),
        ...(submit.mj_action === undefined
          ? {}
          : {
            mj_action: {
              action: submit.mj_action.action,
              index: submit.mj_action.index,
              ...(submit.mj_action.from_artwork_id === undefined ? {} : { from_artwork_id: submit.mj_action.from_artwork_id })
            }
          })
      }
    case "sd":
      return sdParameters(submit, made)
    case "agent":
      return { ...AGENT_ASSISTANT, prompt: submit.prompt }
    case "tool":
      return toolParameters(submit, made)
  }
}
