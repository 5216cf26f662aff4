import { Context, Effect, Layer } from "effect"
import type { InputCallError } from "../api/ApiErrors.js"
import { fileRoutes } from "../api/routes/fileRoutes.js"
import type { StoredFile, UploadResult, UploadScene } from "../api/schemas/Upload.js"
import { type UploadCandidate, type UploadCheck, type UploadLimits, validateUpload } from "../domain/upload/validateUpload.js"
import { Http } from "../ports/Http.js"
import { ApiClient } from "./ApiClient.js"
import { makeMultipartUpload, type MultipartError, type MultipartOptions } from "./multipartUpload.js"
import { makeOssUpload, type OssUploaded, type OssUploadError, type UploadFile } from "./ossUpload.js"
import { validateInput } from "./validateInput.js"


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

/** The form part needs the person's file name for the type check; a bare Blob gets one. */
const asNamedFile = (file: UploadFile): Blob =>
  typeof File !== "undefined" && !(file.blob instanceof File && file.blob.name === file.name)
    ? new File([file.blob], file.name, { type: file.type || file.blob.type })
    : file.blob

export const UploadsLive = Layer.effect(
  Uploads,
  Effect.gen(function* () {
    const api = yield* ApiClient
    const http = yield* Http
    return Uploads.of({
      validate: validateUpload,
      uploadToOss: makeOssUpload(api, http),
      uploadMultipart: makeMultipartUpload(api),
      uploadViaApi: (file, scene) =>
        validateInput(fileRoutes.upload, scene === undefined ? { file: asNamedFile(file) } : { file: asNamedFile(file), scene }).pipe(
          Effect.flatMap((input) => api.call(fileRoutes.upload, input))
        )
    })
  })
)
