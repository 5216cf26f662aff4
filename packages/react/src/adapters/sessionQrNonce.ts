import { isQrNonce } from "@mido/core"
import type { WebStorage } from "@mido/core/browser"

/** Where this tab keeps its QR nonce (sessionStorage: one per tab, gone with it). */
export const QR_NONCE_KEY = "mido.qr_nonce"

/** 24 random bytes as base64url: 32 characters, 192 bits. */
const randomNonce = (crypto: Pick<Crypto, "getRandomValues">): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  let text = ""
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

/**
 * R5: the random value that binds a WeChat QR to this tab. Made once per tab and kept in
 * sessionStorage, so a key seen on someone else's screen is useless without it. Without storage or
 * crypto, no nonce is sent (the server then accepts the key alone).
 */
export const makeSessionQrNonce = (
  storage: () => WebStorage = () => globalThis.sessionStorage,
  crypto: Pick<Crypto, "getRandomValues"> | undefined = globalThis.crypto
) => (): string | undefined => {
  try {
    const kept = storage().getItem(QR_NONCE_KEY)
    if (kept !== null && isQrNonce(kept)) return kept
    if (crypto === undefined) return undefined
    const fresh = randomNonce(crypto)
    storage().setItem(QR_NONCE_KEY, fresh)
    return fresh
  } catch {
    return crypto === undefined ? undefined : randomNonce(crypto)
  }
}
