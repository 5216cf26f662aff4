import type { Db } from "../../db/database.js"
import { ownedFile } from "../files/storedFiles.js"

/**
 * docs/community-model.md "Images": an image a user puts on a circle, post or article must be their
 * own verified upload on our storage host (`{objectBase}u/{uid}/…`, storedFiles.ts objectBaseUrl, a row in `files`), so a
 * foreign address (hot-linking, tracking pixels), another user's file or a never-verified key is
 * refused (R11, R19). `javascript:` and `data:` never pass the request schema in the first place.
 */
export const isOwnUpload = async (db: Db, objectBase: string, uid: number, url: string): Promise<boolean> => {
  const prefix = objectBase
  if (!url.startsWith(prefix)) return false
  const key = url.slice(prefix.length)
  if (key === "" || /[?#%\\]/.test(key)) return false
  return (await ownedFile(db, uid, key)) !== undefined
}

/** Every address must be the caller's own upload; `keep` lists addresses already stored (an unchanged form). */
export const allOwnUploads = async (db: Db, objectBase: string, uid: number, urls: ReadonlyArray<string>, keep: ReadonlyArray<string> = []) => {
  for (const url of new Set(urls)) {
    if (keep.includes(url)) continue
    if (!(await isOwnUpload(db, objectBase, uid, url))) return false
  }
  return true
}
