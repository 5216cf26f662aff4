import { Data } from "effect"
import type { ApiError, DecodeError, NetworkError, RequestError } from "../api/ApiErrors.js"
import { UploadMessages } from "../domain/upload/uploadMessages.js"

/** A file the upload rules refuse before anything is sent (spec §5 texts: type, size, count). */
export class UploadRejected extends Data.TaggedError("UploadRejected")<{ readonly message: string }> {}

/**
 * The upload credential could not be had (spec §8): 获取 OSS Token 失败, whatever the cause. A -401 is
 * not this error: it stays Unauthorized, which logs out and shows nothing (spec §8, R9).
 */
export class OssTokenFailed extends Data.TaggedError("OssTokenFailed")<{
  readonly message: string
  readonly cause: ApiError | NetworkError | DecodeError | RequestError
}> {}

export const ossTokenFailed = (cause: OssTokenFailed["cause"]) => new OssTokenFailed({ message: UploadMessages.tokenFailed, cause })

/**
 * Storage did not take the file: an HTTP status other than 200 from the storage host (`status` set),
 * the connection failed, or the server planned a multipart upload that cannot hold the file. The
 * message is for the upload component (spec §8 "other upload errors are passed to the upload component").
 */
export class UploadFailed extends Data.TaggedError("UploadFailed")<{
  readonly status: number | undefined
  readonly reason: string
  readonly message: string
}> {}

export const uploadRefused = (status: number) =>
  new UploadFailed({ status, reason: `storage answered HTTP ${status}`, message: `上传失败（${status}），请重试` })

export const uploadBroken = (reason: string) => new UploadFailed({ status: undefined, reason, message: "上传失败，请检查网络后重试" })
