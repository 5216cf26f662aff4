/**
 * R45: the SDK sends a stable `Idempotency-Key` per user action on order create; a retry of the same
 * action (after a timeout, a lost answer, or the person pressing again) reuses it, so the server
 * answers the order it already made instead of making a second one.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key"

/** 128 random bits as hex. getRandomValues, unlike randomUUID, also works on plain-http origins. */
export const newIdempotencyKey = (): string => {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
}
