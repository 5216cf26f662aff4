/**
 * MIDO_STORAGE=s3 (issue 27, docs/deploy.md "Object storage"): one bucket of any S3-compatible store
 * (Aliyun OSS, Tencent COS, MinIO, Cloudflare R2, AWS S3) holds every object, and browsers post
 * uploads straight to it. Read once at start; a half-configured store stops the start and names what
 * is missing, rather than falling back to the local disk of one process.
 */
export interface S3Settings {
  /** The service's API endpoint, e.g. https://oss-cn-hangzhou.aliyuncs.com (browsers post uploads to it). */
  readonly endpoint: string
  readonly region: string
  readonly bucket: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
  /** endpoint/bucket/key instead of bucket.endpoint/key (MinIO, s3rver; OSS wants virtual-hosted). */
  readonly forcePathStyle: boolean
  /** The public base of the objects (a CDN or the bucket's own address), without a trailing slash: object URL = base + "/" + key. */
  readonly publicUrl: string
}

const REQUIRED = ["S3_ENDPOINT", "S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const

const httpUrl = (name: string, value: string): string => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an http(s) URL, got ${value}`)
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`${name} must be an http(s) URL, got ${value}`)
  return value.replace(/\/+$/, "")
}

/** The bucket settings when MIDO_STORAGE=s3, undefined for the local disk (MIDO_STORAGE unset or "local"). */
export const readS3Settings = (env: NodeJS.ProcessEnv): S3Settings | undefined => {
  const kind = env.MIDO_STORAGE ?? "local"
  if (kind === "local" || kind === "") return undefined
  if (kind !== "s3") throw new Error(`MIDO_STORAGE must be "local" or "s3", got ${kind}`)
  const missing = REQUIRED.filter((name) => (env[name] ?? "") === "")
  if (missing.length > 0) throw new Error(`MIDO_STORAGE=s3 needs ${missing.join(", ")}`)
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? "false"
  if (pathStyle !== "true" && pathStyle !== "false") throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got ${pathStyle}`)
  return {
    endpoint: httpUrl("S3_ENDPOINT", env.S3_ENDPOINT!),
    region: env.S3_REGION!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: pathStyle === "true",
    publicUrl: httpUrl("S3_PUBLIC_URL", env.S3_PUBLIC_URL!)
  }
}

/** The origin browsers post uploads to: the endpoint itself (path style) or bucket.endpoint (virtual-hosted). */
export const s3PostOrigin = (settings: Pick<S3Settings, "endpoint" | "bucket" | "forcePathStyle">): string => {
  const url = new URL(settings.endpoint)
  return settings.forcePathStyle ? url.origin : `${url.protocol}//${settings.bucket}.${url.host}`
}
