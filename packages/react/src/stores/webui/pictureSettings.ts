import { decodePngTexts, exifUserComment, PictureMessages, type PictureParameters, pictureParametersOf, readPngTextChunks } from "@mido/core/generation"

/** What reading a picture gave: its settings as an infotext, or what to tell the user (PI7). */
export type PictureRead = { readonly ok: true; readonly parameters: PictureParameters } | { readonly ok: false; readonly message: string }

/** PNG's deflated text (zlib format) through the browser's own DecompressionStream: no library needed. */
const inflate = async (deflated: Uint8Array): Promise<Uint8Array> => {
  const stream = new Blob([new Uint8Array(deflated)]).stream().pipeThrough(new DecompressionStream("deflate"))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** The file's bytes; FileReader where Blob.arrayBuffer is missing (older Safari, jsdom). */
const bytesOf = (file: Blob): Promise<ArrayBuffer> =>
  typeof file.arrayBuffer === "function"
    ? file.arrayBuffer()
    : new Promise((resolve, reject) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as ArrayBuffer)
      reader.onerror = () => reject(reader.error ?? new Error("unreadable"))
      reader.readAsArrayBuffer(file)
    })

/**
 * PI1–PI7 (docs/spec/pnginfo.md): the generation settings of a picture the user dropped or pasted on
 * /webui, read here in the browser (the file is never uploaded).
 */
export const readPictureSettings = async (file: Blob): Promise<PictureRead> => {
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(await bytesOf(file))
  } catch {
    return { ok: false, message: PictureMessages.unreadable }
  }
  const chunks = readPngTextChunks(bytes)
  if (chunks === undefined) {
    // PI8: a JPEG or WebP keeps A1111's infotext in its EXIF UserComment
    const comment = exifUserComment(bytes)
    if (comment !== undefined) return { ok: true, parameters: { source: "webui", text: comment } }
    const known = file.type === "image/jpeg" || file.type === "image/webp" || (bytes[0] === 0xff && bytes[1] === 0xd8)
    return { ok: false, message: known ? PictureMessages.noParameters : PictureMessages.notPicture }
  }
  const parameters = pictureParametersOf(await decodePngTexts(chunks, inflate))
  return parameters === undefined ? { ok: false, message: PictureMessages.noParameters } : { ok: true, parameters }
}
