import { defineRoute } from "../Route.js"
import { SuccessFlag } from "../schemas/common.js"
import {
  MultipartAbortPayload,
  MultipartCompletePayload,
  MultipartInitPayload,
  MultipartPartPayload,
  MultipartUpload,
  UploadedPart
} from "../schemas/MultipartUpload.js"
import {
  DownloadLink,
  DownloadPayload,
  FileCreatePayload,
  OssTokenQuery,
  Snapshot,
  SnapshotPayload,
  StoredFile,
  UploadCredential,
  UploadPayload,
  UploadResult
} from "../schemas/Upload.js"

/**
 * Spec §7 "Files". Every key is the server's, under the caller's directory (R18); a stored object is
 * used only after the magic-byte check (R19). Payloads the spec leaves "not shown" are ours (R21).
 */
export const fileRoutes = {
  upload: defineRoute({
    name: "file.upload",
    method: "POST",
    path: "/api/v1/base/upload",
    auth: "required",
    encoding: "multipart",
    input: UploadPayload,
    data: UploadResult,
    summary: "Uploads one png or jpeg image (≤ 15 MB) through the API server; the server names it and checks its bytes (R19). scene is ours."
  }),
  ossToken: defineRoute({
    name: "file.ossToken",
    method: "GET",
    path: "/api/v1/base/oss_token",
    auth: "required",
    encoding: "query",
    input: OssTokenQuery,
    data: UploadCredential,
    summary: "A signed POST policy for a direct upload to the storage host (type 21 for images): ≤ 10 min, the caller's dir, ≤ 15 MB (R18). Failure: 获取 OSS Token 失败."
  }),
  fileCreate: defineRoute({
    name: "file.fileCreate",
    method: "POST",
    path: "/api/v1/base/file/create",
    auth: "required",
    encoding: "json",
    input: FileCreatePayload,
    data: StoredFile,
    summary: "Records an object posted directly to storage after checking it is the caller's and a real png or jpeg (R19); otherwise deletes it (payload ours: not shown)."
  }),
  multipartInit: defineRoute({
    name: "file.multipartInit",
    method: "POST",
    path: "/api/v1/base/upload/multipart/init",
    auth: "required",
    encoding: "json",
    input: MultipartInitPayload,
    data: MultipartUpload,
    summary: "Starts a multipart upload of ≤ 15 MB; the server picks the key and part size (≤ 16 parts) (payload ours: not shown, R21)."
  }),
  multipartPart: defineRoute({
    name: "file.multipartPart",
    method: "POST",
    path: "/api/v1/base/upload/multipart",
    auth: "required",
    encoding: "multipart",
    input: MultipartPartPayload,
    data: UploadedPart,
    summary: "Posts one part of the caller's multipart upload as a form (upload_id, part_number, file); answers its etag (payload ours: not shown)."
  }),
  multipartAbort: defineRoute({
    name: "file.multipartAbort",
    method: "POST",
    path: "/api/v1/base/upload/multipart/abort",
    auth: "required",
    encoding: "json",
    input: MultipartAbortPayload,
    data: SuccessFlag,
    summary: "Abandons the caller's multipart upload and drops its parts; another user's upload_id is not found (payload ours: not shown)."
  }),
  multipartComplete: defineRoute({
    name: "file.multipartComplete",
    method: "POST",
    path: "/api/v1/base/upload/multipart/complete",
    auth: "required",
    encoding: "json",
    input: MultipartCompletePayload,
    data: StoredFile,
    summary: "Joins the parts, checks the total (≤ 15 MB) and the bytes (R19) and records the file (payload ours: not shown)."
  }),
  snapshot: defineRoute({
    name: "file.snapshot",
    method: "POST",
    path: "/api/v1/base/file/snapshot",
    auth: "required",
    encoding: "json",
    input: SnapshotPayload,
    data: Snapshot,
    summary: "A thumbnail of one of the caller's stored images, 70 px wide by default (payload ours: not shown)."
  }),
  download: defineRoute({
    name: "file.download",
    method: "POST",
    path: "/api/v1/base/file/download",
    auth: "required",
    encoding: "json",
    input: DownloadPayload,
    data: DownloadLink,
    summary: "A short-lived attachment address for one of the caller's files or a public artwork image (R11) (payload ours: not shown)."
  })
} as const
