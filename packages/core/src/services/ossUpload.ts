import { Clock, Effect } from "effect"
import type { Unauthorized } from "../api/ApiErrors.js"
import { fileRoutes } from "../api/routes/fileRoutes.js"
import type { UploadCredential } from "../api/schemas/Upload.js"
import { clampProgress } from "../domain/upload/uploadProgress.js"
import { storageFileName, storageObjectKey } from "../domain/upload/storageFileName.js"
import { uploadImageKind } from "../domain/upload/uploadFileType.js"
import { validateUpload } from "../domain/upload/validateUpload.js"
import type { FormField, HttpShape } from "../ports/Http.js"
import type { ApiClientShape } from "./ApiClient.js"
import { type OssTokenFailed, ossTokenFailed, type UploadFailed, uploadBroken, UploadRejected, uploadRefused } from "./uploadErrors.js"

/** A file the person picked: its name and type as the browser reports them, its size and its bytes. */
export interface UploadFile {
  readonly name: string
  readonly type: string
  readonly size: number
  readonly blob: Blob
}

/** Where a direct upload landed: the public address and the storage key. */
export interface OssUploaded {
  readonly url: string
  readonly key: string
}

export type OssUploadError = UploadRejected | OssTokenFailed | Unauthorized | UploadFailed

/** The upload component asks for credentials of type 21 (spec §7). */
export const OSS_TOKEN_TYPE = 21

/** A 15 MB image on a slow line takes a while; the direct post gives up after 5 minutes. */
export const OSS_UPLOAD_TIMEOUT_MS = 5 * 60 * 1000

/**
 * Two draws of five base-36 digits: 50 bits of the Random service, so tests can fix them. Through
 * Effect.randomWith, not effect's `Random` module: the web app's first load reaches that module (from
 * `Effect`) but drops it, and a lazy chunk using it makes Rolldown split the first load (deferredServices.ts).
 */
const RANDOM_DIGITS = 5
const randomPart = Effect.map(
  Effect.randomWith((random) => Effect.all([random.nextIntBetween(0, 36 ** RANDOM_DIGITS), random.nextIntBetween(0, 36 ** RANDOM_DIGITS)])),
  (draws) => draws.map((draw) => draw.toString(36).padStart(RANDOM_DIGITS, "0")).join("")
)

/**
 * The PostObject form in Aliyun OSS order: key, policy, OSSAccessKeyId, success_action_status,
 * signature, and the file last (storage ignores fields after the file). The file part carries the
 * generated name, never the person's (R18).
 */
export const ossPostFields = (credential: UploadCredential, key: string, fileName: string, blob: Blob): ReadonlyArray<FormField> =>
  credential.fields === undefined ? aliyunPostFields(credential, key, fileName, blob) : s3PostFields(credential.fields, key, fileName, blob)

const aliyunPostFields = (credential: UploadCredential, key: string, fileName: string, blob: Blob): ReadonlyArray<FormField> => [
  { name: "key", value: key },
  { name: "policy", value: credential.policy },
  { name: "OSSAccessKeyId", value: credential.access_id },
  { name: "success_action_status", value: "200" },
  { name: "signature", value: credential.signature },
  { name: "file", file: blob, fileName }
]

/**
 * An S3 bucket's POST form (AWS "Browser-based uploads using POST"): the signed fields as the server
 * gave them (policy, X-Amz-*, Content-Type, …) with our key, the file last. Nothing else: S3 refuses a
 * field its policy does not name.
 */
const s3PostFields = (fields: Readonly<Record<string, string>>, key: string, fileName: string, blob: Blob): ReadonlyArray<FormField> => [
  { name: "key", value: key },
  ...Object.entries(fields).filter(([name]) => name.toLowerCase() !== "key" && name.toLowerCase() !== "file").map(([name, value]) => ({ name, value })),
  { name: "file", file: blob, fileName }
]

/** The type the bucket's policy is asked to bind: the checked file's kind (validateUpload passed it). */
const postedType = (file: UploadFile): "image/png" | "image/jpeg" =>
  uploadImageKind({ name: file.name, type: file.type }) === "png" ? "image/png" : "image/jpeg"

/**
 * UP (spec §5, §7, §8; R18): checks the file (UX only, the server checks again, R19), gets a
 * credential (type 21; failure → 获取 OSS Token 失败), names the object dir + {China time}_{random}.{ext}
 * from Clock and Random, and posts the form straight to the storage host without the API token.
 * Only status 200 is success. Progress goes to `onProgress` as 0–100, ending at 100.
 */
export const makeOssUpload = (api: ApiClientShape, http: HttpShape) =>
  (file: UploadFile, onProgress: (percent: number) => void = () => {}): Effect.Effect<OssUploaded, OssUploadError> =>
    Effect.gen(function* () {
      const check = validateUpload([file])
      if (!check.ok) return yield* new UploadRejected({ message: check.message })
      const credential = yield* api.call(fileRoutes.ossToken, { type: OSS_TOKEN_TYPE, content_type: postedType(file) }).pipe(
        Effect.mapError((error) => (error._tag === "Unauthorized" ? error : ossTokenFailed(error)))
      )
      const fileName = storageFileName({ now: yield* Clock.currentTimeMillis, random: yield* randomPart, fileName: file.name })
      const key = storageObjectKey(credential.dir, fileName)
      const response = yield* http
        .request({
          method: "POST",
          url: credential.host,
          body: { kind: "form", fields: ossPostFields(credential, key, fileName, file.blob) },
          timeoutMs: OSS_UPLOAD_TIMEOUT_MS,
          onUploadProgress: (percent) => onProgress(clampProgress(percent))
        })
        .pipe(Effect.mapError((failure) => uploadBroken(failure.reason)))
      if (response.status !== 200) return yield* uploadRefused(response.status)
      yield* Effect.sync(() => onProgress(100))
      return { url: `${(credential.public_url ?? credential.host).replace(/\/+$/, "")}/${key}`, key }
    })
