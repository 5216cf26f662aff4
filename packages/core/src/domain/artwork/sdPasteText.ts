import { buildInfotext, normaliseInfotextSection } from "../infotext/buildInfotext.js"
import type { SdArg, SdModel, SdParameters } from "./Artwork.js"

/** SD5: the arguments written, in this order, with WebUI's labels. */
export const SD_ARG_LABELS: ReadonlyArray<readonly [key: string, label: string]> = [
  ["steps", "Steps"],
  ["sampler", "Sampler"],
  ["schedule_type", "Schedule type"],
  ["cfg_scale", "CFG scale"],
  ["size", "Size"],
  ["seed", "Seed"]
]

const isModelType = (model: SdModel, type: string): boolean => (model.type ?? "").toLowerCase() === type.toLowerCase()

/** SD3: the first Checkpoint model's name; "" when the artwork has none. */
export const checkpointName = (parameters: SdParameters): string =>
  (parameters.models ?? []).find((model) => isModelType(model, "Checkpoint"))?.name ?? ""

const UNTAGGABLE = /[<>:\r\n]/

/**
 * SD4: a LoRA's tag name: files[0].name without folders and without its extension
 * ("styles/ink_v2.safetensors" → "ink_v2"). Undefined when there is no usable name.
 */
export const loraTagName = (model: SdModel): string | undefined => {
  const fileName = (model.files?.[0]?.name ?? "").split(/[/\\]/).pop() ?? ""
  const dot = fileName.lastIndexOf(".")
  const name = (dot > 0 ? fileName.slice(0, dot) : fileName).trim()
  return name === "" || UNTAGGABLE.test(name) ? undefined : name
}

/** SD4: appends `<lora:NAME:1.0>` for each LoRA model unless the prompt already holds `<lora:NAME:`. */
export const appendLoraTags = (prompt: string, models: ReadonlyArray<SdModel>): string => {
  let result = normaliseInfotextSection(prompt)
  for (const model of models) {
    if (!isModelType(model, "LoRA")) continue
    const name = loraTagName(model)
    if (name === undefined || result.includes(`<lora:${name}:`)) continue
    const separator = result === "" ? "" : result.endsWith(",") ? " " : ", "
    result = `${result}${separator}<lora:${name}:1.0>`
  }
  return result
}

/** SD5: an argument's text; null, absent and "" count as missing. */
const argText = (arg: SdArg | undefined): string | undefined => {
  if (arg === undefined || arg.value === null || arg.value === undefined) return undefined
  const text = String(arg.value)
  return text === "" ? undefined : text
}

/** SD4–SD8: the text an sd artwork pastes into Stable Diffusion WebUI. */
export const sdPasteText = (parameters: SdParameters): string => {
  const args = parameters.args ?? []
  const params = SD_ARG_LABELS.flatMap(([key, label]) => {
    const text = argText(args.find((arg) => arg.key === key))
    return text === undefined ? [] : [[label, text] as const]
  })
  return buildInfotext({
    prompt: appendLoraTags(parameters.prompt ?? "", parameters.models ?? []),
    negativePrompt: parameters.negative_prompt ?? "",
    params
  })
}
