import sharp from "sharp"
import { readPngTexts, withPngText, withoutPngText } from "../../platform/pngText.js"
import { AIGC_KEY, type AigcRecord, aigcJson, aigcXmp, parseAigcRecord, readAigcXmp } from "./aigcRecord.js"
import { type LabelLook, labelLayer } from "./visibleLabel.js"

/**
 * Both labels on one image (ADR 0025: on the stored file, so every download, zip and CDN copy has
 * them). PNG: the AI生成 label drawn, the record in a text chunk `AIGC` beside the A1111 `parameters`
 * (AL2); JPEG and WebP: the label drawn, the record as XMP (AL5, sharp's `withXmp`).
 */

export interface LabelledPng {
  readonly data: Buffer
  readonly width: number
  readonly height: number
}

/** Any image the engine answered, as a PNG with the visible label drawn (no text chunks yet). */
export const drawnLabelPng = async (bytes: Uint8Array, look: LabelLook): Promise<LabelledPng> => {
  const meta = await sharp(bytes).metadata()
  const layer = await labelLayer(meta.width, meta.height, look)
  const png = await sharp(bytes).composite([layer]).png().toBuffer({ resolveWithObject: true })
  return { data: png.data, width: png.info.width, height: png.info.height }
}

/** The PNG with its `AIGC` text chunk (the record's JSON; iTXt when a field is beyond Latin-1). */
export const withAigcChunk = (png: Uint8Array, record: AigcRecord): Uint8Array => withPngText(withoutPngText(png, AIGC_KEY), AIGC_KEY, aigcJson(record))

/** A JPEG (or WebP) with the visible label drawn and the record as XMP, in its own format. */
export const labelledJpeg = async (bytes: Uint8Array, look: LabelLook, record: AigcRecord, format: "jpeg" | "webp" = "jpeg"): Promise<Buffer> => {
  const meta = await sharp(bytes).metadata()
  const layer = await labelLayer(meta.width, meta.height, look)
  const drawn = sharp(bytes).composite([layer]).withXmp(aigcXmp(record))
  return format === "jpeg" ? drawn.jpeg({ quality: 92 }).toBuffer() : drawn.webp({ quality: 90 }).toBuffer()
}

/**
 * AL4: the record a file carries, whatever the format: a PNG's `AIGC` text chunk, else the XMP of a
 * PNG, JPEG or WebP (sharp reads the XMP packet of each). Undefined when it has none.
 */
export const readAigcOf = async (bytes: Uint8Array): Promise<AigcRecord | undefined> => {
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50
  const chunk = isPng ? readPngTexts(bytes)[AIGC_KEY] : undefined
  const fromChunk = chunk === undefined ? undefined : parseAigcRecord(chunk)
  if (fromChunk !== undefined) return fromChunk
  const meta = await sharp(bytes).metadata().catch(() => undefined)
  return meta?.xmp === undefined ? undefined : readAigcXmp(meta.xmp.toString("utf8"))
}

/**
 * AL3: the record of a stored work rewritten with the platform's fields when it is published: a PNG's
 * chunk replaced (the pixels and the other chunks untouched), a JPEG's or WebP's XMP replaced through a
 * re-encode. Undefined when the bytes are no image sharp reads.
 */
export const withRecord = async (bytes: Uint8Array, record: AigcRecord): Promise<Uint8Array | undefined> => {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return withAigcChunk(bytes, record)
  const meta = await sharp(bytes).metadata().catch(() => undefined)
  if (meta?.format === "jpeg") return sharp(bytes).withXmp(aigcXmp(record)).jpeg({ quality: 92 }).toBuffer()
  if (meta?.format === "webp") return sharp(bytes).withXmp(aigcXmp(record)).webp({ quality: 90 }).toBuffer()
  return undefined
}
