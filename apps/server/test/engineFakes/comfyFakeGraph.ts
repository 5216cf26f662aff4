import sharp from "sharp"
import { fakePng } from "./fakePng.js"

/**
 * The ComfyUI fake's reading of an API-format graph: the node classes it knows with their COMBO lists
 * (as `/object_info` lists them), ComfyUI's validation answers, and the images it "draws".
 * Upstream: Comfy-Org/ComfyUI (read at a125cd8).
 */

export type FakeGraph = Record<string, { class_type: string; inputs: Record<string, unknown> }>
type Link = readonly [string, number]

/** comfy/samplers.py KSAMPLER_NAMES + ["ddim", "uni_pc", "uni_pc_bh2"] (SAMPLER_NAMES), in its order. */
export const COMFY_SAMPLERS = [
  "euler", "euler_cfg_pp", "euler_ancestral", "euler_ancestral_cfg_pp", "heun", "heunpp2", "dpm_2", "dpm_2_ancestral", "lms", "dpm_fast",
  "dpm_adaptive", "dpmpp_2s_ancestral", "dpmpp_2s_ancestral_cfg_pp", "dpmpp_sde", "dpmpp_sde_gpu", "dpmpp_2m", "dpmpp_2m_cfg_pp", "dpmpp_2m_sde",
  "dpmpp_2m_sde_gpu", "dpmpp_2m_sde_heun", "dpmpp_2m_sde_heun_gpu", "dpmpp_3m_sde", "dpmpp_3m_sde_gpu", "ddpm", "lcm", "ipndm", "ipndm_v", "deis",
  "res_multistep", "res_multistep_cfg_pp", "res_multistep_ancestral", "res_multistep_ancestral_cfg_pp", "gradient_estimation",
  "gradient_estimation_cfg_pp", "er_sde", "seeds_2", "seeds_3", "sa_solver", "sa_solver_pece", "ddim", "uni_pc", "uni_pc_bh2"
]
/** comfy/samplers.py SCHEDULER_NAMES = list(SCHEDULER_HANDLERS). */
export const COMFY_SCHEDULERS = ["simple", "sgm_uniform", "karras", "exponential", "ddim_uniform", "beta", "normal", "linear_quadratic", "kl_optimal"]
export const COMFY_CHECKPOINTS = ["sd_xl_base_1.0.safetensors", "v1-5-pruned-emaonly.safetensors", "sd3.5_medium_incl_clips_t5xxlfp8scaled.safetensors", "flux1-dev-fp8.safetensors"]

/** nodes.py LatentUpscaleBy.upscale_methods and ImageScale / ImageScaleBy.upscale_methods. */
const LATENT_METHODS = ["nearest-exact", "bilinear", "area", "bicubic", "bislerp"]
const IMAGE_METHODS = ["nearest-exact", "bilinear", "area", "bicubic", "lanczos"]

/** The COMBO inputs of the classes the fake knows (nodes.py, comfy_extras/nodes_{flux,sd3,clip_sdxl,upscale_model}.py). */
export const KNOWN_LISTS: Record<string, Record<string, ReadonlyArray<string>>> = {
  CheckpointLoaderSimple: { ckpt_name: COMFY_CHECKPOINTS },
  LoraLoader: { lora_name: ["detail_tweaker.safetensors", "flux_realism_lora.safetensors"] },
  LoraLoaderModelOnly: { lora_name: ["detail_tweaker.safetensors", "flux_realism_lora.safetensors"] },
  KSampler: { sampler_name: COMFY_SAMPLERS, scheduler: COMFY_SCHEDULERS },
  KSamplerAdvanced: { sampler_name: COMFY_SAMPLERS, scheduler: COMFY_SCHEDULERS, add_noise: ["enable", "disable"], return_with_leftover_noise: ["disable", "enable"] },
  UpscaleModelLoader: { model_name: ["4x-UltraSharp.pth"] },
  LatentUpscaleBy: { upscale_method: LATENT_METHODS },
  ImageScale: { upscale_method: IMAGE_METHODS, crop: ["disabled", "center"] },
  ImageScaleBy: { upscale_method: IMAGE_METHODS },
  ImageToMask: { channel: ["red", "green", "blue", "alpha"] }
}
const CLASSES = new Set([
  ...Object.keys(KNOWN_LISTS), "CLIPTextEncode", "CLIPTextEncodeSDXL", "EmptyLatentImage", "EmptySD3LatentImage", "LoadImage", "VAEEncode",
  "VAEEncodeForInpaint", "SetLatentNoiseMask", "VAEDecode", "SaveImage", "ImageUpscaleWithModel", "FluxGuidance", "ModelSamplingSD3", "ConditioningZeroOut"
])
const isLink = (value: unknown): value is Link => Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "number"

type NodeErrors = Record<string, { errors: Array<{ type: string; message: string; details: string; extra_info: object }>; dependent_outputs: Array<string>; class_type: string }>

