import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto"

/**
 * Keyed hashes for the login secrets the database keeps (R3: "only a hash is kept"): captcha answers,
 * SMS codes, QR keys, nonces and tickets. The server secret is part of the key, so a leaked table does
 * not let anyone test the 10^6 possible codes offline.
 */
export const secretHash = (secret: string, ...parts: ReadonlyArray<string>): string =>
  createHmac("sha256", secret).update(parts.join("\n")).digest("hex")

/** Constant-time comparison of two hex digests. */
export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a, "hex")
  const right = Buffer.from(b, "hex")
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}

/** A random reference (R5: ≥128 bits from a CSPRNG), base64url. */
export const randomKey = (bytes = 24): string => randomBytes(bytes).toString("base64url")

/** A fingerprint for logs: never the secret itself (R38). */
export const fingerprint = (value: string): string => createHash("sha256").update(value).digest("hex").slice(0, 12)
