import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

export type ContentEncoding = "br" | "gzip"
/** A file's bytes as readFileSync gives them (what Hono's body accepts). */
export type Bytes = Buffer<ArrayBuffer>

/** Text the browser fetches that shrinks well; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg"])
/** Below this a compressed body saves nothing worth a header (gzip adds ~20 bytes of framing). */
const MIN_BYTES = 1024

export const isCompressible = (extension: string): boolean => COMPRESSIBLE.has(extension)

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli over gzip, none when neither is
 * accepted (a missing header, `identity`, or `q=0`). `*` accepts both.
 */
export const negotiateEncoding = (acceptEncoding: string | undefined): ContentEncoding | undefined => {
  if (acceptEncoding === undefined) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";")
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="))
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0)
  }
  const weight = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get("*") ?? 0
  if (weight("br") > 0) return "br"
  if (weight("gzip") > 0) return "gzip"
  return undefined
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

// quality 5, not 11: 11 takes seconds on the 700 KB entry chunk (measured 4.8 s against 0.1 s) for ~10%
// fewer bytes, and the first request of each file waits for it; both run on libuv's pool, off the event loop
const compress = (bytes: Bytes, encoding: ContentEncoding): Promise<Bytes> =>
  (encoding === "br"
    ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipAsync(bytes, { level: 9 })) as Promise<Bytes> // zlib answers with a fresh, unshared buffer

/**
 * Compressed copies of the built files, made on first request and kept in memory: the assets are
 * hashed and immutable, and the key carries size and modification time so a rebuilt index.html or
 * favicon is compressed again. A failed compression is forgotten (the next request tries again).
 */
export const createCompressionCache = () => {
  const cache = new Map<string, Promise<Bytes>>()
  return {
    /** The body to send for `bytes` of `key` under `encoding`, or undefined to send them as they are. */
    encoded(key: string, bytes: Bytes, encoding: ContentEncoding | undefined): Promise<Bytes> | undefined {
      if (encoding === undefined || bytes.length < MIN_BYTES) return undefined
      const cacheKey = `${encoding}:${key}`
      let body = cache.get(cacheKey)
      if (body === undefined) {
        body = compress(bytes, encoding)
        body.catch(() => cache.delete(cacheKey))
        cache.set(cacheKey, body)
      }
      return body
    }
  }
}
