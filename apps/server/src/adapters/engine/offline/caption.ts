import sharp, { type OverlayOptions } from "sharp"
import { captionMaskPng, captionMaskSize } from "./captionMask.js"

/**
 * The 本地演示引擎 caption in the bottom-right corner of every image the offline engine draws, white on
 * a translucent dark pill, about 3% of the shorter side tall, so nobody takes a demo picture for AI art.
 */
export interface CaptionBox {
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
}

const textHeightFor = (width: number, height: number) => Math.max(12, Math.min(48, Math.round(Math.min(width, height) * 0.03)))

/** Where the caption goes on a width × height image; undefined when the image is too small to hold it. */
export const captionBox = (width: number, height: number): CaptionBox | undefined => {
  const text = textHeightFor(width, height)
  const textWidth = Math.round((captionMaskSize.width * text) / captionMaskSize.height)
  const box = { width: textWidth + Math.round(text * 1.1), height: text + Math.round(text * 0.7) }
  const margin = Math.round(text * 0.6)
  if (box.width + 2 * margin > width || box.height + 2 * margin > height) return undefined
  return { ...box, left: width - box.width - margin, top: height - box.height - margin }
}

const pills = new Map<number, Promise<Buffer>>()

/** The caption pill as a PNG for one text height (kept: images of one size share it). */
const pillPng = (box: CaptionBox): Promise<Buffer> => {
  const cached = pills.get(box.height)
  if (cached !== undefined) return cached
  const made = (async () => {
    const text = Math.round(box.height / 1.7)
    const mask = await sharp(captionMaskPng).resize({ height: text, kernel: "lanczos3" }).toColourspace("b-w").raw().toBuffer({ resolveWithObject: true })
    const ink = await sharp({ create: { width: mask.info.width, height: mask.info.height, channels: 3, background: "#ffffff" } })
      .joinChannel(mask.data, { raw: { width: mask.info.width, height: mask.info.height, channels: 1 } })
      .png()
      .toBuffer()
    const radius = Math.round(box.height / 2)
    const pill = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="${box.width}" height="${box.height}" rx="${radius}" fill="rgba(12,12,20,0.5)"/></svg>`
    return sharp(Buffer.from(pill))
      .composite([{ input: ink, left: Math.round((box.width - mask.info.width) / 2), top: Math.round((box.height - mask.info.height) / 2) }])
      .png()
      .toBuffer()
  })()
  pills.set(box.height, made)
  return made
}

/** The caption as a sharp composite layer for a width × height image (none when it does not fit). */
export const captionLayer = async (width: number, height: number): Promise<ReadonlyArray<OverlayOptions>> => {
  const box = captionBox(width, height)
  if (box === undefined) return []
  return [{ input: await pillPng(box), left: box.left, top: box.top }]
}
