import { UploadMessages } from "@mido/core"
import { isJpeg, isPng, verifyImageSignature } from "@mido/core/files"
import sharp from "sharp"

/** R19 (pixel flood): neither side may exceed this, whatever the file size. */
export const MAX_IMAGE_SIDE = 8192

export type ImageContentType = "image/png" | "image/jpeg"

export interface ImageFacts {
  readonly contentType: ImageContentType
  readonly ext: "png" | "jpg"
  readonly width: number
  readonly height: number
}

export type ImageCheck =
  | { readonly ok: true; readonly image: ImageFacts }
  | { readonly ok: false; readonly reason: string; readonly message: string }

const uint16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0)
const uint32 = (bytes: Uint8Array, at: number) => uint16(bytes, at) * 65_536 + uint16(bytes, at + 2)

/** PNG: the first chunk must be IHDR; width and height are its first two 32-bit fields. */
const pngSize = (bytes: Uint8Array) => {
  const ihdr = String.fromCharCode(bytes[12] ?? 0, bytes[13] ?? 0, bytes[14] ?? 0, bytes[15] ?? 0)
  return ihdr === "IHDR" && bytes.length >= 24 ? { width: uint32(bytes, 16), height: uint32(bytes, 20) } : undefined
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8), DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

/** JPEG: walks the segments up to the first frame header; none before the scan means a broken file. */
const jpegSize = (bytes: Uint8Array) => {
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1] ?? 0
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined
    if (SOF.has(marker)) return at + 9 <= bytes.length ? { height: uint16(bytes, at + 5), width: uint16(bytes, at + 7) } : undefined
    at += 2 + uint16(bytes, at + 2)
  }
  return undefined
}

/** What the bytes show, for when nothing was declared (a bare blob); "" when neither png nor jpeg. */
export const sniffedContentType = (bytes: Uint8Array): ImageContentType | "" => (isPng(bytes) ? "image/png" : isJpeg(bytes) ? "image/jpeg" : "")

/** The type a file name's extension declares, or undefined without a known one. */
export const contentTypeOfName = (name: string): ImageContentType | undefined => {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase()
  return ext === "png" ? "image/png" : ext === "jpg" || ext === "jpeg" ? "image/jpeg" : undefined
}

/** A browser's stated type; the unregistered "image/jpg" some send is read as image/jpeg. */
export const statedContentType = (type: string): string => {
  const essence = (type.split(";")[0] ?? "").trim().toLowerCase()
  return essence === "image/jpg" ? "image/jpeg" : essence
}

/**
 * R19: accepts only a PNG or JPEG whose magic bytes match the declared type (core's
 * verifyImageSignature; an undeclared type stands for what the bytes show), whose header gives its
 * size, and whose sides are at most 8192 px. SVG, HTML, GIF or a PNG declared as JPEG are refused.
 */
export const checkImageBytes = (bytes: Uint8Array, declaredContentType: string | undefined): ImageCheck => {
  const declared = declaredContentType === undefined || declaredContentType.trim() === "" ? sniffedContentType(bytes) : declaredContentType
  const signature = verifyImageSignature(bytes, declared)
  if (!signature.ok) return { ok: false, reason: signature.reason, message: UploadMessages.wrongType }
  const size = signature.ext === "png" ? pngSize(bytes) : jpegSize(bytes)
  if (size === undefined || size.width < 1 || size.height < 1) return { ok: false, reason: "unreadable-dimensions", message: "图片已损坏，无法读取尺寸" }
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
    return { ok: false, reason: "too-many-pixels", message: `图片尺寸不能超过 ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE}` }
  }
  const contentType: ImageContentType = signature.ext === "png" ? "image/png" : "image/jpeg"
  return { ok: true, image: { contentType, ext: signature.ext, ...size } }
}

/**
 * A thumbnail `width` px wide (never enlarged), in the original's format, turned upright by its
 * EXIF orientation. The pixel cap guards the decoder too.
 */
export const makeThumbnail = async (bytes: Uint8Array, width: number, contentType: ImageContentType) => {
  const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE }).rotate().resize({ width, withoutEnlargement: true })
  const encoded = contentType === "image/png" ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 82, mozjpeg: true })
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
  return { bytes: new Uint8Array(data), width: info.width, height: info.height }
}
