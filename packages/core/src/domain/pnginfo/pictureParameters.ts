import { buildInfotext } from "../infotext/buildInfotext.js"
import { comfyGraphOf, comfyInfotextInput } from "./comfyGraph.js"
import { graphOfWorkflow } from "./comfyWorkflow.js"

/** PI7: what /webui says when a picture holds no settings it can read. */
export const PictureMessages = {
  noParameters: "这张图片不含生成参数",
  notPicture: "只能读取 PNG、JPEG 或 WebP 图片中的生成参数",
  unreadable: "图片读取失败，请换一张试试"
} as const

/** A picture's settings as an infotext, and which program wrote them. */
export interface PictureParameters {
  readonly source: "webui" | "comfyui"
  readonly text: string
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * PI2–PI6 (docs/spec/pnginfo.md): the settings in a picture's text chunks (keyword → text, a later
 * chunk of a keyword over an earlier one, as PIL's `image.info`). `parameters` first, as WebUI's
 * `read_info_from_image` takes it (A1111, Forge and Mido's own downloads write it); else ComfyUI's
 * `prompt` graph, else its `workflow`, each turned into an infotext. Undefined: no settings to read.
 */
export const pictureParametersOf = (texts: Readonly<Record<string, string>>): PictureParameters | undefined => {
  const parameters = Object.hasOwn(texts, "parameters") ? texts.parameters!.trim() : ""
  if (parameters !== "") return { source: "webui", text: parameters }
  const graphs = [
    Object.hasOwn(texts, "prompt") ? comfyGraphOf(parseJson(texts.prompt!)) : undefined,
    Object.hasOwn(texts, "workflow") ? graphOfWorkflow(parseJson(texts.workflow!)) : undefined
  ]
  for (const graph of graphs) {
    const input = graph === undefined ? undefined : comfyInfotextInput(graph)
    const text = input === undefined ? "" : buildInfotext(input)
    if (text !== "") return { source: "comfyui", text }
  }
  return undefined
}
