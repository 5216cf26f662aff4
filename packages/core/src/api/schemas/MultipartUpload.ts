import { Schema } from "effect"
import { UploadMessages } from "../../domain/upload/uploadMessages.js"
import { DEFAULT_UPLOAD_LIMIT_MB } from "../../domain/upload/validateUpload.js"
import { QueryInt, UnixSeconds } from "./common.js"
import { BinaryFile, ImageContentType, ObjectKey, UPLOAD_MAX_BYTES, UploadScene } from "./Upload.js"

/**
 * Multipart uploads for slow connections (designed after R21 and Civitai's init/part/complete/abort):
 * init says the size, the server chooses the key and the part size; each part is posted; complete runs
 * the R19 checks and records the file; abort drops it. Every call checks the upload is the caller's
 * (another user's upload_id answers "not found"), and the server aborts uploads left open for 24 h.
 */

/** At most this many parts; with the 15 MB cap, parts are at least 1 MB except the last. */
export const MULTIPART_MAX_PARTS = 16

export const UploadId = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z0-9_-]{8,128}$/, { message: () => "上传已失效，请重新上传" })
).annotations({ description: "id of one multipart upload" })

const PartNumber = Schema.Int.pipe(Schema.between(1, MULTIPART_MAX_PARTS))

export const MultipartInitPayload = Schema.Struct({
  file_name: Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(100)).annotations({
    description: "the file's original name; only its extension matters, the key is the server's (R18)"
  }),
  file_size: Schema.Int.pipe(
    Schema.between(1, UPLOAD_MAX_BYTES, { message: () => UploadMessages.tooLarge(DEFAULT_UPLOAD_LIMIT_MB) })
  ).annotations({ description: "total bytes, 1 to 15 MB" }),
  content_type: ImageContentType,
  scene: Schema.optional(UploadScene)
})
export type MultipartInitPayload = typeof MultipartInitPayload.Type

export const MultipartUpload = Schema.Struct({
  upload_id: UploadId,
  key: ObjectKey,
  part_size: Schema.Int.pipe(Schema.positive()).annotations({ description: "bytes per part; the last part may be smaller" }),
  part_count: PartNumber.annotations({ description: "how many parts to post, numbered 1…part_count" }),
  expire_at: Schema.optional(UnixSeconds).annotations({ description: "when an unfinished upload is aborted" })
})
export type MultipartUpload = typeof MultipartUpload.Type

/** POST /api/v1/base/upload/multipart (multipart form): one part. Form fields are text on the wire. */
export const MultipartPartPayload = Schema.Struct({
  upload_id: UploadId,
  part_number: QueryInt.pipe(Schema.between(1, MULTIPART_MAX_PARTS)).annotations({ description: "1-based part number, as form text" }),
  file: BinaryFile.pipe(
    Schema.filter((part) => part.size > 0 && part.size <= UPLOAD_MAX_BYTES, {
      message: () => UploadMessages.tooLarge(DEFAULT_UPLOAD_LIMIT_MB)
    })
  )
})
export type MultipartPartPayload = typeof MultipartPartPayload.Type

export const UploadedPart = Schema.Struct({
  part_number: PartNumber,
  etag: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  size: Schema.Int.pipe(Schema.positive())
})
export type UploadedPart = typeof UploadedPart.Type

export const MultipartAbortPayload = Schema.Struct({ upload_id: UploadId })
export type MultipartAbortPayload = typeof MultipartAbortPayload.Type

/** complete: every part once, as the part calls answered them; the server also caps the total at 15 MB. */
export const MultipartCompletePayload = Schema.Struct({
  upload_id: UploadId,
  parts: Schema.Array(Schema.Struct({ part_number: PartNumber, etag: UploadedPart.fields.etag })).pipe(
    Schema.minItems(1),
    Schema.maxItems(MULTIPART_MAX_PARTS),
    Schema.filter((parts) => new Set(parts.map((part) => part.part_number)).size === parts.length || "分片重复")
  )
})
export type MultipartCompletePayload = typeof MultipartCompletePayload.Type
