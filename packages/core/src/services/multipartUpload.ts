import { Effect } from "effect"
import type { InputCallError } from "../api/ApiErrors.js"
import { fileRoutes } from "../api/routes/fileRoutes.js"
import type { MultipartUpload, UploadedPart } from "../api/schemas/MultipartUpload.js"
import type { StoredFile, UploadScene } from "../api/schemas/Upload.js"
import { fileExtension, uploadImageKind } from "../domain/upload/uploadFileType.js"
import { UploadMessages } from "../domain/upload/uploadMessages.js"
import { progressFromBytes } from "../domain/upload/uploadProgress.js"
import { validateUpload } from "../domain/upload/validateUpload.js"
import type { ApiClientShape } from "./ApiClient.js"
import type { UploadFile } from "./ossUpload.js"
import { type UploadFailed, UploadRejected, uploadBroken } from "./uploadErrors.js"
import { validateInput } from "./validateInput.js"

export interface MultipartOptions {
  /** 0–100 after each part: the share of the file's bytes the server has taken. */
  readonly onProgress?: (percent: number) => void
  readonly scene?: UploadScene
}

export type MultipartError = UploadRejected | UploadFailed | InputCallError

/** The init call takes at most 100 characters of name; only the extension matters to the server. */
const MAX_NAME_LENGTH = 100

/** The person's name for init: trimmed, its tail kept when too long (so the extension stays). */
const initName = (file: UploadFile, kind: "png" | "jpg"): string => {
  const name = file.name.trim()
  if (name === "" || fileExtension(name) === undefined) return `image.${kind}`
  return name.length > MAX_NAME_LENGTH ? name.slice(-MAX_NAME_LENGTH) : name
}

/** The server's plan must cover the file exactly: every part but the last full, none empty. */
const planFits = (plan: MultipartUpload, size: number): boolean =>
  plan.part_count * plan.part_size >= size && (plan.part_count - 1) * plan.part_size < size

/**
 * R21 multipart flow for large files, through the contract routes: init (the server picks key and part
 * size), each part in order, complete (the server joins the parts and runs the R19 checks). Once init
 * has answered, any failure or interruption aborts the upload so no parts are left behind; an abort
 * that fails is only logged (the server also aborts uploads left open for 24 h).
 */
export const makeMultipartUpload = (api: ApiClientShape) =>
  (file: UploadFile, options: MultipartOptions = {}): Effect.Effect<StoredFile, MultipartError> =>
    Effect.gen(function* () {
      const check = validateUpload([file])
      const kind = uploadImageKind(file)
      if (!check.ok) return yield* new UploadRejected({ message: check.message })
      if (kind === undefined) return yield* new UploadRejected({ message: UploadMessages.wrongType })
      const payload = yield* validateInput(fileRoutes.multipartInit, {
        file_name: initName(file, kind),
        file_size: file.blob.size,
        content_type: kind === "png" ? "image/png" : "image/jpeg",
        ...(options.scene === undefined ? {} : { scene: options.scene })
      })
      const plan = yield* api.call(fileRoutes.multipartInit, payload)
      const upload_id = plan.upload_id
      const report = (percent: number) => Effect.sync(() => options.onProgress?.(percent))

      const send = Effect.gen(function* () {
        if (!planFits(plan, file.blob.size)) {
          return yield* uploadBroken(`the plan of ${plan.part_count} parts of ${plan.part_size} bytes does not fit ${file.blob.size} bytes`)
        }
        const parts: Array<UploadedPart> = []
        for (let part_number = 1; part_number <= plan.part_count; part_number++) {
          const start = (part_number - 1) * plan.part_size
          const end = Math.min(start + plan.part_size, file.blob.size)
          const part = yield* api.call(fileRoutes.multipartPart, { upload_id, part_number, file: file.blob.slice(start, end, file.blob.type) })
          parts.push(part)
          yield* report(progressFromBytes(end, file.blob.size))
        }
        return yield* api.call(fileRoutes.multipartComplete, {
          upload_id,
          parts: parts.map((part) => ({ part_number: part.part_number, etag: part.etag }))
        })
      })

      const abort = api.call(fileRoutes.multipartAbort, { upload_id }).pipe(
        Effect.catchAll((error) => Effect.logWarning(`could not abort multipart upload ${upload_id}: ${error._tag}`)),
        Effect.asVoid
      )
      return yield* Effect.onError(send, () => abort)
    })
