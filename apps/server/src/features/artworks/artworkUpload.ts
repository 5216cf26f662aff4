import type { ArtworkUpload, LibraryArtwork } from "@mido/core"
import sharp from "sharp"
import type { ServerConfig } from "../../platform/config.js"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { badInput } from "./artworkRefusal.js"
import { libraryItem } from "./artworkLibrary.js"
import { isUserKey } from "../files/ossPolicy.js"
import { uploadAttribute } from "../aigc/uploadAttribute.js"
import { objectBaseUrl } from "../files/storedFiles.js"
import { isSafeKey, type ObjectStore } from "../../adapters/storage/objectStorePort.js"

/**
 * POST /api/v2/artwork/upload: an image the owner uploaded, already in our storage, saved with the SD
 * settings it came with (often none) as a draft of the library's 上传 tab (origin upload, LB2). The address must lie under the caller's own upload prefix
 * `${storageUrl}/uploads/u/{uid}/` (no one saves another user's file, R11), and width and height are
 * read from the stored file itself, never taken from the client (R12).
 */

const NOT_OWN_UPLOAD = "图片地址无效，请先上传图片"

/** The storage key behind an upload address of `uid` (R20 safe, under u/{uid}/), or a clear refusal. */
export const ownUploadKey = (config: Pick<ServerConfig, "storageUrl" | "s3">, uid: number, url: string): string => {
  const base = objectBaseUrl(config)
  const key = url.startsWith(base) ? url.slice(base.length) : ""
  if (!isSafeKey(key) || !isUserKey(uid, key)) throw badInput(NOT_OWN_UPLOAD)
  return key
}

/** Width and height of a stored PNG or JPEG, and its bytes; anything else (or nothing) is refused. */
export const storedImageSize = async (store: ObjectStore, key: string): Promise<{ width: number; height: number; bytes: Uint8Array }> => {
  const bytes = await store.read(key)
  if (bytes === undefined) throw badInput("图片不存在或已过期，请重新上传")
  const meta = await sharp(bytes).metadata().catch(() => undefined)
  if (meta !== undefined && (meta.format === "png" || meta.format === "jpeg") && meta.width > 0 && meta.height > 0) {
    return { width: meta.width, height: meta.height, bytes }
  }
  throw badInput("仅支持 PNG 或 JPEG 图片")
}

export const saveUploadedArtwork = async (
  db: Db,
  config: Pick<ServerConfig, "storageUrl" | "s3">,
  store: ObjectStore,
  uid: number,
  input: ArtworkUpload,
  now: Date
): Promise<LibraryArtwork> => {
  const size = await storedImageSize(store, ownUploadKey(config, uid, input.url))
  const [row] = await db.insert(artworks).values({
    userUid: uid,
    type: "sd",
    origin: "upload",
    title: input.title === undefined || input.title === "" ? null : input.title,
    cover: input.url,
    width: size.width,
    height: size.height,
    // AL9: the file's own AIGC label, else 疑似 when its metadata or the uploader says it is AI-made
    aigcLabel: await uploadAttribute(size.bytes, input.ai_generated === true),
    parameters: input.parameters,
    createdAt: now
  }).returning({ id: artworks.id })
  return libraryItem(db, uid, row!.id)
}
