import { buildInfotext } from "../infotext/buildInfotext.js"
import type { GenerationTask, MadeImage } from "./GenerationTask.js"
import { checkpointFileAndName, sdPromptOf, sizeText } from "./taskArtwork.js"
import { TOOL_TITLES } from "./toolTitles.js"

type Params = ReadonlyArray<readonly [label: string, value: string]>

/**
 * GI2: the extra labels a non-sd task writes after Size, Seed and Model (the engine's label), so a
 * reader of PNG Info knows the style, the Midjourney version or the tool. WebUI keeps unknown labels
 * out of its settings, so pasting such a line into /webui only fills the prompt, the seed and the size.
 */
const extraParams = (submit: GenerationTask): Params => {
  switch (submit.type) {
    case "quick":
      return [["Style", submit.style_name]]
    case "quick_mj":
      return [["MJ version", submit.version]]
    case "tool":
      return [["Tool", TOOL_TITLES[submit.tool]]]
    case "agent":
    case "sd":
      return []
  }
}

/**
 * GI1–GI3: the A1111 infotext written into every PNG a task makes (a `parameters` text chunk),
 * built with buildInfotext so that WebUI's PNG Info and our parseInfotext read it back.
 * GI1 sd: the prompt with its `<lora:name:weight>` tags, the negative prompt, then Steps, Sampler,
 *     Schedule type, CFG scale, Seed, Size, Model in WebUI's order, the img2img or hires settings,
 *     and Engine (the engine's label, so an offline image says 本地演示引擎).
 * GI2 other types: the prompt (a quick task may have none), then Size, Seed and Model = the engine's
 *     label, and the style, MJ version or tool; never fewer than 3 parameters, so WebUI reads the line.
 * GI3 every infotext names the engine (Engine for sd, Model otherwise): offline images say 本地演示引擎.
 */
export const infotextOfTask = (submit: GenerationTask, made: MadeImage): string => {
  if (submit.type === "sd") {
    const params: Array<readonly [string, string]> = [
      ["Steps", String(submit.steps)],
      ["Sampler", submit.sampler],
      ["Schedule type", submit.schedule_type],
      ["CFG scale", String(submit.cfg_scale)],
      ["Seed", String(made.seed)],
      ["Size", sizeText(submit.width, submit.height)],
      ["Model", checkpointFileAndName(submit.checkpoint).name]
    ]
    if (submit.init_image_url !== undefined && submit.denoising_strength !== undefined) {
      params.push(["Denoising strength", String(submit.denoising_strength)])
    }
    if (submit.hires !== undefined && submit.init_image_url === undefined) {
      params.push(
        ["Denoising strength", String(submit.hires.denoising)],
        ["Hires upscale", String(submit.hires.scale)],
        ["Hires steps", String(submit.hires.steps)],
        ["Hires upscaler", submit.hires.upscaler]
      )
    }
    params.push(["Engine", made.engineLabel])
    return buildInfotext({ prompt: sdPromptOf(submit), negativePrompt: submit.negative_prompt, params })
  }
  return buildInfotext({
    prompt: submit.prompt ?? "",
    negativePrompt: "",
    params: [["Size", sizeText(made.width, made.height)], ["Seed", String(made.seed)], ["Model", made.engineLabel], ...extraParams(submit)]
  })
}
