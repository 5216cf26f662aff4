import { decodePngTexts, exifUserComment, pictureParametersOf, readPngTextChunks } from "@mido/core/generation"
import { inflate } from "node:zlib"
import { promisify } from "node:util"
import { type AigcAttribute, attributeOf } from "./aigcRecord.js"
import { readAigcOf } from "./labelImage.js"

const inflated = promisify(inflate)

/**
 * AL9 (《标识办法》 第六条: a platform that spreads content checks its metadata for a label): the AIGC
 * attribute of an uploaded image. Its own record's Label first (1, 2 or 3 as the file says); without
 * one, 3 (疑似) when the file's metadata shows a generator — an A1111 `parameters` infotext, a ComfyUI
 * `prompt`/`workflow` graph (read as the web app's PNG Info reads them, core's pictureParametersOf), an
 * EXIF UserComment infotext of a WebUI JPEG — or when the uploader says it is AI-made (本作品由AI生成);
 * else null: no notice.
 */
export const uploadAttribute = async (bytes: Uint8Array, declared: boolean): Promise<AigcAttribute | null> => {
  const record = await readAigcOf(bytes).catch(() => undefined)
  if (record !== undefined) return attributeOf(record)
  if (declared || (await hasGeneratorMetadata(bytes))) return 3
  return null
}

const hasGeneratorMetadata = async (bytes: Uint8Array): Promise<boolean> => {
  const chunks = readPngTextChunks(bytes)
  if (chunks !== undefined) {
    const texts = await decodePngTexts(chunks, async (deflated) => new Uint8Array(await inflated(deflated)))
    return pictureParametersOf(texts) !== undefined
  }
  const comment = exifUserComment(bytes)
  return comment !== undefined && pictureParametersOf({ parameters: comment }) !== undefined
}
