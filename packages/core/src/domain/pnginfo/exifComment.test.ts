import { describe, expect, it } from "vitest"
import { exifUserComment } from "./exifComment.js"

/** A TIFF block: IFD0 → Exif IFD → UserComment, in the byte order asked for. */
const tiff = (comment: Uint8Array, little: boolean): Uint8Array => {
  const out = new Uint8Array(8 + 18 + 18 + comment.length)
  const view = new DataView(out.buffer)
  out.set(little ? [73, 73] : [77, 77], 0)
  view.setUint16(2, 42, little)
  view.setUint32(4, 8, little)
  // IFD0 at 8: one entry, the Exif IFD pointer (LONG) to 26
  view.setUint16(8, 1, little)
  view.setUint16(10, 0x8769, little)
  view.setUint16(12, 4, little)
  view.setUint32(14, 1, little)
  view.setUint32(18, 26, little)
  view.setUint32(22, 0, little)
  // Exif IFD at 26: one entry, UserComment (UNDEFINED) at 44
  view.setUint16(26, 1, little)
  view.setUint16(28, 0x9286, little)
  view.setUint16(30, 7, little)
  view.setUint32(32, comment.length, little)
  view.setUint32(36, 44, little)
  view.setUint32(40, 0, little)
  out.set(comment, 44)
  return out
}
const concat = (...parts: ReadonlyArray<Uint8Array | ReadonlyArray<number>>) => Uint8Array.from(parts.flatMap((part) => [...part]))
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
const utf16 = (text: string, little: boolean) =>
  [...text].flatMap((char) => {
    const code = char.charCodeAt(0)
    return little ? [code & 255, code >> 8] : [code >> 8, code & 255]
  })
const jpeg = (block: Uint8Array) => {
  const length = block.length + 8
  return concat([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xe1, length >> 8, length & 255], ascii("Exif\0\0"), block, [0xff, 0xda, 0, 2, 0xff, 0xd9])
}
const webp = (block: Uint8Array) => {
  const data = concat(ascii("Exif\0\0"), block)
  const size = [data.length & 255, (data.length >> 8) & 255, 0, 0]
  return concat(ascii("RIFF"), [0, 0, 0, 0], ascii("WEBP"), ascii("VP8 "), [2, 0, 0, 0, 0, 0], ascii("EXIF"), size, data)
}

const TEXT = "雪夜江南, lanterns\nNegative prompt: lowres\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1, Size: 512x512"

describe("PI8: the EXIF UserComment of a JPEG or WebP (docs/spec/pnginfo.md)", () => {
  it.each([
    ["a JPEG as A1111 saves it (piexif: UNICODE, UTF-16BE, big-endian TIFF)", jpeg(tiff(concat(ascii("UNICODE\0"), utf16(TEXT, false)), false))],
    ["a JPEG from a little-endian writer (UTF-16LE)", jpeg(tiff(concat(ascii("UNICODE\0"), utf16(TEXT, true)), true))],
    ["a WebP's EXIF chunk", webp(tiff(concat(ascii("UNICODE\0"), utf16(TEXT, false)), true))],
    ["an ASCII-coded comment read as UTF-8", jpeg(tiff(concat(ascii("ASCII\0\0\0"), new TextEncoder().encode(TEXT), [0, 0]), false))]
  ])("PI8 %s", (_name, bytes) => {
    expect(exifUserComment(bytes)).toBe(TEXT)
  })

  it.each([
    ["a PNG", Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10])],
    ["a JPEG without EXIF", Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2])],
    ["a cut-off EXIF", jpeg(tiff(concat(ascii("UNICODE\0"), utf16(TEXT, false)), false)).subarray(0, 40)],
    ["an empty comment", jpeg(tiff(concat(ascii("UNICODE\0")), false))]
  ])("PI8 %s has none", (_name, bytes) => {
    expect(exifUserComment(bytes)).toBeUndefined()
  })
})
