import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"

// @noble/hashes (ADR 0008): synchronous (crypto.subtle is async, and the analytics hash is needed
// while an event is pushed), audited and small; the one package besides effect the domain may use.

/**
 * NV10: the SHA-256 digest (32 bytes) of bytes, or of a text's UTF-8 (a lone surrogate counts as
 * U+FFFD, as TextEncoder writes it, so the hash matches the browser's and node:crypto's).
 */
export const sha256 = (message: Uint8Array | string): Uint8Array =>
  nobleSha256(typeof message === "string" ? utf8ToBytes(message) : message)

/** NV10: the SHA-256 digest as 64 lowercase hex digits. */
export const sha256Hex = (message: Uint8Array | string): string => bytesToHex(sha256(message))
