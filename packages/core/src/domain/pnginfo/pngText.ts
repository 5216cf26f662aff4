/**
 * PI1 (docs/spec/pnginfo.md): the text chunks of a PNG, read in the browser as A1111's PNG Info reads
 * them. WebUI's `read_info_from_image` (AUTOMATIC1111/stable-diffusion-webui, modules/images.py) takes
 * PIL's `image.info`, which holds every tEXt, zTXt and iTXt chunk (compressed or not) by keyword. A
 * compressed chunk is handed back still deflated: inflating is the caller's (the browser's
 * DecompressionStream), so this stays a pure function over bytes.
 */

export const PNG_SIGNATURE: ReadonlyArray<number> = [137, 80, 78, 71, 13, 10, 26, 10]

/** A text chunk as found: its text, or its deflated bytes with the encoding they decode with. */
export type PngTextChunk =
  | { readonly keyword: string; readonly text: string }
  | { readonly keyword: string; readonly deflated: Uint8Array; readonly encoding: "latin1" | "utf-8" }

export const isPng = (bytes: Uint8Array): boolean => bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)

const latin1 = new TextDecoder("latin1")
const utf8 = new TextDecoder("utf-8")

/** The bytes up to the next 0 from `from` (a keyword or a tag), and where the rest starts; undefined without a 0. */
const untilZero = (data: Uint8Array, from: number): { readonly bytes: Uint8Array; readonly next: number } | undefined => {
  const zero = data.indexOf(0, from)
  return zero < 0 ? undefined : { bytes: data.subarray(from, zero), next: zero + 1 }
}

/** tEXt: keyword, 0, Latin-1 text. */
const tEXt = (data: Uint8Array): PngTextChunk | undefined => {
  const keyword = untilZero(data, 0)
  return keyword === undefined ? undefined : { keyword: latin1.decode(keyword.bytes), text: latin1.decode(data.subarray(keyword.next)) }
}

/** zTXt: keyword, 0, compression method (0 = deflate), deflated Latin-1 text. */
const zTXt = (data: Uint8Array): PngTextChunk | undefined => {
  const keyword = untilZero(data, 0)
  if (keyword === undefined || data[keyword.next] !== 0) return undefined
  return { keyword: latin1.decode(keyword.bytes), deflated: data.subarray(keyword.next + 1), encoding: "latin1" }
}

/** iTXt: keyword, 0, compression flag, method, language tag, 0, translated keyword, 0, UTF-8 text (deflated when flagged). */
const iTXt = (data: Uint8Array): PngTextChunk | undefined => {
  const keyword = untilZero(data, 0)
  if (keyword === undefined || keyword.next + 2 > data.length) return undefined
  const compressed = data[keyword.next] === 1
  if (compressed && data[keyword.next + 1] !== 0) return undefined
  const language = untilZero(data, keyword.next + 2)
  const translated = language === undefined ? undefined : untilZero(data, language.next)
  if (translated === undefined) return undefined
  const body = data.subarray(translated.next)
  const name = latin1.decode(keyword.bytes)
  return compressed ? { keyword: name, deflated: body, encoding: "utf-8" } : { keyword: name, text: utf8.decode(body) }
}

const READERS: Readonly<Record<string, (data: Uint8Array) => PngTextChunk | undefined>> = { tEXt, zTXt, iTXt }

/**
 * PI1: every text chunk of a PNG in file order, up to IEND. A chunk that runs past the end of the
 * file ends the reading (what came before is kept), a malformed text chunk is skipped; nothing
 * throws. Not a PNG: undefined.
 */
export const readPngTextChunks = (bytes: Uint8Array): ReadonlyArray<PngTextChunk> | undefined => {
  if (!isPng(bytes)) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunks: Array<PngTextChunk> = []
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at)
    const type = latin1.decode(bytes.subarray(at + 4, at + 8))
    const end = at + 8 + length
    if (end + 4 > bytes.length) break
    const read = Object.hasOwn(READERS, type) ? READERS[type] : undefined
    const chunk = read?.(bytes.subarray(at + 8, end))
    if (chunk !== undefined) chunks.push(chunk)
    if (type === "IEND") break
    at = end + 4
  }
  return chunks
}

/**
 * PI1: the chunks' texts by keyword, a later chunk over an earlier one (as PIL's `image.info`), the
 * compressed ones through `inflate` (zlib's deflate format, as PNG stores it). One that does not
 * inflate is left out.
 */
export const decodePngTexts = async (
  chunks: ReadonlyArray<PngTextChunk>,
  inflate: (deflated: Uint8Array) => Promise<Uint8Array>
): Promise<Record<string, string>> => {
  const texts: Record<string, string> = {}
  for (const chunk of chunks) {
    if ("text" in chunk) {
      texts[chunk.keyword] = chunk.text
      continue
    }
    const bytes = await inflate(chunk.deflated).catch(() => undefined)
    if (bytes !== undefined) texts[chunk.keyword] = (chunk.encoding === "latin1" ? latin1 : utf8).decode(bytes)
  }
  return texts
}
