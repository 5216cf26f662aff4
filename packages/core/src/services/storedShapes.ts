import type { ConfigEntry } from "../api/schemas/AppConfig.js"
import type { CurrentUser } from "../api/schemas/UserInfo.js"
import { flag, integer, list, nullOr, oneOf, struct, text, withDefault, type StoredShape } from "./storedShape.js"

/**
 * The saved values the core reads at start, as small shapes rather than Schemas (ADR 0032). Each
 * mirrors the schema named beside it, which stays the contract; storedShapes.test.ts checks that they
 * agree on sampled and edited values.
 */

/** SessionToken.ts `Token`: 16 to 512 printable ASCII characters. */
export const isToken = (value: string): boolean => /^[\x21-\x7e]{16,512}$/.test(value)

/** AuthToken's saved value: `{ token }`. */
export const storedAuth = struct({ token: text(isToken) })

/** Phone.ts `MaskedPhone`. */
const isMaskedPhone = (value: string): boolean => /^1\d{2}\*{4}\d{4}$/.test(value)

/** UserInfo.ts `CurrentUser`, the user the top bar shows before the first call answers. */
export const storedUser: StoredShape<CurrentUser> = struct({
  uid: integer(1),
  avatar: text(),
  nickname: text(),
  is_vip: flag,
  vip_level: oneOf(0, 1, 2, 3),
  vip_name: text(),
  vip_expired_at_str: withDefault(nullOr(text()), () => null),
  invite_code: text(),
  invite_user_id: integer(0),
  invite_user_name: text(),
  nid: text(),
  phone: text(isMaskedPhone),
  bio: withDefault(text(), () => "")
})

/** Config's saved value: AppConfig.ts `ConfigEntry`s. */
export const storedConfig: StoredShape<ReadonlyArray<ConfigEntry>> = list(struct({ key: text((key) => key.length >= 1), value: list(text()) }))

/** Phone.ts `InviteCode` after its trim: 4 to 32 letters or digits. */
export const isInviteCode = (trimmed: string): boolean => /^[A-Za-z0-9]{4,32}$/.test(trimmed)

/** QrNonce.ts `QrNonce`. */
export const isQrNonce = (value: string): boolean => /^[A-Za-z0-9_-]{16,128}$/.test(value)
