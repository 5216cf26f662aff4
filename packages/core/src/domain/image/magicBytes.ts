/** The formats the product can name from a file's first bytes (spec §5). */
export type SniffedImageType = "png" | "jpg" | "gif" | "webp"

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const
const ascii = (text: string): ReadonlyArray<number> => Array.from(text, (char) => char.charCodeAt(0))
const GIF87A = ascii("GIF87a")
const GIF89A = ascii("GIF89a")
const RIFF = ascii("RIFF")
const WEBP = ascii("WEBP")

const startsWithAt = (bytes: Uint8Array, signature: ReadonlyArray<number>, offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte)

export const isPng = (bytes: Uint8Array): boolean => startsWithAt(bytes, PNG_SIGNATURE)
export const isJpeg = (bytes: Uint8Array): boolean => startsWithAt(bytes, JPEG_SIGNATURE)
export const isGif = (bytes: Uint8Array): boolean => startsWithAt(bytes, GIF87A) || startsWithAt(bytes, GIF89A)
/** Bytes 4–7 are the RIFF chunk size, so any value is allowed there. */
export const isWebp = (bytes: Uint8Array): boolean => startsWithAt(bytes, RIFF) && startsWithAt(bytes, WEBP, 8)

/** IM2: the image type the first bytes show, or undefined when none matches. */
export const sniffImageType = (bytes: Uint8Array): SniffedImageType | undefined =>
  isPng(bytes) ? "png" : isJpeg(bytes) ? "jpg" : isGif(bytes) ? "gif" : isWebp(bytes) ? "webp" : undefined
