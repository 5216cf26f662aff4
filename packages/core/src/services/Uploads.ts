import { Context, Effect, Layer } from "effect"
import type { InputCallError, NetworkError } from "../api/ApiErrors.js"
import type { StoredFile, UploadResult, UploadScene } from "../api/schemas/Upload.js"
import { type UploadCandidate, type UploadCheck, type UploadLimits, validateUpload } from "../domain/upload/validateUpload.js"
import { Http } from "../ports/Http.js"
import { ApiClient } from "./ApiClient.js"
import type { MultipartError, MultipartOptions } from "./multipartUpload.js"
import { onFirstUse } from "./onFirstUse.js"
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
 * Uploads over an implementation loaded on first use: `validate` is the pure rule and answers at once;
 * the uploads wait for the implementation, then delegate. A load that fails (offline) is the
 * NetworkError of onFirstUse; the direct upload, which has no NetworkError, gives UploadFailed
 * (上传失败，请检查网络后重试) as when its own connection fails.
 */
export const uploadsFacade = (implementation: Effect.Effect<UploadsShape, NetworkError>): UploadsShape => ({
  validate: validateUpload,
  uploadToOss: (file, onProgress) =>
    Effect.flatMap(implementation, (uploads) => uploads.uploadToOss(file, onProgress)).pipe(
      Effect.catchTag("NetworkError", (error) => Effect.fail(uploadBroken(error.reason)))
    ),
  uploadMultipart: (file, options) => Effect.flatMap(implementation, (uploads) => uploads.uploadMultipart(file, options)),
  uploadViaApi: (file, scene) => Effect.flatMap(implementation, (uploads) => uploads.uploadViaApi(file, scene))
})

/** Uploads' code (storage upload, multipart protocol, file routes) is fetched on first use (deferredServices.ts). */
export const UploadsLive = Layer.effect(
  Uploads,
  Effect.gen(function* () {
    const dependencies = { api: yield* ApiClient, http: yield* Http }
    const implementation = onFirstUse("Uploads", async () => (await import("./deferredServices.js")).makeUploads(dependencies))
    return Uploads.of(uploadsFacade(implementation))
  })
)
