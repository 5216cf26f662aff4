import type { ComfyGraph } from "../workflows/comfyGraph.js"

/**
 * An operator's ComfyUI workflow in API format (ComfyUI's "Export (API)": `{ id: { class_type, inputs } }`)
 * with Mido's named placeholders where a request's values go (ADR 0015, docs/engines.md). A string
 * input that is exactly "{{seed}}" becomes the number; inside a longer string the value is written in
 * as text. A node of class "{{loras}}" stands for the request's LoRA chain.
 */

export const PLACEHOLDERS = ["prompt", "negative", "seed", "steps", "cfg", "width", "height", "checkpoint", "image", "mask", "denoise", "sampler", "scheduler"] as const
export type Placeholder = (typeof PLACEHOLDERS)[number]

/** The recipes a template can draw, and the placeholders each must hold to draw what was asked. */
export const RECIPES = { txt2img: ["prompt", "seed"], img2img: ["prompt", "seed", "image"], inpaint: ["prompt", "seed", "image", "mask"] } as const satisfies Record<string, ReadonlyArray<Placeholder>>
export type Recipe = keyof typeof RECIPES

export const LORAS_NODE = "{{loras}}"
/** The nodes whose progress counts (comfy nodes.py KSampler, KSamplerAdvanced; comfy_extras/nodes_custom_sampler.py). */
export const SAMPLER_CLASSES = new Set(["KSampler", "KSamplerAdvanced", "SamplerCustom", "SamplerCustomAdvanced"])

export interface WorkflowTemplate {
  /** the file, as named in the mapping, for messages */
  readonly file: string
  readonly graph: ComfyGraph
  readonly placeholders: ReadonlySet<Placeholder>
}

const PATTERN = /\{\{\s*([A-Za-z_]+)\s*\}\}/g
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)
const isLink = (value: unknown): value is readonly [string, number] => Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "number"

/** The placeholders named in a string value, in order. */
export const placeholdersIn = (text: string): ReadonlyArray<string> => [...text.matchAll(PATTERN)].map((match) => match[1]!)

/**
 * Reads a template's parsed JSON; the problems name the file and, where one is at fault, the node and
 * placeholder, so an operator can fix the file without guessing.
 */
export const parseTemplate = (file: string, json: unknown, recipe: Recipe): { template?: WorkflowTemplate; problems: ReadonlyArray<string> } => {
  const problems: Array<string> = []
  const problem = (message: string) => problems.push(`${file}: ${message}`)
  if (isObject(json) && Array.isArray(json.nodes)) {
    problem('this is ComfyUI\'s UI format (it has "nodes"): export the workflow with "Export (API)" instead')
    return { problems }
  }
  if (!isObject(json) || Object.keys(json).length === 0) {
    problem("not a ComfyUI API-format workflow: expected an object of nodes { id: { class_type, inputs } }")
    return { problems }
  }
  const placeholders = new Set<Placeholder>()
  for (const [id, node] of Object.entries(json)) {
    if (!isObject(node) || typeof node.class_type !== "string" || !isObject(node.inputs)) {
      problem(`node ${id} needs a class_type and an inputs object`)
      continue
    }
    for (const [input, value] of Object.entries(node.inputs)) {
      if (isLink(value) && json[value[0]] === undefined) problem(`node ${id} (${node.class_type}) input ${input} links to node ${value[0]}, which the file does not have`)
      if (typeof value !== "string") continue
      for (const name of placeholdersIn(value)) {
        if ((PLACEHOLDERS as ReadonlyArray<string>).includes(name)) placeholders.add(name as Placeholder)
        else problem(`node ${id} (${node.class_type}) input ${input} has the placeholder {{${name}}}, which Mido does not fill (known: ${PLACEHOLDERS.map((each) => `{{${each}}}`).join(", ")})`)
      }
    }
    if (node.class_type === LORAS_NODE && !isLink(node.inputs.model)) problem(`node ${id} ({{loras}}) needs a model input linked to the model loader`)
  }
  if (!Object.values(json).some((node) => isObject(node) && node.class_type === "SaveImage")) problem("has no SaveImage node, so ComfyUI would keep no picture")
  for (const needed of RECIPES[recipe]) if (!placeholders.has(needed)) problem(`a ${recipe} template needs the placeholder {{${needed}}}`)
  return problems.length > 0 ? { problems } : { template: { file, graph: json as ComfyGraph, placeholders }, problems }
}
