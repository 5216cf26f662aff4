import type { TextToImage } from "../../imageEnginePort.js"
import { hiresUpscale, type ComfySampling } from "../comfyNames.js"

/**
 * ComfyUI's API-format graph: `{ "<id>": { class_type, inputs } }`, a link written `[sourceId, outputIndex]`.
 * The recipes (txt2img, img2img, inpaint, upscale) share the stages below: the model with its LoRA
 * chain and prompts, then one sampler branch per image so image i is drawn with seed + i (a latent
 * batch would share one noise seed), each ending in its own SaveImage.
 */

export type ComfyLink = readonly [string, number]
export interface ComfyNode {
  readonly class_type: string
  readonly inputs: Record<string, unknown>
}
export type ComfyGraph = Record<string, ComfyNode>

/** A graph to submit, the SaveImage node of each image with its seed, and the nodes that report steps. */
export interface ComfyRecipe {
  readonly graph: ComfyGraph
  readonly outputs: ReadonlyArray<{ readonly node: string; readonly seed?: number }>
  readonly samplers: ReadonlyArray<string>
}

export const newGraph = () => {
  const graph: ComfyGraph = {}
  let next = 1
  const add = (class_type: string, inputs: Record<string, unknown>): string => {
    const id = String(next++)
    graph[id] = { class_type, inputs }
    return id
  }
  return { graph, add }
}
export type GraphBuilder = ReturnType<typeof newGraph>

export interface ModelStage {
  readonly model: ComfyLink
  readonly vae: ComfyLink
  readonly positive: ComfyLink
  readonly negative: ComfyLink
}

/** CheckpointLoaderSimple → LoraLoader × n → CLIPTextEncode (positive, negative). */
export const modelStage = (builder: GraphBuilder, request: TextToImage, checkpoint: string): ModelStage => {
  const loader = builder.add("CheckpointLoaderSimple", { ckpt_name: checkpoint })
  let model: ComfyLink = [loader, 0]
  let clip: ComfyLink = [loader, 1]
  for (const lora of request.loras) {
    const node = builder.add("LoraLoader", { model, clip, lora_name: lora.name, strength_model: lora.weight, strength_clip: lora.weight })
    model = [node, 0]
    clip = [node, 1]
  }
  const positive = builder.add("CLIPTextEncode", { text: request.prompt, clip })
  const negative = builder.add("CLIPTextEncode", { text: request.negativePrompt, clip })
  return { model, vae: [loader, 2], positive: [positive, 0], negative: [negative, 0] }
}

/**
 * The hires fix's enlargement as the WebUI does it (modules/processing.py StableDiffusionProcessingTxt2Img):
 * a latent upscaler scales the latent (LatentUpscaleBy); any other decodes, scales the pixels (ImageScaleBy,
 * or the upscale model with ImageUpscaleWithModel and then ImageScale to exactly the asked size) and
 * encodes again, ready for the second KSampler pass.
 */
const hiresLatent = (builder: GraphBuilder, request: TextToImage, stage: ModelStage, sampled: string): ComfyLink => {
  const hires = request.hires!
  const upscale = hiresUpscale(hires.upscaler)
  if (upscale.kind === "latent") return [builder.add("LatentUpscaleBy", { samples: [sampled, 0], upscale_method: upscale.method, scale_by: hires.scale }), 0]
  const decoded = builder.add("VAEDecode", { samples: [sampled, 0], vae: stage.vae })
  let pixels: ComfyLink
  if (upscale.kind === "pixel") pixels = [builder.add("ImageScaleBy", { image: [decoded, 0], upscale_method: upscale.method, scale_by: hires.scale }), 0]
  else {
    const model = builder.add("UpscaleModelLoader", { model_name: upscale.model })
    const enlarged = builder.add("ImageUpscaleWithModel", { upscale_model: [model, 0], image: [decoded, 0] })
    const size = { width: Math.round(request.width * hires.scale), height: Math.round(request.height * hires.scale) }
    pixels = [builder.add("ImageScale", { image: [enlarged, 0], upscale_method: "lanczos", ...size, crop: "disabled" }), 0]
  }
  return [builder.add("VAEEncode", { pixels, vae: stage.vae }), 0]
}

/** Per image: KSampler (seed + i) [→ hires enlargement → KSampler at the hires denoising] → VAEDecode → SaveImage. */
export const samplerStage = (builder: GraphBuilder, request: TextToImage, stage: ModelStage, latent: ComfyLink, denoise: number, sampling: ComfySampling): ComfyRecipe => {
  const outputs: Array<{ node: string; seed: number }> = []
  const samplers: Array<string> = []
  const common = { cfg: request.cfgScale, ...sampling, model: stage.model, positive: stage.positive, negative: stage.negative }
  for (let index = 0; index < request.count; index++) {
    const seed = request.seed + index
    let sampled = builder.add("KSampler", { ...common, seed, steps: request.steps, denoise, latent_image: latent })
    samplers.push(sampled)
    if (request.hires !== undefined) {
      const steps = request.hires.steps > 0 ? request.hires.steps : request.steps
      sampled = builder.add("KSampler", { ...common, seed, steps, denoise: request.hires.denoising, latent_image: hiresLatent(builder, request, stage, sampled) })
      samplers.push(sampled)
    }
    const decoded = builder.add("VAEDecode", { samples: [sampled, 0], vae: stage.vae })
    outputs.push({ node: builder.add("SaveImage", { images: [decoded, 0], filename_prefix: "mido" }), seed })
  }
  return { graph: builder.graph, outputs, samplers }
}
