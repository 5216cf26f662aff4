import sharp from "sharp"
import { esrganUpscale } from "./esrgan.js"
import { decode, encode, type OutputFormat } from "./pixels.js"
import type { ToolOptionValues, ToolResult } from "./toolProcessorPort.js"
import { ToolInputError } from "./toolProcessorPort.js"

/** ESRGAN runs on inputs up to this many pixels (640², ≈ 20–30 s at ×2 on a shared core, bench/tools.mjs); larger ones get Lanczos, with a note. */
export const ESRGAN_MAX_INPUT_PIXELS = 640 * 640
/** No result side beyond this (R19's limit for any image we store). */
export const UPSCALE_MAX_SIDE = 8192

export const upscaleTooLarge = (width: number, height: number, scale: number): string | undefined =>
  width * scale > UPSCALE_MAX_SIDE || height * scale > UPSCALE_MAX_SIDE ? `放大后尺寸不能超过 ${UPSCALE_MAX_SIDE}×${UPSCALE_MAX_SIDE}，请换小一些的图片或倍数` : undefined

/** Lanczos3 then a light unsharp mask: the instant upscale. */
export const lanczosUpscale = async (bytes: Uint8Array, scale: number, format: OutputFormat) => {
  const meta = await sharp(bytes).metadata()
  const width = (meta.width ?? 1) * scale
  const height = (meta.height ?? 1) * scale
  const raw = await sharp(bytes, { failOn: "error" }).rotate().removeAlpha().resize(width, height, { kernel: "lanczos3" }).sharpen({ sigma: 0.8, m1: 0.5, m2: 1.5 }).raw().toBuffer({ resolveWithObject: true })
  const image = { data: new Uint8Array(raw.data), width: raw.info.width, height: raw.info.height, channels: 3 as const }
  return { bytes: await encode(image, format), width: image.width, height: image.height }
}

/**
 * 高清修复: ESRGAN ×2/×4 (esrgan-slim), patch by patch; `method: lanczos` (or an input over
 * ESRGAN_MAX_INPUT_PIXELS) takes Lanczos3 + sharpen and says so in the note.
 */
export const hdRepair = async (
  bytes: Uint8Array,
  options: ToolOptionValues,
  format: OutputFormat,
  onProgress: (percent: number) => void,
  aborted: () => boolean
): Promise<ToolResult> => {
  const scale = options.scale === 4 ? 4 : 2
  const meta = await sharp(bytes).metadata()
  const width = meta.autoOrient?.width ?? meta.width ?? 0
  const height = meta.autoOrient?.height ?? meta.height ?? 0
  const tooLarge = upscaleTooLarge(width, height, scale)
  if (tooLarge !== undefined) throw new ToolInputError(tooLarge)
  const fallback = options.method !== "lanczos" && width * height > ESRGAN_MAX_INPUT_PIXELS
  if (options.method === "lanczos" || fallback) {
    const image = await lanczosUpscale(bytes, scale, format)
    return {
      images: [{ ...image, format }],
      note: fallback ? `图片较大（${width}×${height}），超出 ESRGAN 的处理上限（约 40 万像素），已改用 Lanczos 快速放大` : "已用 Lanczos 快速放大"
    }
  }
  const input = await decode(bytes, 3)
  const out = await esrganUpscale(input, scale, (done, total) => onProgress(Math.round((done / total) * 95)), aborted)
  return { images: [{ bytes: await encode({ ...out, channels: 3 }, format), width: out.width, height: out.height, format }], note: `已用 ESRGAN 超分辨率放大 ${scale} 倍` }
}
