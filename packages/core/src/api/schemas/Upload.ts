import { Schema } from "effect"
import { uploadImageKind } from "../../domain/upload/uploadFileType.js"
import { UploadMessages } from "../../domain/upload/uploadMessages.js"
import { DEFAULT_UPLOAD_LIMIT_MB } from "../../domain/upload/validateUpload.js"
import { Id, QueryInt, UnixSeconds } from "./common.js"

/** The largest file any upload path accepts (spec §5 default, R18): 15 MB. */
export const UPLOAD_MAX_BYTES = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024

/** The image types storage accepts (R18, R19): PNG and JPEG, checked by magic bytes on the server. */
export const ImageContentType = Schema.Literal("image/png", "image/jpeg").annotations({
  message: () => UploadMessages.wrongType
})
export type ImageContentType = typeof ImageContentType.Type

/** A file part of a multipart form (the browser's Blob or File; the server's File). */
export const BinaryFile = Schema.declare((input: unknown): input is Blob => typeof Blob !== "undefined" && input instanceof Blob, {
  identifier: "Blob",
  description: "binary file (multipart form field)"
})

const fileName = (file: Blob): string => ("name" in file && typeof file.name === "string" ? file.name : "")

/** An image file the user picked: png or jpeg by name and type, 1 byte to 15 MB (spec §5 texts). */
export const ImageFile = BinaryFile.pipe(
  Schema.filter((file) => uploadImageKind({ name: fileName(file), type: file.type }) !== undefined, {
    message: () => UploadMessages.wrongType
  }),
  Schema.filter((file) => file.size > 0 && file.size <= UPLOAD_MAX_BYTES, {
    message: () => UploadMessages.tooLarge(DEFAULT_UPLOAD_LIMIT_MB)
  })
)

/** Where an upload will be used; the server files it under the caller's directory (R18). */
export const UploadScene = Schema.Literal("avatar", "cover", "artwork", "reference", "community", "tool").annotations({
  description: "avatar, profile cover, artwork, drawing reference image, community post, AI tool input"
})
export type UploadScene = typeof UploadScene.Type

/** A storage object key the server generated, uploads/{uid}/{yyyymm}/{name}.{ext} (R18). */
export const ObjectKey = Schema.String.pipe(
  Schema.pattern(/^(?![/\\])(?!.*\.\.)[A-Za-z0-9_\-./]{1,300}$/, { message: () => "文件标识无效" })
).annotations({ description: "storage key under the caller's directory; no leading / and no .." })

/** POST /api/v1/base/upload (multipart): the file, and where it will be used. */
export const UploadPayload = Schema.Struct({ file: ImageFile, scene: Schema.optional(UploadScene) })
export type UploadPayload = typeof UploadPayload.Type

/** What base/upload answers: the file's address and storage key. */
export const UploadResult = Schema.Struct({
  url: Schema.String.pipe(Schema.pattern(/^https?:\/\//)).annotations({ description: "public address of the stored image" }),
  key: ObjectKey
})
export type UploadResult = typeof UploadResult.Type

/** GET /api/v1/base/oss_token?type={n}: the upload type (the upload component uses 21). */
export const OssTokenQuery = Schema.Struct({
  type: QueryInt.pipe(Schema.between(1, 99)).annotations({ description: "upload type; 21 for images" }),
  content_type: Schema.optional(ImageContentType).annotations({
    description: "the type of the file about to be posted: an S3 bucket's policy binds exactly one (default image/jpeg)"
  })
})
export type OssTokenQuery = typeof OssTokenQuery.Type

/**
 * A signed POST policy for a direct upload to the storage host (spec §3 upload credential, Aliyun OSS
 * PostObject format): post the form to `host` with key = dir + a generated name, OSSAccessKeyId =
 * access_id, policy, Signature = signature and the file; status 200 is success. When `fields` is
 * present (an S3-compatible bucket, MIDO_STORAGE=s3), the form is S3's instead: `key` = dir + name,
 * then every other field of `fields` as given, then the file (S3 refuses fields its policy does not name).
 */
export const UploadCredential = Schema.Struct({
  dir: Schema.String.pipe(Schema.pattern(/^(?![/\\])(?!.*\.\.)[A-Za-z0-9_\-./]+\/$/)).annotations({
    description: "key prefix the policy allows, the caller's own directory, ending in /"
  }),
  access_id: Schema.String.pipe(Schema.minLength(1)),
  policy: Schema.String.pipe(Schema.minLength(1)).annotations({
    description: "base64 policy: expiration ≤ 10 min, key prefix, content-length-range up to 15 MB (R18)"
  }),
  signature: Schema.String.pipe(Schema.minLength(1)).annotations({ description: "base64 HMAC-SHA1 of the policy" }),
  host: Schema.String.pipe(Schema.pattern(/^https?:\/\/[^\s/]+/)).annotations({ description: "the storage host to post the form to" }),
  expire: Schema.optional(UnixSeconds).annotations({ description: "when the policy expires, unix seconds" }),
  fields: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.String })).annotations({
    description: "S3 bucket (MIDO_STORAGE=s3): post exactly these fields, key replaced by dir + name, then the file; no OSS fields"
  }),
  public_url: Schema.optional(Schema.String.pipe(Schema.pattern(/^https?:\/\/[^\s/]+/))).annotations({
    description: "the public base of stored objects when it is not `host`: the object's address is public_url + key"
  })
})
export type UploadCredential = typeof UploadCredential.Type

