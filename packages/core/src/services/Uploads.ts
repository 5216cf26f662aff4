import { Context, Effect } from "effect"
import type { InputCallError } from "../api/ApiErrors.js"
import type { StoredFile, UploadResult, UploadScene } from "../api/schemas/Upload.js"
import { type UploadCandidate, type UploadCheck, type UploadLimits, validateUpload } from "../domain/upload/validateUpload.js"
import type { DeferredMembers } from "./deferredService.js"
import type { MultipartError, MultipartOptions } from "./multipartUpload.js"
import type { OssUploaded, OssUploadError, UploadFile } from "./ossUpload.js"
import { uploadBroken } from "./uploadErrors.js"

export interface UploadsShape {
  /** UP1–UP4 (spec §5): type, size (15 MB default) and count, before anything is sent. UX only (R19). */
  readonly validate: (files: ReadonlyArray<UploadCandidate>, limits?: UploadLimits) => UploadCheck
  /**
   * The direct upload (spec §7, R18): credential of type 21, then the PostObject form to the storage
   * host; status 200 is success. Gives the public url (host/key) and the key.
   */
  readonly uploadToOss: (file: UploadFile, onProgress?: (percent: number) => void) => Effect.Effect<OssUploaded, OssUploadError>
  /** Large files in parts through the API (R21): init, parts, complete; abort on any failure. */
  readonly uploadMultipart: (file: UploadFile, options?: MultipartOptions) => Effect.Effect<StoredFile, MultipartError>
  /** The simple path: POST /api/v1/base/upload as a form; the schema's Chinese message when refused. */
  readonly uploadViaApi: (file: UploadFile, scene?: UploadScene) => Effect.Effect<UploadResult, InputCallError>
}

export class Uploads extends Context.Tag("@mido/core/Uploads")<Uploads, UploadsShape>() {}

/**
 * Uploads' code (storage upload, multipart protocol, file routes) is fetched on first use
 * (deferredServices.ts). `validate` is the pure rule and answers at once. When the code cannot be
 * fetched (offline) the uploads fail with the NetworkError of onFirstUse; the direct upload, which has
 * no NetworkError, gives UploadFailed (上传失败，请检查网络后重试) as when its own connection fails.
 */
export const uploadsMembers: DeferredMembers<UploadsShape> = {
  validate: { atOnce: validateUpload },
  uploadToOss: { offline: (error) => Effect.fail(uploadBroken(error.reason)) },
  uploadMultipart: "call",
  uploadViaApi: "call"
}
