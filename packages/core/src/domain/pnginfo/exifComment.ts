/**
 * PI8 (docs/spec/pnginfo.md): the EXIF UserComment of a JPEG or WebP, where A1111 puts the infotext
 * of a picture it saves as JPEG or WebP: `read_info_from_image` (AUTOMATIC1111/stable-diffusion-webui,
 * modules/images.py) reads it with piexif, which writes it as "UNICODE\0" and UTF-16 big-endian
 * (piexif.helper.UserComment). Pure over bytes; anything malformed reads as no comment.
 */

const EXIF_IFD_POINTER = 0x8769
const USER_COMMENT = 0x9286
const ascii = new TextDecoder("latin1")

const startsWith = (bytes: Uint8Array, at: number, text: string) => [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0))

/** The TIFF block of a JPEG's APP1 "Exif\0\0" segment (the markers before the image data). */
const jpegTiff = (bytes: Uint8Array): Uint8Array | undefined => {
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
    const marker = bytes[at + 1]!
    if (marker === 0xda || marker === 0xd9) return undefined // image data: no more metadata
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!
    if (marker === 0xe1 && startsWith(bytes, at + 4, "Exif\0\0")) return bytes.subarray(at + 10, at + 2 + length)
    at += 2 + length
  }
  return undefined
}

/** The TIFF block of a WebP's EXIF chunk (some writers keep the "Exif\0\0" header there too). */
const webpTiff = (bytes: Uint8Array): Uint8Array | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true)
    if (startsWith(bytes, at, "EXIF")) {
      const data = bytes.subarray(at + 8, at + 8 + size)
      return startsWith(data, 0, "Exif\0\0") ? data.subarray(6) : data
    }
    at += 8 + size + (size % 2)
  }
  return undefined
}

/** A tag's value bytes in the IFD at `ifd` (inline when 4 bytes or fewer), or undefined. */
const tagBytes = (tiff: Uint8Array, view: DataView, little: boolean, ifd: number, tag: number): Uint8Array | undefined => {
  if (ifd + 2 > tiff.length) return undefined
  const count = view.getUint16(ifd, little)
  for (let index = 0; index < count; index++) {
    const entry = ifd + 2 + index * 12
    if (entry + 12 > tiff.length) return undefined
    if (view.getUint16(entry, little) !== tag) continue
    const type = view.getUint16(entry + 2, little)
    const size = view.getUint32(entry + 4, little) * (type === 4 ? 4 : type === 3 ? 2 : 1)
    const at = size <= 4 ? entry + 8 : view.getUint32(entry + 8, little)
    return at + size <= tiff.length ? tiff.subarray(at, at + size) : undefined
  }
  return undefined
}

/** A UserComment's text: its 8-byte character code, then the text (UTF-16 in either byte order, or UTF-8). */
const commentText = (value: Uint8Array): string => {
  const code = ascii.decode(value.subarray(0, 8))
  const body = value.subarray(8)
  if (code.startsWith("UNICODE")) {
    // piexif writes big-endian; a writer that follows the TIFF's little-endian order puts the zero byte second
    let evenZeros = 0
    let oddZeros = 0
    for (let index = 0; index + 1 < body.length; index += 2) {
      if (body[index] === 0) evenZeros++
      if (body[index + 1] === 0) oddZeros++
    }
    return new TextDecoder(oddZeros > evenZeros ? "utf-16le" : "utf-16be").decode(body).replace(/\0+$/, "")
  }
  return new TextDecoder("utf-8").decode(body).replace(/\0+$/, "")
}

/** PI8: the UserComment of a JPEG or WebP picture, trimmed; undefined when it has none (or is neither). */
export const exifUserComment = (bytes: Uint8Array): string | undefined => {
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8
  const isWebp = startsWith(bytes, 0, "RIFF") && startsWith(bytes, 8, "WEBP")
  const tiff = isJpeg ? jpegTiff(bytes) : isWebp ? webpTiff(bytes) : undefined
  if (tiff === undefined || tiff.length < 8) return undefined
  const little = startsWith(tiff, 0, "II")
  if (!little && !startsWith(tiff, 0, "MM")) return undefined
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
  const pointer = tagBytes(tiff, view, little, view.getUint32(4, little), EXIF_IFD_POINTER)
  if (pointer === undefined || pointer.length !== 4) return undefined
  const exifIfd = new DataView(pointer.buffer, pointer.byteOffset, 4).getUint32(0, little)
  const comment = tagBytes(tiff, view, little, exifIfd, USER_COMMENT)
  const text = comment === undefined || comment.length < 8 ? "" : commentText(comment).trim()
  return text === "" ? undefined : text
}
