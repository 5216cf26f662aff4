/**
 * Text chunks in a PNG (the A1111 infotext under the keyword `parameters`, so a downloaded image
 * drops into a WebUI's PNG Info). Latin-1 text goes in a tEXt chunk; text beyond Latin-1 (Chinese
 * prompts, the 本地演示引擎 label) in an uncompressed iTXt chunk, as WebUI's own PIL writer does.
 * The chunk goes right after IHDR. CRC-32 by table: node:zlib's crc32 is missing before Node 20.15.
 */

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

export const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const isLatin1 = (text: string) => [...text].every((char) => char.charCodeAt(0) <= 0xff)

const chunk = (type: string, data: Uint8Array): Uint8Array => {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(Buffer.from(type, "latin1"), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

const textChunk = (keyword: string, text: string): Uint8Array =>
  isLatin1(text)
    ? chunk("tEXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]))
    : // keyword, 0, compression flag 0, method 0, language tag "", 0, translated keyword "", 0, UTF-8 text
      chunk("iTXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, "utf8")]))

const isPng = (png: Uint8Array) => PNG_SIGNATURE.every((byte, i) => png[i] === byte)

/** The PNG with a text chunk inserted after IHDR. */
export const withPngText = (png: Uint8Array, keyword: string, text: string): Uint8Array => {
  if (!isPng(png)) throw new Error("not a PNG")
  const ihdrEnd = 8 + 12 + new DataView(png.buffer, png.byteOffset).getUint32(8)
  return Buffer.concat([png.subarray(0, ihdrEnd), textChunk(keyword, text), png.subarray(ihdrEnd)])
}

/** The text chunks of a PNG (tEXt and uncompressed iTXt), keyword → text; what a PNG Info reader sees. */
export const readPngTexts = (png: Uint8Array): Record<string, string> => {
  if (!isPng(png)) throw new Error("not a PNG")
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const texts: Record<string, string> = {}
  for (let at = 8; at + 12 <= png.length; ) {
    const length = view.getUint32(at)
    const type = Buffer.from(png.subarray(at + 4, at + 8)).toString("latin1")
    const data = Buffer.from(png.subarray(at + 8, at + 8 + length))
    const zero = data.indexOf(0)
    if (type === "tEXt" && zero > 0) texts[data.subarray(0, zero).toString("latin1")] = data.subarray(zero + 1).toString("latin1")
    if (type === "iTXt" && zero > 0 && data[zero + 1] === 0) {
      const languageEnd = data.indexOf(0, zero + 3)
      const translatedEnd = data.indexOf(0, languageEnd + 1)
      texts[data.subarray(0, zero).toString("latin1")] = data.subarray(translatedEnd + 1).toString("utf8")
    }
    if (type === "IEND") break
    at += 12 + length
  }
  return texts
}

/** The PNG without its tEXt/iTXt chunks of `keyword` (so a rewritten text replaces, not repeats, the old one). */
export const withoutPngText = (png: Uint8Array, keyword: string): Uint8Array => {
  if (!isPng(png)) throw new Error("not a PNG")
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const kept: Array<Uint8Array> = [png.subarray(0, 8)]
  const prefix = Buffer.from(`${keyword}\0`, "latin1")
  for (let at = 8; at + 12 <= png.length; ) {
    const length = view.getUint32(at)
    const type = Buffer.from(png.subarray(at + 4, at + 8)).toString("latin1")
    const data = png.subarray(at + 8, at + 8 + prefix.length)
    const isText = (type === "tEXt" || type === "iTXt") && Buffer.from(data).equals(prefix)
    if (!isText) kept.push(png.subarray(at, at + 12 + length))
    at += 12 + length
  }
  return Buffer.concat(kept)
}