/** A file the server has checked and recorded (file/create, multipart/complete). */
export const StoredFile = Schema.Struct({
  id: Id,
  key: ObjectKey,
  url: UploadResult.fields.url,
  size: Schema.Int.pipe(Schema.between(1, UPLOAD_MAX_BYTES)).annotations({ description: "bytes, as the server measured them" }),
  width: Schema.Int.pipe(Schema.positive()),
  height: Schema.Int.pipe(Schema.positive()),
  content_type: ImageContentType.annotations({ description: "the type the magic bytes showed (R19)" })
})
export type StoredFile = typeof StoredFile.Type

/**
 * POST /api/v1/base/file/create (designed): after a direct post to the storage host, record the object.
 * The server checks the key is under the caller's directory, reads its size and first bytes, and
 * accepts only a real PNG or JPEG within the limits (R19); otherwise it deletes the object.
 */
export const FileCreatePayload = Schema.Struct({
  key: ObjectKey,
  scene: Schema.optional(UploadScene),
  name: Schema.optional(Schema.Trim.pipe(Schema.maxLength(100, { message: () => "文件名不能超过 100 个字" }))).annotations({
    description: "the file's original name, for the asset library only; never used as a storage path"
  })
})
export type FileCreatePayload = typeof FileCreatePayload.Type

/** POST /api/v1/base/file/snapshot (designed): a thumbnail of one of the caller's stored images. */
export const SnapshotPayload = Schema.Struct({
  key: ObjectKey,
  width: Schema.optional(Schema.Int.pipe(Schema.between(16, 1024))).annotations({
    description: "thumbnail width in px (16 to 1024); 70 when absent (spec §9 default thumbnail)"
  })
})
export type SnapshotPayload = typeof SnapshotPayload.Type

export const Snapshot = Schema.Struct({
  url: UploadResult.fields.url,
  width: Schema.Int.pipe(Schema.positive()),
  height: Schema.Int.pipe(Schema.positive())
})
export type Snapshot = typeof Snapshot.Type

/**
 * POST /api/v1/base/file/download (designed): a short-lived address that downloads one stored image
 * as an attachment. Allowed for the caller's own files and for images of public artworks (R11).
 */
export const DownloadPayload = Schema.Struct({ key: ObjectKey })
export type DownloadPayload = typeof DownloadPayload.Type

export const DownloadLink = Schema.Struct({
  url: UploadResult.fields.url.annotations({ description: "signed address; the response is an attachment" }),
  file_name: Schema.String.pipe(Schema.pattern(/^[^/\\]{1,200}$/)).annotations({ description: "suggested name, e.g. image_1.png" }),
  expire_in: Schema.Int.pipe(Schema.positive()).annotations({ description: "seconds the address stays valid" })
})
export type DownloadLink = typeof DownloadLink.Type
