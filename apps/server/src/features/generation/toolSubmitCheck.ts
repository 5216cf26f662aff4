import { resolveToolOptions, type ToolSubmit, toolRunsOn, toolSpecOf } from "@mido/core/generation"
import sharp from "sharp"
import type { ImageEngine } from "../../adapters/engine/imageEnginePort.js"
import type { ObjectStore } from "../../adapters/storage/objectStorePort.js"
import type { Db } from "../../db/database.js"
import type { ServerConfig } from "../../platform/config.js"
import { checkImageBytes } from "../files/images.js"
import { badInput } from "./generationRefusal.js"
import { readInput } from "./taskInputs.js"

/** What one tool task may decode: 16 megapixels (a PNG bomb of 8192² stays out before any charge). */
export const TOOL_INPUT_MAX_PIXELS = 4096 * 4096
/** No upscaled side beyond R19's 8192 px. */
const UPSCALE_MAX_SIDE = 8192

export const ToolInputMessages = {
  gone: "输入图片不存在或已过期，请重新上传",
  truncated: "图片不完整（文件已损坏），请重新上传",
  tooManyPixels: (width: number, height: number) => `图片像素过多（${width}×${height}），工具最多处理 1600 万像素的图片`,
  upscaleTooLarge: `放大后尺寸不能超过 ${UPSCALE_MAX_SIDE}×${UPSCALE_MAX_SIDE}，请换小一些的图片或倍数`
} as const

/** A PNG ends with its IEND chunk, a JPEG with EOI: a file cut short is refused before the decoder sees it. */
const complete = (bytes: Uint8Array, type: "image/png" | "image/jpeg"): boolean => {
  const end = bytes.length
  if (type === "image/jpeg") {
    // some encoders pad after EOI: look for it in the last bytes
    for (let at = end - 2; at >= Math.max(0, end - 64); at--) if (bytes[at] === 0xff && bytes[at + 1] === 0xd9) return true
    return false
  }
  const tail = String.fromCharCode(...bytes.subarray(Math.max(0, end - 8), end - 4))
  return tail === "IEND"
}

const checkedImage = async (store: ObjectStore, db: Db, config: Pick<ServerConfig, "storageUrl">, uid: number, url: string) => {
  const bytes = await readInput(store, db, config, uid, url)
  if (bytes === undefined) throw badInput(ToolInputMessages.gone)
  const check = checkImageBytes(bytes, undefined)
  if (!check.ok) throw badInput(check.message)
  if (!complete(bytes, check.image.contentType)) throw badInput(ToolInputMessages.truncated)
  // the header only (no pixel is decoded here): the pixel count is compared below
  const meta = await sharp(bytes).metadata().catch(() => undefined)
  if (meta === undefined) throw badInput("图片已损坏，无法读取")
  const width = meta.autoOrient?.width ?? meta.width ?? check.image.width
  const height = meta.autoOrient?.height ?? meta.height ?? check.image.height
  if (width * height > TOOL_INPUT_MAX_PIXELS) throw badInput(ToolInputMessages.tooManyPixels(width, height))
  return { width, height }
}

/**
 * At submit, before any charge: offline, a tool that needs an engine (redraw) is refused with its
 * reason; for a task the processors will run (offline, or what the engine cannot do: TL9), the image (and the mask) must be whole PNG/JPEG files of at
 * most 16 megapixels (magic bytes, header, end marker, sharp's metadata: no pixel decoded on the request path); an
 * upscale may not pass 8192 px. A mask of another size is fine: the processor resizes it.
 */
export const checkToolSubmit = async (deps: { readonly objectStore: ObjectStore; readonly db: Db; readonly config: Pick<ServerConfig, "storageUrl"> }, uid: number, submit: ToolSubmit, engine: ImageEngine): Promise<void> => {
  const spec = toolSpecOf(submit.tool)
  if (engine.kind === "offline" && !spec.offline) throw badInput(spec.offlineRefusal ?? "该工具需要接入绘画引擎")
  if (toolRunsOn(submit.tool, engine.kind, submit.mask_url !== undefined) !== "processor") return
  const image = await checkedImage(deps.objectStore, deps.db, deps.config, uid, submit.image_url)
  if (submit.mask_url !== undefined) await checkedImage(deps.objectStore, deps.db, deps.config, uid, submit.mask_url)
  if (submit.tool === "hd-repair") {
    const scale = Number(resolveToolOptions("hd-repair", submit.options).scale)
    if (image.width * scale > UPSCALE_MAX_SIDE || image.height * scale > UPSCALE_MAX_SIDE) throw badInput(ToolInputMessages.upscaleTooLarge)
  }
}
