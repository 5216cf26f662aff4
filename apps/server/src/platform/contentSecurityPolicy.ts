import { type S3Settings, s3PostOrigin } from "./s3Config.js"

/**
 * R17: the SPA may load its own scripts and styles; images from itself, data/blob URLs and the storage
 * origin (R20); it talks to its own API and posts uploads to (and downloads images from) storage.
 */
export const contentSecurityPolicy = (config: { readonly storageUrl: string; readonly s3?: S3Settings | undefined }): string => {
  // with an S3 bucket, images come from its public base and uploads are posted to the bucket itself
  const origins = config.s3 === undefined ? [config.storageUrl] : [config.s3.publicUrl, s3PostOrigin(config.s3)]
  const storage = [...new Set(origins.map((url) => new URL(url).origin))].join(" ")
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${storage}`,
    `connect-src 'self' ${storage}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'"
  ].join("; ")
}
