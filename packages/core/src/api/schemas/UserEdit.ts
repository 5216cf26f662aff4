import { Schema } from "effect"
import { ImageUrl, OptionalUserText, UserText } from "./textFields.js"

export const NICKNAME_MAX = 20
export const BIO_MAX = 200

/**
 * POST /api/v1/user/edit (payload not shown in the spec; designed): only the fields a user may change
 * about themselves. Everything server-owned (uid, vip_*, balance, invite fields, phone) is absent, and
 * the server rejects unknown keys (R12). Omitted fields stay as they are; at least one must be given.
 */
export const UserEditPayload = Schema.Struct({
  nickname: Schema.optional(UserText("昵称", NICKNAME_MAX)),
  avatar: Schema.optional(ImageUrl).annotations({
    description: "address of an image the user uploaded first (base/upload); the server checks it is theirs (R19)"
  }),
  bio: Schema.optional(OptionalUserText("个性签名", BIO_MAX)).annotations({
    description: "personal signature; an empty string clears it"
  })
}).pipe(
  Schema.filter((payload) => Object.values(payload).some((value) => value !== undefined) || "请至少修改一项资料")
)
export type UserEditPayload = typeof UserEditPayload.Type
