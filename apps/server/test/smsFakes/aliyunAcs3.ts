import { createHash, createHmac } from "node:crypto"
import type { RecordedRequest } from "../engineFakes/recordingHttpServer.js"

/**
 * Aliyun's V3 request signature, ACS3-HMAC-SHA256, checked the way the gateway documents it
 * ("V3版本请求体&签名机制", help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature),
 * written from that document rather than from the SDK, so a signing mistake in the SDK or in how Mido
 * configures it shows up as a refusal:
 *   CanonicalRequest = Method \n CanonicalURI \n CanonicalQueryString \n CanonicalHeaders \n SignedHeaders \n HashedRequestPayload
 *   StringToSign     = "ACS3-HMAC-SHA256" \n hex(sha256(CanonicalRequest))
 *   Authorization    = ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<a;b>,Signature=hex(hmac_sha256(secret, StringToSign))
 * The query string's names and values are RFC 3986 percent-encoded and sorted; the signed headers are
 * lower-case, sorted, and must include host and every x-acs-* header; the payload hash must match the
 * body and the x-acs-content-sha256 header.
 */
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex")

export type SignatureVerdict =
  | { readonly ok: true; readonly accessKeyId: string }
  | { readonly ok: false; readonly code: "IncompleteSignature" | "SignatureDoesNotMatch" | "InvalidAccessKeyId.NotFound" | "InvalidTimeStamp.Expired" | "SignatureNonceUsed"; readonly message: string }

const AUTHORIZATION = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/

/** The gateway accepts an x-acs-date 15 minutes either side of its clock (the document's InvalidTimeStamp.Expired). */
const CLOCK_SKEW_MS = 15 * 60_000

export const verifyAcs3 = (
  request: RecordedRequest,
  secrets: Readonly<Record<string, string>>,
  seenNonces: Set<string>,
  now = Date.now()
): SignatureVerdict => {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? "")
  if (match === null) return { ok: false, code: "IncompleteSignature", message: "The request signature does not conform to Aliyun standards." }
  const [, accessKeyId = "", signedHeaderList = "", signature = ""] = match
  const secret = secrets[accessKeyId]
  if (secret === undefined) return { ok: false, code: "InvalidAccessKeyId.NotFound", message: "Specified access key is not found." }
  const signedHeaders = signedHeaderList.split(";")
  const needed = Object.keys(request.headers).filter((name) => name === "host" || name.startsWith("x-acs-"))
  if (needed.some((name) => !signedHeaders.includes(name)) || [...signedHeaders].sort().join(";") !== signedHeaderList) {
    return { ok: false, code: "IncompleteSignature", message: "The signed headers must include host and every x-acs-* header, sorted." }
  }
  const payloadHash = sha256Hex(request.body)
  if (request.headers["x-acs-content-sha256"] !== payloadHash) return { ok: false, code: "SignatureDoesNotMatch", message: "The payload hash does not match the body." }
  const date = Date.parse(request.headers["x-acs-date"] ?? "")
  if (!Number.isFinite(date) || Math.abs(now - date) > CLOCK_SKEW_MS) return { ok: false, code: "InvalidTimeStamp.Expired", message: "Specified time stamp or date value is expired." }
  const url = new URL(request.path, "http://fake")
  const query = [...url.searchParams.entries()].map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&")
  const headers = signedHeaders.map((name) => `${name}:${(request.headers[name] ?? "").trim()}\n`).join("")
  const canonical = [request.method, url.pathname, query, headers, signedHeaderList, payloadHash].join("\n")
  const expected = createHmac("sha256", secret).update(`ACS3-HMAC-SHA256\n${sha256Hex(canonical)}`).digest("hex")
  if (expected !== signature) return { ok: false, code: "SignatureDoesNotMatch", message: "Specified signature does not match our calculation." }
  // a replayed request (same nonce) is refused even with a good signature
  const nonce = request.headers["x-acs-signature-nonce"] ?? ""
  if (nonce === "" || seenNonces.has(nonce)) return { ok: false, code: "SignatureNonceUsed", message: "Specified signature nonce was used already." }
  seenNonces.add(nonce)
  return { ok: true, accessKeyId }
}
