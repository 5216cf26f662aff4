import { HeadBucketCommand, S3Client } from "@aws-sdk/client-s3"
import type { S3Settings } from "../../platform/s3Config.js"
import type { ServiceCheck } from "../../platform/serviceCheck.js"

/**
 * One S3 client per bucket setting. Checksums only where the API requires them: since
 * @aws-sdk/client-s3 3.729 the SDK adds CRC32 checksum headers (and aws-chunked bodies) to every
 * upload by default, which stores other than AWS refuse or mishandle (aws/aws-sdk-js-v3 issue #6810,
 * #6819; Aliyun OSS, Tencent COS and R2 do not implement the new headers). WHEN_REQUIRED is the
 * SDK's documented opt-out (docs.aws.amazon.com/sdkref/latest/guide/feature-dataintegrity.html).
 */
export const makeS3Client = (settings: S3Settings): S3Client =>
  new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3
  })

/** The SDK's error name and HTTP status, the only parts of a failure worth logging (never the request). */
export const s3ErrorOf = (error: unknown): { readonly name: string; readonly status: number | undefined } => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined
  return { name: failure?.name ?? "Error", status: failure?.$metadata?.httpStatusCode }
}

export const isS3NotFound = (error: unknown): boolean => {
  const { name, status } = s3ErrorOf(error)
  return status === 404 || name === "NotFound" || name === "NoSuchKey"
}

/**
 * The doctor's check of the bucket: a HeadBucket, which needs the credentials to be valid and allowed
 * on the bucket, reads nothing and writes nothing. The detail names endpoint and bucket, never a key.
 */
export const s3ServiceCheck = (settings: S3Settings, client: S3Client = makeS3Client(settings)): ServiceCheck => ({
  name: "对象存储 (S3)",
  check: async () => {
    const where = `${settings.bucket} @ ${settings.endpoint}`
    try {
      await client.send(new HeadBucketCommand({ Bucket: settings.bucket }))
      return { ok: true, detail: `存储桶 ${where} 可访问` }
    } catch (error) {
      const { name, status } = s3ErrorOf(error)
      const reason = status === 403 ? "密钥无权访问该存储桶" : status === 404 ? "存储桶不存在" : "无法连接存储服务"
      return { ok: false, detail: `存储桶 ${where}：${reason}（${name}${status === undefined ? "" : ` ${status}`}）` }
    }
  }
})
