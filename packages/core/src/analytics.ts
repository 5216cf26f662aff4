/**
 * @mido/core/analytics: NV10's SHA-256 and NV11's hashed user id for the analytics data layer. An entry
 * of its own (ADR 0029) because @noble/hashes is 2.9 KB gzip that no first paint needs: the web app
 * fetches it with the first event that carries a user id. Names exported here are exported from no
 * other entry.
 */
export { AnalyticsUserIdPrefix, analyticsUserId } from "./domain/navigation/analyticsUserId.js"
export { sha256, sha256Hex } from "./domain/crypto/sha256.js"
