import { createHmac, timingSafeEqual } from "node:crypto"
import { UploadMessages } from "@mido/core"
import { UPLOAD_MAX_BYTES } from "@mido/core/files"
import type { Context } from "hono"
import { bodyLimit } from "hono/body-limit"
import { sniffedContentType, statedContentType } from "./images.js"
import { checkPostedForm, derivedKey, ownerOfKey } from "./ossPolicy.js"
import { isSafeKey, type ObjectStore } from "../../adapters/storage/objectStorePort.js"
import { objectUrl, storeVerified } from "./storedFiles.js"
import { parseImageProcess, resizedKey } from "./imageResize.js"
import type { ServerDeps } from "../../platform/deps.js"
import { Codes } from "../../platform/failure.js"

/**
 * The local storage host's handlers (spec §7 "Files"): POST /storage takes Aliyun OSS PostObject forms
 * signed by oss_token and checks them like OSS would (R18) plus the magic bytes (R19); GET /uploads/<key>
 * (and /storage/<key>, the address the core's direct upload computes) serves stored images (R20).
 * They run on the storage origin only (storageOrigin.ts), never on the app's.
 */

/** The form around a 15 MB file: a little room for the other fields and the multipart framing. */
export const FORM_LIMIT_BYTES = UPLOAD_MAX_BYTES + 64 * 1024
export const DOWNLOAD_LINK_TTL_SECONDS = 300
const YEAR_SECONDS = 31_536_000

/** The API bodies that carry a file are capped before they are read: an envelope, like every API answer. */
export const apiBodyLimit = bodyLimit({
  maxSize: FORM_LIMIT_BYTES,
  onError: (hono) => hono.json({ code: Codes.badInput, msg: UploadMessages.tooLarge(15), data: null })
})

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** OSS answers errors as XML with a status ≠ 2xx; the core's direct upload treats any status but 200 as refused. */
export const ossError = (hono: Context, status: 400 | 403 | 404 | 409 | 500, code: string, message: string) => {
  hono.header("Content-Type", "application/xml; charset=utf-8")
  return hono.body(`<?xml version="1.0" encoding="UTF-8"?>\n<Error>\n  <Code>${code}</Code>\n  <Message>${escapeXml(message)}</Message>\n</Error>\n`, status)
}

interface ReadForm {
  readonly fields: ReadonlyMap<string, string>
  readonly file: File | undefined
}

/** Fields in order, names case-insensitive as in OSS; anything after the file is ignored. */
const readForm = async (hono: Context): Promise<ReadForm | undefined> => {
  let form: FormData
  try {
    form = await hono.req.formData()
  } catch {
    return undefined
  }
  const fields = new Map<string, string>()
  for (const [name, value] of form.entries()) {
    const lower = name.toLowerCase()
    if (lower === "file") return typeof value === "string" ? { fields, file: undefined } : { fields, file: value }
    if (typeof value === "string" && !fields.has(lower)) fields.set(lower, value)
  }
  return { fields, file: undefined }
}

const successStatus = (hono: Context, requested: string | undefined, key: string) => {
  if (requested === "200") return hono.body(null, 200)
  if (requested === "201") {
    hono.header("Content-Type", "application/xml; charset=utf-8")
    return hono.body(`<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse>\n  <Key>${escapeXml(key)}</Key>\n</PostResponse>\n`, 201)
  }
  return hono.body(null, 204)
}

export const postObject = (deps: ServerDeps, store: ObjectStore) => async (hono: Context) => {
  const form = await readForm(hono)
  if (form === undefined) return ossError(hono, 400, "MalformedPOSTRequest", "The body of your POST request is not well-formed multipart/form-data.")
  const key = form.fields.get("key") ?? ""
  const file = form.file
  if (file === undefined) return ossError(hono, 400, "InvalidArgument", "The file field is missing.")
  if (!isSafeKey(key)) return ossError(hono, 400, "InvalidObjectName", "The specified object name is not valid.")
  const bytes = new Uint8Array(await file.arrayBuffer())
  const stated = statedContentType(form.fields.get("content-type") || file.type) || sniffedContentType(bytes)
  const now = deps.now()
  const refusal = checkPostedForm(deps.config.secret, {
    key,
    policy: form.fields.get("policy") ?? "",
    accessKeyId: form.fields.get("ossaccesskeyid") ?? "",
    signature: form.fields.get("signature") ?? "",
    contentType: stated,
    size: bytes.byteLength
  }, now)
  if (refusal !== undefined) {
    deps.log.warn("storage post refused", { code: refusal.code, key })
    return ossError(hono, refusal.status, refusal.code, refusal.message)
  }
  const uid = ownerOfKey(key)
  if (uid === undefined) return ossError(hono, 403, "AccessDenied", "The key is outside every user directory.")
  let outcome: Awaited<ReturnType<typeof storeVerified>>
  try {
    outcome = await storeVerified(deps.db, store, { uid, key, bytes, contentType: stated, now })
  } catch (error) {
    deps.log.error("storage post failed", { key, error: error instanceof Error ? error.message : String(error) })
    return ossError(hono, 500, "InternalError", "We encountered an internal error. Please try again.")
  }
  if (outcome.refused !== undefined) {
    deps.log.warn("storage post refused", { refused: outcome.refused, key, reason: "reason" in outcome ? outcome.reason : undefined })
    if (outcome.refused === "exists") return ossError(hono, 409, "FileAlreadyExists", "The object you specified already exists and can not be overwritten.")
    if (outcome.refused === "quota") return ossError(hono, 403, "QuotaExceeded", outcome.message)
    return ossError(hono, 400, outcome.refused === "size" ? "EntityTooLarge" : "InvalidObjectContent", outcome.message)
  }
  return successStatus(hono, form.fields.get("success_action_status"), key)
}

