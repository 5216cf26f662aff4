import sharp from "sharp"
import type { Cv } from "./opencv.js"

/** What the tools may decode: 8192² like uploads (R19), the decoder capped the same way. */
export const TOOL_MAX_PIXELS = 8192 * 8192

export interface Raw {
  readonly data: Uint8Array
  readonly width: number
  readonly height: number
  readonly channels: 1 | 3 | 4
}

/** Decodes to raw pixels, turned upright, with `channels` channels (1 grey, 3 RGB, 4 RGBA). */
export const decode = async (bytes: Uint8Array, channels: 1 | 3 | 4, resize?: { width: number; height: number }): Promise<Raw> => {
  let pipeline = sharp(bytes, { limitInputPixels: TOOL_MAX_PIXELS, failOn: "error" }).rotate()
  if (resize !== undefined) pipeline = pipeline.resize(resize.width, resize.height, { fit: "fill" })
  pipeline = channels === 1 ? pipeline.grayscale().removeAlpha() : channels === 3 ? pipeline.removeAlpha() : pipeline.ensureAlpha()
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, channels }
}

export const matOf = (cv: Cv, raw: Raw): Cv => {
  const type = raw.channels === 1 ? cv.CV_8UC1 : raw.channels === 3 ? cv.CV_8UC3 : cv.CV_8UC4
  const mat = new cv.Mat(raw.height, raw.width, type)
  mat.data.set(raw.data)
  return mat
}

export const rawOf = (mat: Cv): Raw => ({ data: new Uint8Array(mat.data), width: mat.cols, height: mat.rows, channels: mat.channels() as 1 | 3 | 4 })

export type OutputFormat = "png" | "jpeg"

/** Encodes raw pixels as PNG (alpha kept) or JPEG. */
export const encode = async (raw: Raw, format: OutputFormat): Promise<Uint8Array> => {
  const pipeline = sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
  const buffer = format === "png" ? await pipeline.png({ compressionLevel: 6 }).toBuffer() : await pipeline.jpeg({ quality: 92, mozjpeg: true }).toBuffer()
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
}
