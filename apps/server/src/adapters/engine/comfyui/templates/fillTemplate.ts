import { EngineError, type LoraWeight } from "../../imageEnginePort.js"
import { ENGINE_REASONS } from "../../engineHttp.js"
import type { ComfyGraph, ComfyLink, ComfyRecipe } from "../workflows/comfyGraph.js"
import { LORAS_NODE, placeholdersIn, SAMPLER_CLASSES, type Placeholder, type WorkflowTemplate } from "./workflowTemplate.js"

/**
 * A template filled for one request: the placeholders replaced by its values, the "{{loras}}" node
 * replaced by a LoraLoader chain (LoraLoaderModelOnly when the node has no clip input, as for a
 * Flux UNet), and for a batch one copy of the graph per image with seed + i, as the built-in graph
 * does (a latent batch would share one noise seed). Copies of the same loader cost nothing: ComfyUI
 * caches a node's output by its inputs' signature (comfy_execution/caching.py CacheKeySetInputSignature).
 */

export type TemplateValues = Readonly<Partial<Record<Placeholder, string | number>>>

const isLink = (value: unknown): value is ComfyLink => Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "number"
const WHOLE = /^\{\{\s*([A-Za-z_]+)\s*\}\}$/

const valueOf = (template: WorkflowTemplate, values: TemplateValues, name: string): string | number => {
  const value = values[name as Placeholder]
  if (value === undefined) throw new EngineError("rejected", `${ENGINE_REASONS.rejected}: 工作流模板 ${template.file} 需要 {{${name}}}，这个任务没有`, `template ${template.file} has {{${name}}} without a value`)
  return value
}

const fill = (template: WorkflowTemplate, values: TemplateValues, text: string): string | number => {
  const whole = WHOLE.exec(text)
  if (whole !== null) return valueOf(template, values, whole[1]!)
  if (placeholdersIn(text).length === 0) return text
  return text.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (_, name: string) => String(valueOf(template, values, name)))
}

/** One copy of the graph: ids prefixed, LoRA chain in place, values filled. */
const copyOf = (template: WorkflowTemplate, values: TemplateValues, loras: ReadonlyArray<LoraWeight>, prefix: string): ComfyGraph => {
  const graph: ComfyGraph = {}
  /** where a link to the "{{loras}}" node's outputs (0 model, 1 clip) now points */
  const rewired = new Map<string, ComfyLink>()
  const idOf = (id: string) => `${prefix}${id}`
  const relink = (link: ComfyLink): ComfyLink => rewired.get(`${link[0]}:${link[1]}`) ?? [idOf(link[0]), link[1]]
  for (const [id, node] of Object.entries(template.graph).filter(([, node]) => node.class_type === LORAS_NODE)) {
    let model = node.inputs.model as ComfyLink
    let clip = isLink(node.inputs.clip) ? node.inputs.clip : undefined
    model = [idOf(model[0]), model[1]]
    if (clip !== undefined) clip = [idOf(clip[0]), clip[1]]
    loras.forEach((lora, index) => {
      const loraId = idOf(`${id}.${index + 1}`)
      if (clip === undefined) graph[loraId] = { class_type: "LoraLoaderModelOnly", inputs: { model, lora_name: lora.name, strength_model: lora.weight } }
      else {
        graph[loraId] = { class_type: "LoraLoader", inputs: { model, clip, lora_name: lora.name, strength_model: lora.weight, strength_clip: lora.weight } }
        clip = [loraId, 1]
      }
      model = [loraId, 0]
    })
    rewired.set(`${id}:0`, model)
    if (clip !== undefined) rewired.set(`${id}:1`, clip)
  }
  for (const [id, node] of Object.entries(template.graph)) {
    if (node.class_type === LORAS_NODE) continue
    const inputs: Record<string, unknown> = {}
    for (const [input, value] of Object.entries(node.inputs)) inputs[input] = isLink(value) ? relink(value) : typeof value === "string" ? fill(template, values, value) : value
    graph[idOf(id)] = { class_type: node.class_type, inputs }
  }
  return graph
}

/** The recipe to queue: `count` copies, image i seeded seed + i, each copy's SaveImage an output. */
export const fillTemplate = (template: WorkflowTemplate, values: TemplateValues & { readonly seed: number }, loras: ReadonlyArray<LoraWeight>, count: number): ComfyRecipe => {
  const hasLoraNode = Object.values(template.graph).some((node) => node.class_type === LORAS_NODE)
  if (loras.length > 0 && !hasLoraNode) {
    throw new EngineError("rejected", `${ENGINE_REASONS.rejected}: 该模型的工作流模板不支持 LoRA，请去掉 LoRA 再试`, `template ${template.file} has no {{loras}} node`)
  }
  const graph: ComfyGraph = {}
  const outputs: Array<{ node: string; seed: number }> = []
  const samplers: Array<string> = []
  for (let index = 0; index < count; index++) {
    const prefix = count === 1 ? "" : `${index + 1}-`
    const seed = values.seed + index
    const copy = copyOf(template, { ...values, seed }, loras, prefix)
    Object.assign(graph, copy)
    for (const [id, node] of Object.entries(copy)) {
      if (node.class_type === "SaveImage") outputs.push({ node: id, seed })
      if (SAMPLER_CLASSES.has(node.class_type)) samplers.push(id)
    }
  }
  return { graph, outputs, samplers }
}
