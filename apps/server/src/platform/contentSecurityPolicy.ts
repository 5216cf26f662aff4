/**
 * R17: the SPA may load its own scripts and styles; images from itself, data/blob URLs and the storage
 * origin (R20); it talks to its own API and posts uploads to (and downloads images from) storage.
 */
export const contentSecurityPolicy = (config: { readonly storageUrl: string }): string => {
  const storage = new URL(config.storageUrl).origin
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
