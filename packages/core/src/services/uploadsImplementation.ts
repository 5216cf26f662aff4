import { Effect } from "effect"
import { fileRoutes } from "../api/routes/fileRoutes.js"
import { validateUpload } from "../domain/upload/validateUpload.js"
import type { HttpShape } from "../ports/Http.js"
import type { ApiClientShape } from "./ApiClient.js"
import { makeMultipartUpload } from "./multipartUpload.js"
import { makeOssUpload, type UploadFile } from "./ossUpload.js"
import type { UploadsShape } from "./Uploads.js"
import { validateInput } from "./validateInput.js"

/** What Uploads works with; UploadsLive reads them from the context when the app starts. */
export interface UploadsDependencies {
  readonly api: ApiClientShape
  readonly http: HttpShape
}

/** The form part needs the person's file name for the type check; a bare Blob gets one. */
const asNamedFile = (file: UploadFile): Blob =>
  typeof File !== "undefined" && !(file.blob instanceof File && file.blob.name === file.name)
    ? new File([file.blob], file.name, { type: file.type || file.blob.type })
    : file.blob

/**
 * Uploads' implementation (see UploadsShape): loaded on first use by UploadsLive, so the storage
 * upload, the multipart protocol and the file routes stay out of the web app's first load.
 */
export const makeUploads = ({ api, http }: UploadsDependencies): UploadsShape => ({
  validate: validateUpload,
  uploadToOss: makeOssUpload(api, http),
  uploadMultipart: makeMultipartUpload(api),
  uploadViaApi: (file, scene) =>
    validateInput(fileRoutes.upload, scene === undefined ? { file: asNamedFile(file) } : { file: asNamedFile(file), scene }).pipe(
      Effect.flatMap((input) => api.call(fileRoutes.upload, input))
    )
})
