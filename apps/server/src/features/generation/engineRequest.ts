import sharp from "sharp"
import type { TaskRatio, TaskSubmit } from "@mido/core/generation"
import { EngineError, type EngineResult, type ImageEngine, type RunControl, type TextToImage } from "../../adapters/engine/imageEnginePort.js"
import type { MjGrid } from "./mjActionSubmit.js"
import { inputUrlsOf } from "./taskInputs.js"

const noMjReferences = { imagePrompts: [], styleReference: [], characterReference: [], omniReference: [] }

/** Sizes of the ratio choices (spec §5 snap list), the long side 1024 px. */
const RATIO_SIZES: Readonly<Record<TaskRatio, readonly [number, number]>> = {
  "1:1": [1024, 1024],
  "3:4": [768, 1024],
  "9:16": [576, 1024],
  "4:3": [1024, 768],
  "16:9": [1024, 576]
}

/** What a tool asks its engine to paint when the user wrote nothing. */
const TOOL_PROMPTS: Readonly<Record<string, string>> = {
  "discount": "isolated subject, clean background",
  "remove-watermark": "clean image, no watermark, no text",
  "element-elimination": "clean background, seamless fill",
  "style-avatar": "stylised portrait avatar",
  "old-photo-restoration": "restored colour photograph, natural colours",
  "redraw": "consistent detail, seamless"
}

type Read = (url: string) => Promise<Uint8Array>

const base = (prompt: string, width: number, height: number, seed: number, count: number): TextToImage => ({
  prompt,
  negativePrompt: "",
  loras: [],
  steps: 20,
  cfgScale: 7,
  width,
  height,
  seed,
  count
})

const readAll = (read: Read, urls: ReadonlyArray<string>) => Promise.all(urls.map(read))

/**
 * Runs a task on its engine: each task type becomes the engine call that draws it (txt2img, img2img
 * with an optional mask, upscale). `seed` is already resolved (never -1); `read` gives the bytes of
 * the caller's input images.
 */
export const runEngine = async (engine: ImageEngine, submit: TaskSubmit, seed: number, read: Read, run: RunControl, grid?: MjGrid): Promise<EngineResult> => {
  const inputs = inputUrlsOf(submit)
  const init = inputs.init === undefined ? undefined : await read(inputs.init)
  const mask = inputs.mask === undefined ? undefined : await read(inputs.mask)
  const withInit = (request: TextToImage, strength: number) =>
    init === undefined ? engine.txt2img(request, run) : engine.img2img({ ...request, init, ...(mask !== undefined ? { mask } : {}), denoisingStrength: strength }, run)
  switch (submit.type) {
    case "sd": {
      const request: TextToImage = {
        ...base(submit.prompt, submit.width, submit.height, seed, submit.num),
        negativePrompt: submit.negative_prompt,
        checkpoint: submit.checkpoint,
        loras: submit.loras,
        sampler: submit.sampler,
        scheduler: submit.schedule_type,
        steps: submit.steps,
        cfgScale: submit.cfg_scale,
        ...(submit.hires !== undefined ? { hires: submit.hires } : {})
      }
      return withInit(request, submit.denoising_strength ?? 0.75)
    }
    case "quick": {
      const [width, height] = RATIO_SIZES[submit.ratio ?? "1:1"]
      const prompt = [submit.style_name, submit.prompt ?? ""].filter((part) => part.trim() !== "").join(", ")
      return withInit(base(prompt, width, height, seed, submit.num), 0.6)
    }
    case "quick_mj": {
      const ratio = submit.ratio ?? "1:1"
      const [width, height] = RATIO_SIZES[ratio]
      if (submit.mj_action !== undefined) {
        // an MJ action (ADR 0020): the grid's drawing, named to the engine by its job id
        if (engine.mjAction === undefined || grid === undefined) throw new EngineError("rejected", "当前的 MJ 引擎不支持放大或变体，米豆已退还")
        const drawing = { ...base(submit.prompt, width, height, grid.seed, submit.num), mj: { ...noMjReferences, version: submit.version, aspect: ratio } }
        const { action, index } = submit.mj_action
        return engine.mjAction({ action, index, grid: drawing, seed, ...(grid.engineTaskId === undefined ? {} : { gridEngineTaskId: grid.engineTaskId }) }, run)
      }
      // the references' own public addresses go along: Midjourney fetches them (mjReferences.ts)
      const referenceUrls = { style: inputs.styleReference, character: inputs.characterReference, omni: inputs.omniReference }
      const mj = {
        imagePrompts: await readAll(read, inputs.imagePrompts),
        styleReference: await readAll(read, inputs.styleReference),
        characterReference: await readAll(read, inputs.characterReference),
        omniReference: await readAll(read, inputs.omniReference),
        version: submit.version,
        aspect: ratio,
        referenceUrls
      }
      return engine.txt2img({ ...base(submit.prompt, width, height, seed, submit.num), mj }, run)
    }
    case "agent": {
      const [width, height] = submit.size.split("x").map(Number) as [number, number]
      const request = base(submit.prompt, width, height, seed, submit.num)
      if (init === undefined) return engine.txt2img(request, run)
      // the images after the first go along as references (OpenAI edits take them all, issue 26 item 6)
      const references = await readAll(read, inputs.imagePrompts)
      return engine.img2img({ ...request, init, denoisingStrength: 0.6, ...(references.length > 0 ? { references } : {}) }, run)
    }
    case "tool": {
      if (init === undefined) throw new EngineError("rejected", "请先上传图片")
      if (submit.tool === "hd-repair") {
        const scale = typeof submit.options.scale === "number" ? submit.options.scale : 2
        return engine.upscale({ image: init, scale, ...(typeof submit.options.upscaler === "string" ? { upscaler: submit.options.upscaler } : {}) }, run)
      }
      const prompt = submit.prompt !== undefined && submit.prompt.trim() !== "" ? submit.prompt : TOOL_PROMPTS[submit.tool] ?? ""
      const size = await sharp(init).metadata().catch(() => undefined)
      return engine.img2img({ ...base(prompt, size?.width ?? 1024, size?.height ?? 1024, seed, 1), init, ...(mask !== undefined ? { mask } : {}), denoisingStrength: 0.5 }, run)
    }
  }
}