/** The download link's signature: its own derived key, over the key and the expiry. */
const downloadSignature = (secret: string, key: string, expires: number) =>
  createHmac("sha256", derivedKey(secret, "download-link")).update(`${key}\n${expires}`).digest("base64url")

/**
 * A short-lived address that serves one object as an attachment (file/download). Always the storage
 * origin's, also with an S3 bucket (whose public base serves inline only): that origin reads the
 * object through the store, checks the signature and answers with Content-Disposition: attachment.
 */
export const downloadLink = (config: { readonly storageUrl: string; readonly secret: string }, key: string, now: Date) => {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_TTL_SECONDS
  const url = `${objectUrl({ storageUrl: config.storageUrl }, key)}?download=1&expires=${expires}&sig=${downloadSignature(config.secret, key, expires)}`
  return { url, file_name: key.slice(key.lastIndexOf("/") + 1), expire_in: DOWNLOAD_LINK_TTL_SECONDS }
}

const validDownload = (deps: ServerDeps, key: string, expires: string | undefined, sig: string | undefined) => {
  const at = Number(expires)
  if (!Number.isInteger(at) || at * 1000 <= deps.now().getTime() || sig === undefined) return false
  const expected = Buffer.from(downloadSignature(deps.config.secret, key, at))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The key of /uploads/<key> or /storage/<key>, from the raw path, decoded once; undefined when unsafe (R20). */
const keyOfPath = (hono: Context): string | undefined => {
  const path = new URL(hono.req.url).pathname
  const raw = path.replace(/^\/(?:uploads|storage)\//, "")
  try {
    const key = decodeURIComponent(raw)
    return isSafeKey(key) ? key : undefined
  } catch {
    return undefined
  }
}

/**
 * R20: only images leave storage: the type comes from the magic bytes (nothing else is served), with
 * nosniff, inline (or attachment for a signed download link), a sandboxing CSP and a year of caching
 * (objects are immutable). Paths never leave the upload directory: unsafe keys are refused first.
 */
export const getObject = (deps: ServerDeps, store: ObjectStore) => async (hono: Context) => {
  const key = keyOfPath(hono)
  if (key === undefined) return ossError(hono, 400, "InvalidObjectName", "The specified object name is not valid.")
  const download = hono.req.query("download") !== undefined
  if (download && !validDownload(deps, key, hono.req.query("expires"), hono.req.query("sig"))) {
    return ossError(hono, 403, "AccessDenied", "Request has expired or its signature does not match.")
  }
  const process = hono.req.query("x-oss-process")
  if (process !== undefined && !download) {
    // a card-sized copy (imageResize.ts): served as the object it is kept as, with the same headers
    const resize = parseImageProcess(process)
    if ("refused" in resize) return ossError(hono, 400, "InvalidArgument", resize.refused)
    const resized = await resizedKey(store, key, resize.width)
    if (resized === undefined) return ossError(hono, 404, "NoSuchKey", "The specified key does not exist.")
    return serveObject(hono, store, resized, false)
  }
  return serveObject(hono, store, key, download)
}

const serveObject = async (hono: Context, store: ObjectStore, key: string, download: boolean) => {
  const start = await store.readStart(key, 8)
  const contentType = start === undefined ? "" : sniffedContentType(start)
  if (contentType === "") return ossError(hono, 404, "NoSuchKey", "The specified key does not exist.")
  const head = await store.head(key)
  if (head === undefined) return ossError(hono, 404, "NoSuchKey", "The specified key does not exist.")
  hono.header("Content-Type", contentType)
  hono.header("Content-Length", String(head.size))
  hono.header("X-Content-Type-Options", "nosniff")
  hono.header("Content-Security-Policy", "default-src 'none'; sandbox")
  hono.header("Access-Control-Allow-Origin", "*")
  hono.header("Cross-Origin-Resource-Policy", "cross-origin")
  if (download) {
    hono.header("Content-Disposition", `attachment; filename="${key.slice(key.lastIndexOf("/") + 1)}"`)
    hono.header("Cache-Control", "private, no-store")
  } else {
    hono.header("Content-Disposition", "inline")
    hono.header("Cache-Control", `public, max-age=${YEAR_SECONDS}, immutable`)
  }
  if (hono.req.method === "HEAD") return hono.body(null, 200)
  return hono.body(store.stream(key), 200)
}
