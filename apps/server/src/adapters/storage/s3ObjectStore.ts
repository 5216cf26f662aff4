import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand,
  HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client, UploadPartCommand
} from "@aws-sdk/client-s3"
import type { S3Settings } from "../../platform/s3Config.js"
import { isSafeKey, type ObjectStore } from "./objectStorePort.js"
import { isS3NotFound, makeS3Client, s3ErrorOf } from "./s3Client.js"
import { s3DirectPost } from "./s3DirectPost.js"

/**
 * MIDO_STORAGE=s3: every object in one bucket of an S3-compatible store (ADR 0018). Objects are
 * immutable, so they are written with a year of caching and the type their bytes show.
 *
 * Never overwriting (the port's create): a HEAD first, then PutObject with `If-None-Match: *`, which
 * AWS S3 (since 2024-08), R2 and MinIO enforce atomically (412 → false). Stores that ignore the header
 * (s3rver, older OSS/COS gateways) leave a race between the HEAD and the PUT: two writers of one new
 * key within milliseconds, the later wins. Every key Mido writes carries a random part or the task
 * id, so two writers of one key do not happen in practice.
 */

/** S3's smallest part other than the last (AWS, R2, MinIO: 5 MiB; OSS allows 100 KB, the stricter one rules). */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024
const IMMUTABLE = "public, max-age=31536000, immutable"
const SAFE_UPLOAD_ID = /^[A-Za-z0-9_-]{8,128}$/

/** Only images are served by type; anything else downloads (R20's rule, applied by the bucket). */
const typeOfBytes = (bytes: Uint8Array): string => {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "image/png"
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg"
  return "application/octet-stream"
}

const keyOf = (key: string): string => {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`)
  return key
}

/** Parts wait as objects of their own under a dot prefix no valid key can name (isSafeKey), until assembled. */
const partsPrefix = (uploadId: string): string => {
  if (!SAFE_UPLOAD_ID.test(uploadId)) throw new Error(`unsafe upload id ${JSON.stringify(uploadId)}`)
  return `.multipart/${uploadId}/`
}

const refusedOverwrite = (error: unknown): boolean => {
  const { name, status } = s3ErrorOf(error)
  return status === 412 || name === "PreconditionFailed"
}

export const s3ObjectStore = (settings: S3Settings, client: S3Client = makeS3Client(settings)): ObjectStore => {
  const Bucket = settings.bucket

  const getBody = async (key: string, range?: string) => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range === undefined ? {} : { Range: range }) }))
      return answer.Body
    } catch (error) {
      if (isS3NotFound(error)) return undefined
      if (s3ErrorOf(error).name === "InvalidRange") return "empty" as const
      throw error
    }
  }

  const readAll = async (key: string): Promise<Uint8Array | undefined> => {
    const body = await getBody(key)
    if (body === undefined) return undefined
    return body === "empty" ? new Uint8Array() : body.transformToByteArray()
  }

  const head = async (key: string) => {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }))
      return { size: answer.ContentLength ?? 0 }
    } catch (error) {
      if (isS3NotFound(error)) return undefined
      throw error
    }
  }

  const put = async (key: string, bytes: Uint8Array, options: { readonly once: boolean }): Promise<boolean> => {
    try {
      await client.send(new PutObjectCommand({
        Bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength, ContentType: typeOfBytes(bytes), CacheControl: IMMUTABLE,
        ...(options.once ? { IfNoneMatch: "*" } : {})
      }))
      return true
    } catch (error) {
      if (options.once && refusedOverwrite(error)) return false
      throw error
    }
  }

  /** A new object from bytes: one PUT up to 5 MiB, else the S3 multipart API in 5 MiB parts. */
  const createNew = async (key: string, bytes: Uint8Array): Promise<boolean> => {
    if ((await head(key)) !== undefined) return false
    if (bytes.byteLength <= S3_MIN_PART_BYTES) return put(key, bytes, { once: true })
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: typeOfBytes(bytes), CacheControl: IMMUTABLE }))
    try {
      const parts: Array<{ ETag: string; PartNumber: number }> = []
      for (let start = 0, PartNumber = 1; start < bytes.byteLength; start += S3_MIN_PART_BYTES, PartNumber++) {
        const Body = bytes.subarray(start, Math.min(bytes.byteLength, start + S3_MIN_PART_BYTES))
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body, ContentLength: Body.byteLength }))
        parts.push({ ETag: ETag ?? "", PartNumber })
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts }, IfNoneMatch: "*" }))
      return true
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined)
      if (refusedOverwrite(error)) return false
      throw error
    }
  }

  return {
    create: async (key, bytes) => createNew(keyOf(key), bytes),
    head,
    readStart: async (key, length) => {
      const body = await getBody(keyOf(key), `bytes=0-${Math.max(0, length - 1)}`)
      if (body === undefined) return undefined
      // a store that ignores Range still answers the whole object: keep the start only
      return body === "empty" ? new Uint8Array() : (await body.transformToByteArray()).subarray(0, length)
    },
    read: async (key) => readAll(keyOf(key)),
    stream: (key) => {
      const safe = keyOf(key)
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
      // the port's stream is synchronous; the GET starts on the first read
      return new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          if (reader === undefined) {
            const body = await getBody(safe)
            if (body === undefined || body === "empty") return controller.close()
            reader = (body.transformToWebStream() as ReadableStream<Uint8Array>).getReader()
          }
          const { done, value } = await reader.read()
          if (done) controller.close()
          else controller.enqueue(value)
        },
        cancel: async (reason) => {
          await reader?.cancel(reason)
        }
      })
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }))
    },
    putPart: async (uploadId, partNumber, bytes) => {
      if (!Number.isInteger(partNumber) || partNumber < 1) throw new Error(`bad part number ${partNumber}`)
      // a part posted again replaces the earlier copy (S3 PUT semantics), like the local store's rename
      await put(`${partsPrefix(uploadId)}${partNumber}`, bytes, { once: false })
    },
    assemble: async (uploadId, count, key) => {
      const prefix = partsPrefix(uploadId)
      const parts: Array<Uint8Array> = []
      for (let part = 1; part <= count; part++) {
        const bytes = await readAll(`${prefix}${part}`)
        if (bytes === undefined) throw new Error(`part ${part} of ${uploadId} is missing`)
        parts.push(bytes)
      }
      return createNew(keyOf(key), Buffer.concat(parts))
    },
    dropParts: async (uploadId) => {
      const prefix = partsPrefix(uploadId)
      const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix }))
      // one DeleteObject each (≤ 16 parts): DeleteObjects needs a Content-MD5 some stores insist on
      for (const item of listed.Contents ?? []) if (item.Key !== undefined) await client.send(new DeleteObjectCommand({ Bucket, Key: item.Key }))
    },
    directPost: (rules) => s3DirectPost(client, settings, rules)
  }
}
