import { EngineError, type MjReferences } from "../imageEnginePort.js"
import { type CallScope, imageMimeOf } from "../remoteEngineCall.js"
import { type MjClient, unsupportedRequestReason } from "./mjClient.js"
import { noReferences, type ReferenceUrls } from "./mjPrompt.js"

/**
 * Where --sref / --cref / --oref images come from. The decision, after reading the proxies' code:
 *
 * - midjourney-proxy's `base64Array` on /mj/submit/imagine only makes IMAGE PROMPTS: the proxy
 *   uploads each data URL to Discord and puts the URLs in front of the text (novicezk's
 *   service/TaskServiceImpl.java submitImagine). There is no field for "this entry is a style
 *   reference", so a reference sent there would be drawn as an image prompt.
 * - In Midjourney a reference is a URL after its flag (`--sref URL`, `--cref URL`, `--oref URL`),
 *   fetched by Midjourney itself from outside, so it must be public.
 * - The open-source proxy has no uploader (controller/SubmitController.java: imagine, simple-change,
 *   change, describe, blend only); `/mj/submit/upload-discord-images` is the plus forks' and the
 *   relays' extra.
 *
 * So references become public URLs, found in this order:
 *  1. `referenceUrls` of the request: the user's own images as Mido's storage origin serves them
 *     (STORAGE_URL/uploads/…, public like a public-read bucket). This is what the server sends.
 *  2. `publishReference` (an MjProxyOptions hook) storing the bytes somewhere public.
 *  3. The plus forks' `POST /mj/submit/upload-discord-images {base64Array}` → `{code: 1, result: [url…]}`.
 *  4. Otherwise (the open-source proxy answers 404) the task is rejected with a clear reason.
 *
 * At submit, referenceRefusal refuses when STORAGE_URL is a loopback or private address while the
 * proxy is not: Midjourney could never fetch it (docs/engines.md "References").
 */
export type PublishReference = (image: Uint8Array) => Promise<string>

export const dataUrlOf = (bytes: Uint8Array): string => `data:${imageMimeOf(bytes)};base64,${Buffer.from(bytes).toString("base64")}`

const unsupported = (detail: string): EngineError =>
  new EngineError("rejected", "当前 MJ 代理不支持上传参考图，无法使用风格、角色或全能参考", detail)

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
  const given = mj.referenceUrls
  const urls =
    given !== undefined && given.style.length + given.character.length + given.omni.length === images.length
      ? [...given.style, ...given.character, ...given.omni]
      : publish === undefined
        ? await uploadThroughProxy(client, scope, images)
        : await publishAll(images, publish)
  const style = mj.styleReference.length
  const character = mj.characterReference.length
  return {
    style: urls.slice(0, style),
    character: urls.slice(style, style + character),
    omni: urls.slice(style + character)
  }
}

/** localhost, loopback, RFC 1918, link-local and unique-local addresses: not reachable from the internet. */
export const isPrivateHost = (hostname: string): boolean => {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase()
  if (host === "localhost" || host.endsWith(".localhost") || host === "0.0.0.0" || host === "::1" || host === "::") return true
  if (/^(fc|fd)[0-9a-f]{2}:/.test(host) || host.startsWith("fe80:")) return true
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)
  if (v4 === null) return false
  const [a, b] = [Number(v4[1]), Number(v4[2])]
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
}

export const UNREACHABLE_REFERENCES = "参考图的地址只在本机或内网可用，Midjourney 无法读取，暂不能使用风格、角色或全能参考（请管理员把 STORAGE_URL 设为公网地址）"

/**
 * The submit-time rule: references are refused when the storage origin is private and the proxy is
 * not. A proxy on the same private network is taken as a test rig or a relay that republishes the
 * images; with a real Discord account the addresses must be public in any case.
 */
export const referenceRefusalFor = (proxyRoot: string) => (storageUrl: string): string | undefined => {
  const storagePrivate = isPrivateHost(new URL(storageUrl).hostname)
  const proxyPrivate = isPrivateHost(new URL(proxyRoot).hostname)
  return storagePrivate && !proxyPrivate ? UNREACHABLE_REFERENCES : undefined
}
