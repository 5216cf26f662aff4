import { createHash, randomBytes } from "node:crypto"
import { UploadMessages } from "@mido/core"
import { MULTIPART_MAX_PARTS, UPLOAD_MAX_BYTES, uploadImageKind } from "@mido/core/files"
import { Api } from "@mido/core/contract"
import { and, count, eq, gt, lte } from "drizzle-orm"
import type { Hono } from "hono"
import type { Db } from "../../db/database.js"
import { multipartParts, multipartUploads } from "../../db/schema/files.js"
import { checkImageBytes } from "./images.js"
import type { ObjectStore } from "../../adapters/storage/objectStorePort.js"
import { newUserKey, recordFile, toStoredFile, UPLOAD_QUOTA_USED, uploadQuotaWait } from "./storedFiles.js"
import { implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput, notFound, tooMany } from "../../platform/failure.js"
import { apiBodyLimit } from "./storageHandlers.js"

/**
 * R21 multipart uploads through the API: init (the server picks key and part size), parts (stored in
 * a temp area by upload id), complete (parts joined in order, size and magic bytes checked, R19, then
 * recorded), abort. Every call finds the upload by id AND caller, so another user's upload_id is
 * simply not found (R11). Uploads left open for 24 h are garbage: `sweepExpiredUploads`.
 */

export const MULTIPART_TTL_MS = 24 * 3_600_000
/** Parts are at least 1 MiB (except the last), and at most 16 of them. */
export const MIN_PART_BYTES = 1024 * 1024
/** Open uploads one user may have at a time. */
export const MAX_OPEN_UPLOADS = 10
const EXPIRED = "上传已失效，请重新上传"

export const partPlan = (fileSize: number) => {
  const partSize = Math.max(MIN_PART_BYTES, Math.ceil(fileSize / MULTIPART_MAX_PARTS))
  return { partSize, partCount: Math.ceil(fileSize / partSize) }
}

/** Drops uploads open past their expiry, rows and parts; safe to run from several processes at once. */
export const sweepExpiredUploads = async (db: Db, store: ObjectStore, now: Date): Promise<number> => {
  const gone = await db.delete(multipartUploads).where(lte(multipartUploads.expiresAt, now)).returning({ uploadId: multipartUploads.uploadId })
  for (const { uploadId } of gone) await store.dropParts(uploadId)
  return gone.length
}

/** The caller's open upload, or not found: another user's id and an expired one look the same (R11). */
const openUpload = async (db: Db, uid: number, uploadId: string, now: Date) => {
  const [upload] = await db.select().from(multipartUploads)
    .where(and(eq(multipartUploads.uploadId, uploadId), eq(multipartUploads.uid, uid), gt(multipartUploads.expiresAt, now))).limit(1)
  if (upload === undefined) throw notFound(EXPIRED)
  return upload
}

const expectedPartSize = (upload: typeof multipartUploads.$inferSelect, partNumber: number) =>
  partNumber < upload.partCount ? upload.partSize : upload.fileSize - (upload.partCount - 1) * upload.partSize

