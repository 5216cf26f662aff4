import type { ComfyGraph, ComfyNode } from "./comfyGraph.js"

/**
 * PI6 (docs/spec/pnginfo.md): a ComfyUI UI workflow (the `workflow` text chunk: `nodes` with
 * `widgets_values`, and `links` as `[id, from node, from slot, to node, to slot, type]`) turned into
 * the API-format graph comfyInfotextInput reads, for a picture that carries no `prompt` chunk. Only
 * the nodes whose settings the form takes are read; their widget order is that of INPUT_TYPES in
 * Comfy-Org/ComfyUI, nodes.py, with the UI's extra "control after generate" value after a seed.
 */
const CONTROL = null
const WIDGETS: Readonly<Record<string, ReadonlyArray<string | null>>> = {
  KSampler: ["seed", CONTROL, "steps", "cfg", "sampler_name", "scheduler", "denoise"],
  KSamplerAdvanced: ["add_noise", "noise_seed", CONTROL, "steps", "cfg", "sampler_name", "scheduler", "start_at_step", "end_at_step", "return_with_leftover_noise"],
  CLIPTextEncode: ["text"],
  EmptyLatentImage: ["width", "height", "batch_size"],
  CheckpointLoaderSimple: ["ckpt_name"],
  CheckpointLoader: ["config_name", "ckpt_name"],
  LoraLoader: ["lora_name", "strength_model", "strength_clip"],
  LoraLoaderModelOnly: ["lora_name", "strength_model"]
}

interface UiNode {
  readonly id: number | string
  readonly type: string
  readonly inputs?: ReadonlyArray<{ readonly name?: unknown; readonly link?: unknown }>
  readonly widgets_values?: unknown
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const isUiNode = (value: unknown): value is UiNode =>
  isObject(value) && (typeof value.id === "number" || typeof value.id === "string") && typeof value.type === "string"

/** PI6: the workflow as an API graph; undefined when it is not a workflow (no nodes list). */
export const graphOfWorkflow = (json: unknown): ComfyGraph | undefined => {
  if (!isObject(json) || !Array.isArray(json.nodes)) return undefined
  const nodes = json.nodes.filter(isUiNode)
  const byId = new Map(nodes.map((node) => [String(node.id), node]))
  // link id → [from node id, from slot]
  const links = new Map<string, readonly [string, number]>()
  for (const link of Array.isArray(json.links) ? json.links : []) {
    if (Array.isArray(link) && link.length >= 3 && typeof link[2] === "number") links.set(String(link[0]), [String(link[1]), link[2]])
  }
  const graph: Record<string, ComfyNode> = {}
  for (const node of nodes) {
    const inputs: Record<string, unknown> = {}
    const values = Array.isArray(node.widgets_values) ? node.widgets_values : []
    for (const [index, name] of (Object.hasOwn(WIDGETS, node.type) ? WIDGETS[node.type]! : []).entries()) {
      if (name !== null && index < values.length) inputs[name] = values[index]
    }
    for (const input of node.inputs ?? []) {
      const from = input.link === null || input.link === undefined ? undefined : links.get(String(input.link))
      if (typeof input.name !== "string" || from === undefined) continue
      // a primitive node is no node of the API graph: its value stands in the input itself
      const origin = byId.get(from[0])
      inputs[input.name] = origin?.type === "PrimitiveNode" && Array.isArray(origin.widgets_values) ? origin.widgets_values[0] : [from[0], from[1]]
    }
    graph[String(node.id)] = { class_type: node.type, inputs }
  }
  return Object.keys(graph).length === 0 ? undefined : graph
}
