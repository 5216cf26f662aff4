import { EngineError, type MjReferences } from "../imageEnginePort.js"
import { type CallScope, imageMimeOf } from "../remoteEngineCall.js"
import { type MjClient, unsupportedRequestReason } from "./mjClient.js"
import { noReferences, type ReferenceUrls } from "./mjPrompt.js"

/**
 * Where --sref / --cref / --oref images come from. The decision, after reading the proxies' code:
 *
 * - midjourney-proxy's `base64Array` on /mj/submit/imagine only makes IMAGE PROMPTS: the proxy
 *   uploads each data URL to Discord and puts the URLs in front of the text (novicezk's
 *   TaskServiceImpl.submitImagine; trueai-org's build does the same). There is no field and no
 *   index convention for "this entry is a style reference", so a reference sent there would be
 *   drawn as an image prompt, which is not what the user asked for.
 * - In Midjourney a reference is a URL after its flag (`--sref URL`, `--cref URL`, `--oref URL`),
 *   fetched by Midjourney itself, so it must be public.
 *
 * So references become public URLs, found in this order:
 *  1. `publishReference` (an MjProxyOptions hook): the composition root stores the bytes with the
 *     storage port and returns their public URL (Mido's storage URLs are public).
 *  2. Otherwise the proxy's own uploader, `POST /mj/submit/upload-discord-images {base64Array}` →
 *     `{code: 1, result: [url…]}`, offered by the plus forks and by new-api / one-api relays.
 *  3. Otherwise (the open-source proxy answers 404) the task is rejected with a clear reason
 *     instead of silently dropping the references.
 */
export type PublishReference = (image: Uint8Array) => Promise<string>

export const dataUrlOf = (bytes: Uint8Array): string => `data:${imageMimeOf(bytes)};base64,${Buffer.from(bytes).toString("base64")}`

const unsupported = (detail: string): EngineError =>
  new EngineError("rejected", "当前 MJ 代理不支持上传参考图，无法使用风格、角色或万物参考", detail)

const uploadThroughProxy = async (client: MjClient, scope: CallScope, images: ReadonlyArray<Uint8Array>): Promise<ReadonlyArray<string>> => {
  let answer
  try {
    answer = await client.post(scope, "submit/upload-discord-images", { base64Array: images.map(dataUrlOf) })
  } catch (error) {
    // the open-source proxy has no such route; anything else (auth, 5xx, the signals) passes on
    if (error instanceof EngineError && error.reason === unsupportedRequestReason) throw unsupported(error.detail ?? "")
    throw error
  }
  const urls = answer.result
  if (answer.code !== 1 || !Array.isArray(urls) || urls.length !== images.length || !urls.every((url) => typeof url === "string")) {
    throw unsupported(`upload-discord-images answered code ${answer.code}`)
  }
  return urls as ReadonlyArray<string>
}

const publishAll = async (images: ReadonlyArray<Uint8Array>, publish: PublishReference): Promise<ReadonlyArray<string>> => {
  try {
    return await Promise.all(images.map(publish))
  } catch (error) {
    throw new EngineError("transient", "参考图上传失败", error instanceof Error ? error.message : String(error))
  }
}

/** The public URLs of every reference image of the request, in the order of MjReferences. */
export const referenceUrlsOf = async (
  mj: MjReferences | undefined,
  client: MjClient,
  scope: CallScope,
  publish: PublishReference | undefined
): Promise<ReferenceUrls> => {
  if (mj === undefined) return noReferences
  const images = [...mj.styleReference, ...mj.characterReference, ...mj.omniReference]
  if (images.length === 0) return noReferences
  const urls = publish === undefined ? await uploadThroughProxy(client, scope, images) : await publishAll(images, publish)
  const style = mj.styleReference.length
  const character = mj.characterReference.length
  return {
    style: urls.slice(0, style),
    character: urls.slice(style, style + character),
    omni: urls.slice(style + character)
  }
}