export const registerMultipart = (app: Hono, deps: ServerDeps, store: ObjectStore) => {
  implementAuthed(app, deps, Api.file.multipartInit, async (input, { uid }) => {
    const now = deps.now()
    await sweepExpiredUploads(deps.db, store, now)
    if (uploadImageKind({ name: input.file_name, type: input.content_type }) === undefined) throw badInput(UploadMessages.wrongType)
    if (input.file_size > UPLOAD_MAX_BYTES) throw badInput(UploadMessages.tooLarge(15))
    const [open] = await deps.db.select({ n: count() }).from(multipartUploads).where(eq(multipartUploads.uid, uid))
    if ((open?.n ?? 0) >= MAX_OPEN_UPLOADS) throw tooMany("进行中的上传太多，请稍后再试")
    const quotaWait = await uploadQuotaWait(deps.db, uid, input.file_size, now)
    if (quotaWait !== undefined) throw tooMany(UPLOAD_QUOTA_USED, quotaWait)
    const { partSize, partCount } = partPlan(input.file_size)
    const uploadId = `mpu_${randomBytes(18).toString("base64url")}`
    const key = newUserKey(uid, now, input.content_type === "image/png" ? "png" : "jpg")
    const expiresAt = new Date(now.getTime() + MULTIPART_TTL_MS)
    await deps.db.insert(multipartUploads).values({
      uploadId, uid, key, contentType: input.content_type, fileSize: input.file_size, partSize, partCount,
      scene: input.scene ?? null, name: input.file_name, createdAt: now, expiresAt
    })
    return { upload_id: uploadId, key, part_size: partSize, part_count: partCount, expire_at: Math.floor(expiresAt.getTime() / 1000) }
  })

  app.use(Api.file.multipartPart.path, apiBodyLimit)
  implementAuthed(app, deps, Api.file.multipartPart, async (input, { uid }) => {
    const upload = await openUpload(deps.db, uid, input.upload_id, deps.now())
    if (input.part_number > upload.partCount) throw badInput(`分片序号超出范围（共 ${upload.partCount} 片）`)
    const bytes = new Uint8Array(await input.file.arrayBuffer())
    if (bytes.byteLength !== expectedPartSize(upload, input.part_number)) throw badInput("分片大小与上传计划不符")
    const etag = `"${createHash("md5").update(bytes).digest("hex")}"`
    await store.putPart(upload.uploadId, input.part_number, bytes)
    await deps.db.insert(multipartParts).values({ uploadId: upload.uploadId, partNumber: input.part_number, size: bytes.byteLength, etag, createdAt: deps.now() })
      .onConflictDoUpdate({ target: [multipartParts.uploadId, multipartParts.partNumber], set: { size: bytes.byteLength, etag } })
    return { part_number: input.part_number, etag, size: bytes.byteLength }
  })

  implementAuthed(app, deps, Api.file.multipartAbort, async (input, { uid }) => {
    const gone = await deps.db.delete(multipartUploads)
      .where(and(eq(multipartUploads.uploadId, input.upload_id), eq(multipartUploads.uid, uid))).returning({ uploadId: multipartUploads.uploadId })
    if (gone.length === 0) throw notFound(EXPIRED)
    await store.dropParts(input.upload_id)
    return { success: true }
  })

  /**
   * Every part once, as the part calls answered; the total equals the planned size (≤ 15 MB). The
   * upload is claimed (its row deleted) before joining, so two completes cannot both record it; a
   * join that fails R19 is deleted with its parts and nothing is recorded.
   */
  implementAuthed(app, deps, Api.file.multipartComplete, async (input, { uid }) => {
    const now = deps.now()
    const upload = await openUpload(deps.db, uid, input.upload_id, now)
    const received = await deps.db.select().from(multipartParts).where(eq(multipartParts.uploadId, upload.uploadId))
    const byNumber = new Map(received.map((part) => [part.partNumber, part]))
    if (input.parts.length !== upload.partCount) throw badInput(`分片不完整（需要 ${upload.partCount} 片）`)
    for (const part of input.parts) {
      if (byNumber.get(part.part_number)?.etag !== part.etag) throw badInput(`第 ${part.part_number} 片未上传或已变化，请重新上传`)
    }
    const total = received.reduce((sum, part) => sum + part.size, 0)
    if (total !== upload.fileSize || total > UPLOAD_MAX_BYTES) throw badInput(total > UPLOAD_MAX_BYTES ? UploadMessages.tooLarge(15) : "分片大小与上传计划不符")
    const claimed = await deps.db.delete(multipartUploads)
      .where(and(eq(multipartUploads.uploadId, upload.uploadId), eq(multipartUploads.uid, uid))).returning({ uploadId: multipartUploads.uploadId })
    if (claimed.length === 0) throw notFound(EXPIRED)
    try {
      if (!(await store.assemble(upload.uploadId, upload.partCount, upload.key))) throw badInput("文件已存在，请重新上传")
      const bytes = (await store.read(upload.key))!
      const check = checkImageBytes(bytes, upload.contentType)
      if (bytes.byteLength !== upload.fileSize || !check.ok) {
        deps.log.warn("multipart upload refused and deleted", { uid, key: upload.key, reason: check.ok ? "size" : check.reason })
        await store.delete(upload.key)
        throw badInput(check.ok ? "分片大小与上传计划不符" : check.message)
      }
      const row = await recordFile(deps.db, { uid, key: upload.key, scene: upload.scene ?? undefined, name: upload.name ?? undefined, now }, bytes.byteLength, check.image)
      return toStoredFile(deps.config, row)
    } finally {
      await store.dropParts(upload.uploadId)
    }
  })
}
