import { randomBytes } from "node:crypto"
import { UploadMessages } from "@mido/core"
import { storageFileName, type StoredFile, UPLOAD_MAX_BYTES } from "@mido/core/files"
import { and, eq, gt, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { files } from "../../db/schema/files.js"
import { checkImageBytes, type ImageFacts } from "./images.js"
import { isUserKey, userUploadDir } from "./ossPolicy.js"
import type { ObjectStore } from "../../adapters/storage/objectStorePort.js"
import { rollingBudgetWait } from "../../platform/rateWait.js"

/** R37: bytes one user may store in 24 hours, over every upload path. */
export const DAILY_UPLOAD_QUOTA_BYTES = 500 * 1024 * 1024
export const UPLOAD_QUOTA_USED = "今日上传额度已用完，请明天再试"

/** Where stored objects are public: the S3 bucket's public base (S3_PUBLIC_URL), or the storage origin's /uploads/. */
export type ObjectUrlConfig = { readonly storageUrl: string; readonly s3?: { readonly publicUrl: string } | undefined }

/** The prefix every public object address starts with, ending in "/": what is left after it is the key. */
export const objectBaseUrl = (config: ObjectUrlConfig): string =>
  config.s3 === undefined ? `${config.storageUrl}/uploads/` : `${config.s3.publicUrl}/`

/** The public address of a stored object: on the storage origin or the bucket's public base, never the app's (R20). */
export const objectUrl = (config: ObjectUrlConfig, key: string): string => `${objectBaseUrl(config)}${key}`

/** A new key in the user's directory: the time-and-random name of spec §7 with the verified extension. */
export const newUserKey = (uid: number, now: Date, ext: "png" | "jpg"): string =>
  `${userUploadDir(uid, now)}${storageFileName({ now: now.getTime(), random: randomBytes(8).toString("hex"), fileName: `image.${ext}` })}`

export type FileRow = typeof files.$inferSelect

export const toStoredFile = (config: ObjectUrlConfig, row: FileRow): StoredFile => ({
  id: row.id,
  key: row.key,
  url: objectUrl(config, row.key),
  size: row.size,
  width: row.width,
  height: row.height,
  content_type: row.contentType
})

/**
 * R37 daily upload bytes (rolling 24 h): undefined when `size` more bytes fit the user's quota, else
 * the seconds until enough of the last day's files are a day old that they fit (Retry-After).
 */
export const uploadQuotaWait = async (db: Db, uid: number, size: number, now: Date): Promise<number | undefined> => {
  const lastDay = and(eq(files.uid, uid), gt(files.createdAt, new Date(now.getTime() - 86_400_000)))
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${files.size}), 0)::bigint` }).from(files).where(lastDay)
  if (Number(row?.total ?? 0) + size <= DAILY_UPLOAD_QUOTA_BYTES) return undefined
  // refused: only then the day's files, to say when enough of them are a day old
  const stored = await db.select({ at: files.createdAt, amount: files.size }).from(files).where(lastDay)
  return rollingBudgetWait(stored, size, DAILY_UPLOAD_QUOTA_BYTES, 86_400_000, now) || 86_400
}

export type StoreRefusal =
  | { readonly refused: "image"; readonly reason: string; readonly message: string }
  | { readonly refused: "quota"; readonly message: string; readonly retryAfterSeconds: number }
  | { readonly refused: "size" | "exists"; readonly message: string }

export type StoreOutcome = { readonly refused?: undefined; readonly row: FileRow } | StoreRefusal

export interface VerifiedUpload {
  readonly uid: number
  readonly key: string
  readonly bytes: Uint8Array
  /** The declared type; undefined stands for what the bytes show. */
  readonly contentType: string | undefined
  readonly scene?: string | undefined
  readonly name?: string | undefined
  readonly now: Date
}

/** Writes the files row of an object already checked; a duplicate key answers the existing row. */
export const recordFile = async (db: Db, upload: Omit<VerifiedUpload, "bytes" | "contentType">, size: number, image: ImageFacts): Promise<FileRow> => {
  const [row] = await db.insert(files).values({
    key: upload.key,
    uid: upload.uid,
    size,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    scene: upload.scene ?? null,
    name: upload.name ?? null,
    createdAt: upload.now
  }).onConflictDoNothing({ target: files.key }).returning()
  if (row !== undefined) return row
  const [existing] = await db.select().from(files).where(eq(files.key, upload.key)).limit(1)
  if (existing === undefined) throw new Error(`files row of ${upload.key} vanished`)
  return existing
}

/**
 * The one way bytes become a stored file (base/upload, the storage endpoint): size, daily quota,
 * magic bytes and dimensions (R19), then the object, then its row. Nothing is written when a check
 * fails; the object is removed again when its row cannot be written.
 */
export const storeVerified = async (db: Db, store: ObjectStore, upload: VerifiedUpload): Promise<StoreOutcome> => {
  const size = upload.bytes.byteLength
  if (size < 1 || size > UPLOAD_MAX_BYTES) return { refused: "size", message: UploadMessages.tooLarge(15) }
  const check = checkImageBytes(upload.bytes, upload.contentType)
  if (!check.ok) return { refused: "image", reason: check.reason, message: check.message }
  const quotaWait = await uploadQuotaWait(db, upload.uid, size, upload.now)
  if (quotaWait !== undefined) return { refused: "quota", message: UPLOAD_QUOTA_USED, retryAfterSeconds: quotaWait }
  if (!(await store.create(upload.key, upload.bytes))) return { refused: "exists", message: "文件已存在" }
  try {
    return { row: await recordFile(db, upload, size, check.image) }
  } catch (error) {
    await store.delete(upload.key).catch(() => undefined)
    throw error
  }
}

/** The files row of a key in the user's own tree, or undefined (another user's key included, R11). */
export const ownedFile = async (db: Db, uid: number, key: string): Promise<FileRow | undefined> => {
  if (!isUserKey(uid, key)) return undefined
  const [row] = await db.select().from(files).where(and(eq(files.key, key), eq(files.uid, uid))).limit(1)
  return row
}

/**
 * For other modules (artwork upload, avatar, generation input), R19: the verified file behind a key
 * the caller owns, with its public url and size, or undefined when the key is not theirs, was never
 * verified, or its object is gone. The HEAD throws when storage cannot answer: callers fail closed (R42).
 */
export const requireOwnedImage = async (
  deps: { readonly db: Db; readonly config: { readonly storageUrl: string }; readonly objectStore: ObjectStore },
  uid: number,
  key: string
): Promise<StoredFile | undefined> => {
  const row = await ownedFile(deps.db, uid, key)
  if (row === undefined) return undefined
  const head = await deps.objectStore.head(key)
  return head === undefined || head.size !== row.size ? undefined : toStoredFile(deps.config, row)
}
