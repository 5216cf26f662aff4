import sharp from "sharp"
import { fakePng } from "./fakePng.js"

/** The ComfyUI fake's reading of an API-format graph: ComfyUI's validation answers, and the images it "draws". */

export type FakeGraph = Record<string, { class_type: string; inputs: Record<string, unknown> }>
type Link = readonly [string, number]

const CLASSES = new Set([
  "CheckpointLoaderSimple", "LoraLoader", "CLIPTextEncode", "EmptyLatentImage", "LoadImage", "ImageScale", "ImageScaleBy", "ImageToMask",
  "VAEEncode", "VAEEncodeForInpaint", "SetLatentNoiseMask", "KSampler", "LatentUpscaleBy", "VAEDecode", "SaveImage", "UpscaleModelLoader",
  "ImageUpscaleWithModel"
])
const isLink = (value: unknown): value is Link => Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "number"

type NodeErrors = Record<string, { errors: Array<{ type: string; message: string; details: string; extra_info: object }>; dependent_outputs: Array<string>; class_type: string }>

/** ComfyUI's node_errors for a graph it would refuse, undefined when it would run it. */
export const validateGraph = (graph: FakeGraph, known: Record<string, Record<string, ReadonlyArray<string>>>, inputs: ReadonlyMap<string, Buffer>): NodeErrors | undefined => {
  const errors: NodeErrors = {}
  const refuse = (id: string, type: string, message: string, details: string) => {
    const entry = (errors[id] ??= { errors: [], dependent_outputs: [], class_type: graph[id]?.class_type ?? "" })
    entry.errors.push({ type, message, details, extra_info: {} })
  }
  const nodes = Object.entries(graph ?? {})
  if (!nodes.some(([, node]) => node.class_type === "SaveImage")) refuse("0", "prompt_no_outputs", "Prompt has no outputs", "")
  for (const [id, node] of nodes) {
    if (!CLASSES.has(node.class_type)) refuse(id, "invalid_prompt", `Cannot execute because node ${node.class_type} does not exist.`, "")
    for (const [input, value] of Object.entries(node.inputs)) {
      const list = known[node.class_type]?.[input]
      if (list !== undefined && !list.includes(String(value))) refuse(id, "value_not_in_list", "Value not in list", `${input}: '${String(value)}' not in ${JSON.stringify(list)}`)
      if (isLink(value) && graph[value[0]] === undefined) refuse(id, "required_input_missing", "Required input is missing", input)
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
      case "KSampler": {
        const latent = await evaluate(input.latent_image)
        const positive = graph[(input.positive as Link)[0]]!.inputs.text
        return { ...latent, key: `${String(positive)}|${String(input.seed)}|${latent.key}` }
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
