import type { InfotextInput } from "../infotext/buildInfotext.js"

/**
 * PI4–PI6 (docs/spec/pnginfo.md): a ComfyUI picture's generation settings as an A1111 infotext, so
 * /webui reads it with the same rules as a WebUI picture (WP). ComfyUI's SaveImage writes the API-format
 * graph as the `prompt` text chunk: `{ id: { class_type, inputs } }`, where an input linked to another
 * node is `[node id, output index]`. Input names are those of the nodes' INPUT_TYPES in
 * Comfy-Org/ComfyUI, nodes.py: KSampler (seed, steps, cfg, sampler_name, scheduler, positive, negative,
 * latent_image, denoise, model), KSamplerAdvanced (noise_seed instead of seed), CLIPTextEncode (text),
 * EmptyLatentImage (width, height, batch_size), CheckpointLoaderSimple (ckpt_name), LoraLoader
 * (lora_name, strength_model, strength_clip) and LoraLoaderModelOnly (lora_name, strength_model).
 */

export interface ComfyNode {
  readonly class_type: string
  readonly inputs: Readonly<Record<string, unknown>>
}
export type ComfyGraph = Readonly<Record<string, ComfyNode>>

const SAMPLERS = new Set(["KSampler", "KSamplerAdvanced"])
const MAX_HOPS = 32

/** PI5: ComfyUI's sampler names as WebUI writes them (k-diffusion's names in both). */
const SAMPLER_NAMES: Readonly<Record<string, string>> = {
  euler: "Euler",
  euler_ancestral: "Euler a",
  heun: "Heun",
  dpm_2: "DPM2",
  dpm_2_ancestral: "DPM2 a",
  lms: "LMS",
  dpm_fast: "DPM fast",
  dpm_adaptive: "DPM adaptive",
  dpmpp_2s_ancestral: "DPM++ 2S a",
  dpmpp_sde: "DPM++ SDE",
  dpmpp_2m: "DPM++ 2M",
  dpmpp_2m_sde: "DPM++ 2M SDE",
  dpmpp_3m_sde: "DPM++ 3M SDE",
  ddim: "DDIM",
  uni_pc: "UniPC",
  lcm: "LCM",
  restart: "Restart"
}

/** PI5: ComfyUI's schedulers as WebUI's Schedule type. */
const SCHEDULER_NAMES: Readonly<Record<string, string>> = {
  normal: "Normal",
  karras: "Karras",
  exponential: "Exponential",
  sgm_uniform: "SGM Uniform",
  simple: "Simple",
  ddim_uniform: "DDIM",
  beta: "Beta",
  kl_optimal: "KL Optimal"
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

/** An input linked to another node: `[id, output index]`. */
const linkOf = (value: unknown): string | undefined =>
  Array.isArray(value) && value.length === 2 && (typeof value[0] === "string" || typeof value[0] === "number") && typeof value[1] === "number"
    ? String(value[0])
    : undefined

/** PI4: a graph is an object of nodes that each have a class_type and inputs; anything else is not one. */
export const comfyGraphOf = (json: unknown): ComfyGraph | undefined => {
  if (!isObject(json)) return undefined
  const nodes = Object.entries(json).filter(([, node]) => isObject(node) && typeof node.class_type === "string" && isObject(node.inputs))
  return nodes.length === 0 ? undefined : (Object.fromEntries(nodes) as unknown as ComfyGraph)
}

/**
 * An input's value: itself, or followed through links to a node that holds it under one of `names`
 * (a seed or a text converted to an input and fed by a primitive or another node). Gives up after
 * MAX_HOPS, so a cycle in a malformed graph ends.
 */
const valueOf = (graph: ComfyGraph, value: unknown, names: ReadonlyArray<string>, hops = 0): unknown => {
  const link = linkOf(value)
  if (link === undefined) return value
  const node = graph[link]
  if (node === undefined || hops >= MAX_HOPS) return undefined
  for (const name of names) {
    if (Object.hasOwn(node.inputs, name)) return valueOf(graph, node.inputs[name], names, hops + 1)
  }
  return undefined
}

/** Conditioning passed on unchanged by a node (ControlNet, combine, area…): the first of these inputs. */
const CONDITIONING_INPUTS = ["conditioning", "conditioning_to", "conditioning_1"] as const

/** PI4: the prompt behind a sampler's positive or negative input: the CLIPTextEncode its conditioning comes from. */
const promptOf = (graph: ComfyGraph, value: unknown, side: "positive" | "negative", hops = 0): string => {
  const link = linkOf(value)
  const node = link === undefined ? undefined : graph[link]
  if (node === undefined || hops >= MAX_HOPS) return ""
  if (Object.hasOwn(node.inputs, "text")) {
    const text = valueOf(graph, node.inputs.text, ["text", "string", "value"])
    return typeof text === "string" ? text : ""
  }
  const next = [side, ...CONDITIONING_INPUTS].find((name) => Object.hasOwn(node.inputs, name))
  return next === undefined ? "" : promptOf(graph, node.inputs[next], side, hops + 1)
}

interface ModelChain {
  readonly checkpoint?: string
  readonly loras: ReadonlyArray<{ readonly name: string; readonly weight: number }>
}

/** `models/loras/style/ink_v2.safetensors` → `ink_v2`, the name WebUI's `<lora:…>` tag takes. */
const fileStem = (file: string): string => {
  const base = file.split(/[/\\]/).pop() ?? file
  const dot = base.lastIndexOf(".")
  return dot > 0 ? base.slice(0, dot) : base
}

/** PI4: the checkpoint and the LoRAs on the way from a sampler's model input up to the loader. */
const modelChainOf = (graph: ComfyGraph, value: unknown): ModelChain => {
  const loras: Array<{ name: string; weight: number }> = []
  let link = linkOf(value)
  for (let hops = 0; link !== undefined && hops < MAX_HOPS; hops++) {
    const node: ComfyNode | undefined = graph[link]
    if (node === undefined) break
    const ckpt = valueOf(graph, node.inputs.ckpt_name, ["ckpt_name", "value"])
    if (typeof ckpt === "string") return { checkpoint: fileStem(ckpt), loras: loras.reverse() }
    const lora = valueOf(graph, node.inputs.lora_name, ["lora_name", "value"])
    const weight = valueOf(graph, node.inputs.strength_model, ["strength_model", "value"])
    if (typeof lora === "string") loras.push({ name: fileStem(lora), weight: typeof weight === "number" ? weight : 1 })
    link = linkOf(node.inputs.model)
  }
  return { loras: loras.reverse() }
}

/** The latent a sampler starts from: the EmptyLatentImage it comes from (through other samplers' outputs), if any. */
const emptyLatentOf = (graph: ComfyGraph, value: unknown, hops = 0): ComfyNode | undefined => {
  const link = linkOf(value)
  const node = link === undefined ? undefined : graph[link]
  if (node === undefined || hops >= MAX_HOPS) return undefined
  if (Object.hasOwn(node.inputs, "width") && Object.hasOwn(node.inputs, "height") && Object.hasOwn(node.inputs, "batch_size")) return node
  const next = ["latent_image", "samples"].find((name) => Object.hasOwn(node.inputs, name))
  return next === undefined ? undefined : emptyLatentOf(graph, node.inputs[next], hops + 1)
}

/**
 * PI4: the sampler whose settings stand for the picture: the first (by node id) that starts from an
 * empty latent, i.e. the first pass of a txt2img graph; else the first sampler at all.
 */
const mainSampler = (graph: ComfyGraph): ComfyNode | undefined => {
  const samplers = Object.entries(graph)
    .filter(([, node]) => SAMPLERS.has(node.class_type))
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([, node]) => node)
  const direct = samplers.find((node) => {
    const latent = linkOf(node.inputs.latent_image)
    return latent !== undefined && graph[latent] !== undefined && emptyLatentOf(graph, node.inputs.latent_image) === graph[latent]
  })
  return direct ?? samplers[0]
}

