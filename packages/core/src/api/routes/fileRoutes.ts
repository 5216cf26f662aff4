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
import { OSS, pngBlob } from "./examples/accountSamples.js"

const KEY = "uploads/20001/202611/20261122183000k3j9x2.png"
const UPLOAD_ID = "mpu_5Ty8Kq2LzX9wR3vN"

const sampleFile: typeof StoredFile.Encoded = {
  id: 30017,
  key: KEY,
  url: `${OSS}/${KEY}`,
  size: 2_345_678,
  width: 1024,
  height: 1536,
  content_type: "image/png"
}

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
    summary: "Uploads one png or jpeg image (≤ 15 MB) through the API server; the server names it and checks its bytes (R19). scene is ours.",
    example: { input: { file: pngBlob(), scene: "avatar" }, data: { url: `${OSS}/${KEY}`, key: KEY } }
  }),
  ossToken: defineRoute({
    name: "file.ossToken",
    method: "GET",
    path: "/api/v1/base/oss_token",
    auth: "required",
    encoding: "query",
    input: OssTokenQuery,
    data: UploadCredential,
    summary: "A signed POST policy for a direct upload to the storage host (type 21 for images): ≤ 10 min, the caller's dir, ≤ 15 MB (R18). Failure: 获取 OSS Token 失败.",
    example: {
      input: { type: "21" },
      data: {
        dir: "uploads/20001/202611/",
        access_id: "LTAI5tMidoDemoKey",
        policy: "eyJleHBpcmF0aW9uIjoiMjAyNi0xMS0yMlQxMDo0MDowMFoiLCJjb25kaXRpb25zIjpbXX0=",
        signature: "pX3v0Zk2m8cH1sQ7yT4uW9eR6aB=",
        host: OSS,
        expire: 1795339200
      }
    }
  }),
  fileCreate: defineRoute({
    name: "file.fileCreate",
    method: "POST",
    path: "/api/v1/base/file/create",
    auth: "required",
    encoding: "json",
    input: FileCreatePayload,
    data: StoredFile,
    summary: "Records an object posted directly to storage after checking it is the caller's and a real png or jpeg (R19); otherwise deletes it (payload ours: not shown).",
    example: { input: { key: KEY, scene: "reference", name: "参考图.png" }, data: sampleFile }
  }),
  multipartInit: defineRoute({
    name: "file.multipartInit",
    method: "POST",
    path: "/api/v1/base/upload/multipart/init",
    auth: "required",
    encoding: "json",
    input: MultipartInitPayload,
    data: MultipartUpload,
    summary: "Starts a multipart upload of ≤ 15 MB; the server picks the key and part size (≤ 16 parts) (payload ours: not shown, R21).",
    example: {
      input: { file_name: "山水长卷.png", file_size: 12_582_912, content_type: "image/png", scene: "artwork" },
      data: { upload_id: UPLOAD_ID, key: KEY, part_size: 5_242_880, part_count: 3, expire_at: 1795425000 }
    }
  }),
  multipartPart: defineRoute({
    name: "file.multipartPart",
    method: "POST",
    path: "/api/v1/base/upload/multipart",
    auth: "required",
    encoding: "multipart",
    input: MultipartPartPayload,
    data: UploadedPart,
    summary: "Posts one part of the caller's multipart upload as a form (upload_id, part_number, file); answers its etag (payload ours: not shown).",
    example: {
      input: { upload_id: UPLOAD_ID, part_number: "1", file: pngBlob("part-1") },
      data: { part_number: 1, etag: "\"9b2cf535f27731c974343645a3985328\"", size: 5_242_880 }
    }
  }),
  multipartAbort: defineRoute({
    name: "file.multipartAbort",
    method: "POST",
    path: "/api/v1/base/upload/multipart/abort",
    auth: "required",
    encoding: "json",
    input: MultipartAbortPayload,
    data: SuccessFlag,
    summary: "Abandons the caller's multipart upload and drops its parts; another user's upload_id is not found (payload ours: not shown).",
    example: { input: { upload_id: UPLOAD_ID }, data: { success: true } }
  }),
  multipartComplete: defineRoute({
    name: "file.multipartComplete",
    method: "POST",
    path: "/api/v1/base/upload/multipart/complete",
    auth: "required",
    encoding: "json",
    input: MultipartCompletePayload,
    data: StoredFile,
    summary: "Joins the parts, checks the total (≤ 15 MB) and the bytes (R19) and records the file (payload ours: not shown).",
    example: {
      input: {
        upload_id: UPLOAD_ID,
        parts: [
          { part_number: 1, etag: "\"9b2cf535f27731c974343645a3985328\"" },
          { part_number: 2, etag: "\"6f5902ac237024bdd0c176cb93063dc4\"" },
          { part_number: 3, etag: "\"3b5d5c3712955042212316173ccf37be\"" }
        ]
      },
      data: { ...sampleFile, size: 12_582_912 }
    }
  }),
  snapshot: defineRoute({
    name: "file.snapshot",
    method: "POST",
    path: "/api/v1/base/file/snapshot",
    auth: "required",
    encoding: "json",
    input: SnapshotPayload,
    data: Snapshot,
    summary: "A thumbnail of one of the caller's stored images, 70 px wide by default (payload ours: not shown).",
    example: { input: { key: KEY, width: 300 }, data: { url: `${OSS}/thumbs/20001/300/20261122183000k3j9x2.png`, width: 300, height: 450 } }
  }),
  download: defineRoute({
    name: "file.download",
    method: "POST",
    path: "/api/v1/base/file/download",
    auth: "required",
    encoding: "json",
    input: DownloadPayload,
    data: DownloadLink,
    summary: "A short-lived attachment address for one of the caller's files or a public artwork image (R11) (payload ours: not shown).",
    example: { input: { key: KEY }, data: { url: `${OSS}/${KEY}?download=1&expires=1795339200&sig=Yw3k`, file_name: "image_1.png", expire_in: 300 } }
  })
} as const
