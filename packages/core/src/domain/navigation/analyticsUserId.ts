import { sha256Hex } from "../crypto/sha256.js"

/**
 * A fixed prefix so this hash differs from a bare SHA-256 of the id that another system might publish,
 * and so a later change of scheme ("mido2:") cannot be confused with this one. It is public, so the hash
 * pseudonymises rather than anonymises: small numeric ids can still be enumerated.
 */
export const AnalyticsUserIdPrefix = "mido:"

/** NV11: the user id as pushed to the analytics data layer, hex SHA-256 of `mido:` + the id. */
export const analyticsUserId = (uid: string | number): string => sha256Hex(`${AnalyticsUserIdPrefix}${uid}`)