/** A known name from a table, else the value as it is (an own key only: "__proto__" is just text). */
const named = (table: Readonly<Record<string, string>>, value: unknown): string | undefined =>
  typeof value !== "string" ? undefined : Object.hasOwn(table, value) ? table[value] : value

const numberText = (value: unknown): string | undefined => (typeof value === "number" && Number.isFinite(value) ? String(value) : undefined)

/**
 * PI4–PI6: the A1111 infotext input of a ComfyUI graph, or undefined when it has no KSampler. The
 * LoRAs become `<lora:name:weight>` tags after the prompt, as WebUI writes them; a sampler or scheduler
 * WebUI has no name for is written as ComfyUI names it (the form shows it, the engine decides).
 */
export const comfyInfotextInput = (graph: ComfyGraph): InfotextInput | undefined => {
  const sampler = mainSampler(graph)
  if (sampler === undefined) return undefined
  const { inputs } = sampler
  const chain = modelChainOf(graph, inputs.model)
  const tags = chain.loras.map((lora) => `<lora:${lora.name}:${lora.weight}>`)
  const positive = promptOf(graph, inputs.positive, "positive")
  const prompt = [positive.trim(), ...tags].filter((part) => part !== "").join(", ")
  const seed = valueOf(graph, inputs.seed ?? inputs.noise_seed, ["seed", "noise_seed", "value"])
  const samplerName = valueOf(graph, inputs.sampler_name, ["sampler_name", "value"])
  const scheduler = valueOf(graph, inputs.scheduler, ["scheduler", "value"])
  const latent = emptyLatentOf(graph, inputs.latent_image)
  const width = latent === undefined ? undefined : numberText(valueOf(graph, latent.inputs.width, ["width", "value"]))
  const height = latent === undefined ? undefined : numberText(valueOf(graph, latent.inputs.height, ["height", "value"]))
  const batch = latent === undefined ? undefined : valueOf(graph, latent.inputs.batch_size, ["batch_size", "value"])
  const params: Array<readonly [string, string | undefined]> = [
    ["Steps", numberText(valueOf(graph, inputs.steps, ["steps", "value"]))],
    ["Sampler", named(SAMPLER_NAMES, samplerName)],
    ["Schedule type", named(SCHEDULER_NAMES, scheduler)],
    ["CFG scale", numberText(valueOf(graph, inputs.cfg, ["cfg", "value"]))],
    ["Seed", numberText(seed)],
    ["Size", width !== undefined && height !== undefined ? `${width}x${height}` : undefined],
    ["Model", chain.checkpoint],
    ["Batch size", typeof batch === "number" && batch > 1 ? String(batch) : undefined]
  ]
  return {
    prompt,
    negativePrompt: promptOf(graph, inputs.negative, "negative"),
    params: params.filter((pair): pair is readonly [string, string] => pair[1] !== undefined && pair[1] !== "")
  }
}
