import { createHash, createHmac } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type IncomingMessage, request as httpRequest } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SignatureV4 } from "@smithy/signature-v4"
import S3rver from "s3rver"
import type { S3Settings } from "../../src/platform/s3Config.js"

/**
 * A real S3 implementation for the tests (s3rver 3.7, on loopback) behind a proxy that checks what
 * s3rver does not: s3rver accepts any SigV4 signature of its one account S3RVER/S3RVER
 * (lib/middleware/authentication.js: "Signature version 4 calculation is unimplemented"). The proxy
 * recomputes each request's signature with @smithy/signature-v4 from the secret the test knows,
 * refuses a mismatch the way S3 does (403 SignatureDoesNotMatch, AWS "Signing and authenticating
 * REST requests"), records every request, and passes the rest to s3rver untouched.
 */

export const S3_ACCESS_KEY_ID = "S3RVER"
export const S3_SECRET = "S3RVER"
export const S3_REGION = "us-east-1"
export const S3_BUCKET = "mido-test"

export interface RecordedS3Request {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly signatureOk: boolean | undefined
}

export interface S3Fixture {
  /** the proxy's address: give it to the adapter as S3_ENDPOINT */
  readonly endpoint: string
  /** s3rver itself (posts from "browsers" go here: POST forms carry no Authorization header) */
  readonly direct: string
  readonly requests: RecordedS3Request[]
  readonly settings: (overrides?: Partial<S3Settings>) => S3Settings
  readonly close: () => Promise<void>
}

const bytesOf = (data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof data === "string" ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength)

/** node:crypto behind the Checksum interface SignatureV4 wants (hash, or HMAC when given a secret). */
class NodeSha256 {
  readonly #hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.#hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytesOf(secret))
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.#hash.update(bytesOf(data))
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.#hash.digest()))
  }
  reset(): void {}
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/

/** Whether the request's Authorization header is the SigV4 signature of exactly this request under `secret`. */
export const verifySigV4 = async (request: { method: string; url: string; headers: Readonly<Record<string, string>> }, secret: string): Promise<boolean> => {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? "")
  if (match === null) return false
  const [, accessKeyId, , region, signedHeaders, given] = match
  const url = new URL(request.url, "http://placeholder")
  const headers: Record<string, string> = {}
  for (const name of signedHeaders!.split(";")) headers[name] = request.headers[name] ?? ""
  const query: Record<string, string | Array<string>> = {}
  for (const [name, value] of url.searchParams) query[name] = value
  const amzDate = request.headers["x-amz-date"] ?? ""
  const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`)
  const signer = new SignatureV4({ credentials: { accessKeyId: accessKeyId!, secretAccessKey: secret }, region: region!, service: "s3", sha256: NodeSha256, uriEscapePath: false, applyChecksum: false })
  const signed = await signer.sign({
    method: request.method, protocol: "http:", hostname: (headers.host ?? "").split(":")[0]!, path: decodeURIComponent(url.pathname), query, headers
  }, { signingDate, unsignableHeaders: new Set(), signableHeaders: new Set(Object.keys(headers)) })
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization ?? signed.headers.Authorization))?.[1]
  return expected === given
}

const headersOf = (request: IncomingMessage): Record<string, string> =>
  Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : value ?? ""]))

export const startS3 = async (): Promise<S3Fixture> => {
  const directory = mkdtempSync(join(tmpdir(), "mido-s3rver-"))
  const s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }], vhostBuckets: false })
  const { port: s3Port } = await s3rver.run()
  const requests: RecordedS3Request[] = []
  const proxy = createServer((incoming, outgoing) => {
    const headers = headersOf(incoming)
    void (async () => {
      const signed = headers.authorization === undefined ? undefined : await verifySigV4({ method: incoming.method ?? "GET", url: incoming.url ?? "/", headers }, S3_SECRET)
      requests.push({ method: incoming.method ?? "GET", path: incoming.url ?? "/", headers, signatureOk: signed })
      if (signed === false) {
        incoming.resume()
        outgoing.writeHead(403, { "content-type": "application/xml" })
        outgoing.end("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>")
        return
      }
      const upstream = httpRequest({ host: "127.0.0.1", port: s3Port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      })
      upstream.on("error", () => outgoing.destroy())
      incoming.pipe(upstream)
    })()
  })
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  const direct = `http://127.0.0.1:${s3Port}`
  return {
    endpoint,
    direct,
    requests,
    settings: (overrides = {}) => ({
      endpoint, region: S3_REGION, bucket: S3_BUCKET, accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET,
      forcePathStyle: true, publicUrl: `${direct}/${S3_BUCKET}`, ...overrides
    }),
    close: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
      proxy.closeAllConnections()
      await s3rver.close()
      rmSync(directory, { recursive: true, force: true })
    }
  }
}
