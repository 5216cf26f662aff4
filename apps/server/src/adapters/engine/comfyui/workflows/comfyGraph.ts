import type { TextToImage } from "../../imageEnginePort.js"

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

/** Stable Diffusion WebUI names, which Mido's pages use, in ComfyUI's spelling; Comfy names pass through. */
const SAMPLERS: Record<string, string> = {
  "Euler a": "euler_ancestral", Euler: "euler", LMS: "lms", Heun: "heun", DPM2: "dpm_2", "DPM2 a": "dpm_2_ancestral",
  "DPM++ 2S a": "dpmpp_2s_ancestral", "DPM++ 2M": "dpmpp_2m", "DPM++ SDE": "dpmpp_sde", "DPM++ 2M SDE": "dpmpp_2m_sde",
  "DPM++ 3M SDE": "dpmpp_3m_sde", "DPM fast": "dpm_fast", "DPM adaptive": "dpm_adaptive", DDIM: "ddim", UniPC: "uni_pc", LCM: "lcm"
}
const SCHEDULERS: Record<string, string> = { Automatic: "normal", automatic: "normal", Karras: "karras", Exponential: "exponential", "SGM Uniform": "sgm_uniform", Simple: "simple", "Beta": "beta" }

export const comfySampler = (name: string | undefined) => (name === undefined ? "euler" : (SAMPLERS[name] ?? name))
export const comfyScheduler = (name: string | undefined) => (name === undefined ? "normal" : (SCHEDULERS[name] ?? name))

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

/** Per image: KSampler (seed + i) [→ LatentUpscaleBy → KSampler for hires] → VAEDecode → SaveImage. */
export const samplerStage = (builder: GraphBuilder, request: TextToImage, stage: ModelStage, latent: ComfyLink, denoise: number): ComfyRecipe => {
  const outputs: Array<{ node: string; seed: number }> = []
  const samplers: Array<string> = []
  const common = { cfg: request.cfgScale, sampler_name: comfySampler(request.sampler), scheduler: comfyScheduler(request.scheduler), model: stage.model, positive: stage.positive, negative: stage.negative }
  for (let index = 0; index < request.count; index++) {
    const seed = request.seed + index
    let sampled = builder.add("KSampler", { ...common, seed, steps: request.steps, denoise, latent_image: latent })
    samplers.push(sampled)
    if (request.hires !== undefined) {
      const larger = builder.add("LatentUpscaleBy", { samples: [sampled, 0], upscale_method: "nearest-exact", scale_by: request.hires.scale })
      const steps = request.hires.steps > 0 ? request.hires.steps : request.steps
      sampled = builder.add("KSampler", { ...common, seed, steps, denoise: request.hires.denoising, latent_image: [larger, 0] })
      samplers.push(sampled)
    }
    const decoded = builder.add("VAEDecode", { samples: [sampled, 0], vae: stage.vae })
    outputs.push({ node: builder.add("SaveImage", { images: [decoded, 0], filename_prefix: "mido" }), seed })
  }
  return { graph: builder.graph, outputs, samplers }
}
