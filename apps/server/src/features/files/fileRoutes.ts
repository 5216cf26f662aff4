import { UploadMessages } from "@mido/core"
import { UPLOAD_MAX_BYTES } from "@mido/core/files"
import { Api } from "@mido/core/contract"
import { and, count, eq, gt, lt, min } from "drizzle-orm"
import type { Hono } from "hono"
import { files, uploadPolicyIssues } from "../../db/schema/files.js"
import { checkImageBytes, contentTypeOfName, makeThumbnail, statedContentType } from "./images.js"
import { isUserKey, issueCredential, issueDirectCredential, OSS_IMAGE_UPLOAD_TYPE } from "./ossPolicy.js"
import type { ObjectStore } from "../../adapters/storage/objectStorePort.js"
import { newUserKey, objectBaseUrl, objectUrl, ownedFile, recordFile, storeVerified, type StoreOutcome, toStoredFile } from "./storedFiles.js"
import { implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ApiFailure, badInput, Codes, notFound, tooMany } from "../../platform/failure.js"
import { registerMultipart } from "./filesMultipart.js"
import { apiBodyLimit, downloadLink } from "./storageHandlers.js"
import { registerUploadRedirects } from "./storageOrigin.js"

/** R18/R37: upload policies one user may take in an hour. */
export const UPLOAD_POLICIES_PER_HOUR = 60
const HOUR_MS = 3_600_000
/** The default thumbnail width of spec §9. */
const DEFAULT_SNAPSHOT_WIDTH = 70

/** Refusals of the storing path as API failures: the message is the user's, nothing was written. */
export const failStore = (outcome: Exclude<StoreOutcome, { refused?: undefined }>): never => {
  if (outcome.refused === "quota") throw tooMany(outcome.message, outcome.retryAfterSeconds)
  if (outcome.refused === "exists") throw new ApiFailure(Codes.conflict, "文件已存在，请重新上传")
  throw badInput(outcome.message)
}

/** R37: at most 60 policies an hour; the row is written first, so concurrent requests fail closed. */
const limitPolicies = async (deps: ServerDeps, uid: number, now: Date): Promise<number | undefined> => {
  const since = new Date(now.getTime() - HOUR_MS)
  await deps.db.delete(uploadPolicyIssues).where(and(eq(uploadPolicyIssues.uid, uid), lt(uploadPolicyIssues.issuedAt, since)))
  const [issued] = await deps.db.insert(uploadPolicyIssues).values({ uid, issuedAt: now }).returning({ id: uploadPolicyIssues.id })
  const [window] = await deps.db.select({ n: count(), oldest: min(uploadPolicyIssues.issuedAt) }).from(uploadPolicyIssues)
    .where(and(eq(uploadPolicyIssues.uid, uid), gt(uploadPolicyIssues.issuedAt, since)))
  if ((window?.n ?? 0) <= UPLOAD_POLICIES_PER_HOUR) return undefined
  await deps.db.delete(uploadPolicyIssues).where(eq(uploadPolicyIssues.id, issued!.id))
  const oldest = window?.oldest ? new Date(window.oldest).getTime() : now.getTime()
  return Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000))
}

/** The stored bytes of a key the caller owns and had verified, or a not-found failure (R11). */
const ownedRow = async (deps: ServerDeps, store: ObjectStore, uid: number, key: string) => {
  const row = await ownedFile(deps.db, uid, key)
  if (row === undefined || (await store.head(key)) === undefined) throw notFound("文件不存在")
  return row
}

/** A thumbnail object per key and width, made once with sharp and then served like any object. */
const snapshot = async (deps: ServerDeps, store: ObjectStore, key: string, width: number, contentType: "image/png" | "image/jpeg") => {
  const thumbKey = `t/${width}/${key}`
  const existing = await store.read(thumbKey)
  const made = existing === undefined ? await makeThumbnail((await store.read(key))!, width, contentType) : undefined
  if (made !== undefined) await store.create(thumbKey, made.bytes)
  const check = checkImageBytes(made?.bytes ?? existing!, contentType)
  if (!check.ok) throw new Error(`thumbnail ${thumbKey} is not an image: ${check.reason}`)
  return { url: objectUrl(deps.config, thumbKey), width: check.image.width, height: check.image.height }
}

/**
 * Spec §7 "Files" on the app origin: base/upload, oss_token, file create, snapshot, download, multipart.
 * The storage host itself is another origin (storageOrigin.ts, R20); here old upload addresses redirect to it.
 */