/** ComfyUI's node_errors for a graph it would refuse (execution.py validate_prompt / validate_inputs), undefined when it would run it. */
export const validateGraph = (graph: FakeGraph, inputs: ReadonlyMap<string, Buffer>): NodeErrors | undefined => {
  const errors: NodeErrors = {}
  const refuse = (id: string, type: string, message: string, details: string, extra: object = {}) => {
    const entry = (errors[id] ??= { errors: [], dependent_outputs: [], class_type: graph[id]?.class_type ?? "" })
    entry.errors.push({ type, message, details, extra_info: extra })
  }
  const nodes = Object.entries(graph ?? {})
  if (!nodes.some(([, node]) => node.class_type === "SaveImage")) refuse("0", "prompt_no_outputs", "Prompt has no outputs", "")
  for (const [id, node] of nodes) {
    // execution.py validate_prompt: an unknown class is refused before any input is looked at
    if (!CLASSES.has(node.class_type)) refuse(id, "invalid_prompt", `Cannot execute because node ${node.class_type} does not exist.`, `Node ID '#${id}'`)
    for (const [input, value] of Object.entries(node.inputs)) {
      const list = KNOWN_LISTS[node.class_type]?.[input]
      // execution.py validate_inputs: "Value not in list", details "{x}: '{val}' not in {list_info}"
      if (list !== undefined && !isLink(value) && !list.includes(String(value))) {
        refuse(id, "value_not_in_list", "Value not in list", `${input}: '${String(value)}' not in ${JSON.stringify(list)}`, { input_name: input, received_value: value })
      }
      if (isLink(value) && graph[value[0]] === undefined) refuse(id, "required_input_missing", "Required input is missing", input)
      if (typeof value === "string" && /\{\{\s*\w+\s*\}\}/.test(value)) refuse(id, "invalid_input_type", "Failed to convert an input value", `${input}: a placeholder reached ComfyUI: ${value}`)
    }
    if (node.class_type === "LoadImage" && !inputs.has(String(node.inputs.image))) refuse(id, "custom_validation_failed", "Custom validation failed for node", `image - Invalid image file: ${String(node.inputs.image)}`)
  }
  return Object.keys(errors).length === 0 ? undefined : errors
}

interface Drawn {
  readonly width: number
  readonly height: number
  readonly key: string
}

/** The text of a conditioning link: followed through FluxGuidance / ConditioningZeroOut to its encoder. */
const textOf = (graph: FakeGraph, link: unknown): string => {
  if (!isLink(link)) return ""
  const node = graph[link[0]]!
  if (node.class_type === "CLIPTextEncode") return String(node.inputs.text)
  if (node.class_type === "CLIPTextEncodeSDXL") return String(node.inputs.text_g)
  if (node.class_type === "ConditioningZeroOut") return ""
  return textOf(graph, node.inputs.conditioning)
}

/** Follows each SaveImage back to its source: the size it would have and what it was drawn from. */
export const renderGraph = async (graph: FakeGraph, inputs: ReadonlyMap<string, Buffer>): Promise<Record<string, Buffer>> => {
  const evaluate = async (link: unknown): Promise<Drawn> => {
    if (!isLink(link)) throw new Error(`not a link: ${JSON.stringify(link)}`)
    const node = graph[link[0]]!
    const input = node.inputs
    const scaled = async (from: unknown, by: number) => {
      const source = await evaluate(from)
      return { ...source, width: Math.round(source.width * by), height: Math.round(source.height * by) }
    }
    switch (node.class_type) {
      case "EmptyLatentImage":
      case "EmptySD3LatentImage":
        return { width: Number(input.width), height: Number(input.height), key: "empty" }
      case "LoadImage": {
        const meta = await sharp(inputs.get(String(input.image))).metadata()
        return { width: meta.width ?? 0, height: meta.height ?? 0, key: String(input.image) }
      }
      case "ImageScale":
        return { ...(await evaluate(input.image)), width: Number(input.width), height: Number(input.height) }
      case "ImageScaleBy":
        return scaled(input.image, Number(input.scale_by))
      case "ImageUpscaleWithModel":
        return scaled(input.image, 4)
      case "LatentUpscaleBy":
        return scaled(input.samples, Number(input.scale_by))
      case "VAEEncode":
      case "VAEEncodeForInpaint":
        return evaluate(input.pixels)
      case "SetLatentNoiseMask":
      case "VAEDecode":
        return evaluate(input.samples)
      case "KSampler":
      case "KSamplerAdvanced": {
        const latent = await evaluate(input.latent_image)
        return { ...latent, key: `${textOf(graph, input.positive)}|${String(input.seed ?? input.noise_seed)}|${latent.key}` }
      }
      default:
        throw new Error(`the fake cannot draw ${node.class_type}`)
    }
  }
  const drawn: Record<string, Buffer> = {}
  for (const [id, node] of Object.entries(graph).filter(([, each]) => each.class_type === "SaveImage")) {
    const image = await evaluate(node.inputs.images)
    drawn[id] = await fakePng(image.key, image.width, image.height)
  }
  return drawn
}