export const registerFiles = (app: Hono, deps: ServerDeps) => {
  const store = deps.objectStore
  registerUploadRedirects(app, deps)

  app.use(Api.file.upload.path, apiBodyLimit)
  implementAuthed(app, deps, Api.file.upload, async (input, { uid }) => {
    const now = deps.now()
    const bytes = new Uint8Array(await input.file.arrayBuffer())
    const name = "name" in input.file && typeof input.file.name === "string" ? input.file.name : ""
    const declared = statedContentType(input.file.type) || contentTypeOfName(name)
    const check = checkImageBytes(bytes, declared)
    if (!check.ok) {
      deps.log.warn("upload refused", { uid, reason: check.reason })
      throw badInput(check.message)
    }
    const key = newUserKey(uid, now, check.image.ext)
    const outcome = await storeVerified(deps.db, store, { uid, key, bytes, contentType: declared, scene: input.scene, now })
    if (outcome.refused !== undefined) return failStore(outcome)
    return { url: objectUrl(deps.config, key), key }
  })

  implementAuthed(app, deps, Api.file.ossToken, async (input, { uid }) => {
    if (input.type !== OSS_IMAGE_UPLOAD_TYPE) throw badInput(`${UploadMessages.tokenFailed}：不支持的上传类型`)
    const now = deps.now()
    const retryAfter = await limitPolicies(deps, uid, now)
    if (retryAfter !== undefined) throw tooMany("上传太频繁，请稍后再试", retryAfter)
    if (store.directPost !== undefined) {
      const publicUrl = objectBaseUrl(deps.config).replace(/\/$/, "")
      return issueDirectCredential({ directPost: store.directPost, publicUrl, uid, contentType: input.content_type ?? "image/jpeg", now }).catch((error: unknown) => {
        deps.log.error("upload policy not signed", { uid, error: error instanceof Error ? error.name : String(error) })
        throw new ApiFailure(Codes.server, UploadMessages.tokenFailed)
      })
    }
    return issueCredential({ secret: deps.config.secret, storageUrl: deps.config.storageUrl, uid, now })
  })

  /**
   * R19 before a key is used: the caller's tree only, a HEAD (≤ 15 MB), the bytes (PNG or JPEG
   * matching the key's extension, ≤ 8192 px a side); otherwise the object is deleted. Fails closed
   * when storage cannot be read (R42). An already recorded key answers its row (idempotent).
   */
  implementAuthed(app, deps, Api.file.fileCreate, async (input, { uid }) => {
    if (!isUserKey(uid, input.key)) throw notFound("文件不存在")
    const [recorded] = await deps.db.select().from(files).where(eq(files.key, input.key)).limit(1)
    if (recorded !== undefined) {
      if (recorded.uid !== uid) throw notFound("文件不存在")
      const changes = { ...(input.scene ? { scene: input.scene } : {}), ...(input.name ? { name: input.name } : {}) }
      if (Object.keys(changes).length === 0) return toStoredFile(deps.config, recorded)
      const [updated] = await deps.db.update(files).set(changes).where(eq(files.id, recorded.id)).returning()
      return toStoredFile(deps.config, updated!)
    }
    const head = await store.head(input.key).catch(() => {
      throw new ApiFailure(Codes.server, "存储服务暂不可用，请稍后再试")
    })
    if (head === undefined) throw notFound("文件不存在，请重新上传")
    const refuse = async (message: string, reason: string): Promise<never> => {
      deps.log.warn("stored object refused and deleted", { uid, key: input.key, reason })
      await store.delete(input.key)
      throw badInput(message)
    }
    if (head.size < 1 || head.size > UPLOAD_MAX_BYTES) return refuse(UploadMessages.tooLarge(15), "size")
    const bytes = await store.read(input.key).catch(() => {
      throw new ApiFailure(Codes.server, "存储服务暂不可用，请稍后再试")
    })
    if (bytes === undefined) throw notFound("文件不存在，请重新上传")
    const check = checkImageBytes(bytes, contentTypeOfName(input.key))
    if (!check.ok) return refuse(check.message, check.reason)
    const row = await recordFile(deps.db, { uid, key: input.key, scene: input.scene, name: input.name, now: deps.now() }, bytes.byteLength, check.image)
    return toStoredFile(deps.config, row)
  })

  implementAuthed(app, deps, Api.file.snapshot, async (input, { uid }) => {
    const row = await ownedRow(deps, store, uid, input.key)
    return snapshot(deps, store, row.key, input.width ?? DEFAULT_SNAPSHOT_WIDTH, row.contentType)
  })

  implementAuthed(app, deps, Api.file.download, async (input, { uid }) => {
    const row = await ownedRow(deps, store, uid, input.key)
    return downloadLink(deps.config, row.key, deps.now())
  })

  registerMultipart(app, deps, store)
}
