import { Schema } from "effect"
import { BIO_MAX_CHARS, bioProblem, normalizeBio } from "../../domain/profile/bio.js"
import { ImageUrl, UserText } from "./textFields.js"

export const NICKNAME_MAX = 20
/** PB2, kept under its old name for the wire's readers. */
export const BIO_MAX = BIO_MAX_CHARS

/** The 个人简介 as typed → as stored (PB1), refused with the dialog's words past PB2's limits. */
export const BioText = Schema.transform(Schema.String, Schema.String, { strict: true, decode: normalizeBio, encode: (bio) => bio }).pipe(
  Schema.filter((bio) => bioProblem(bio) ?? true)
).annotations({ description: `个人简介: normalized (PB1), at most ${BIO_MAX_CHARS} characters as read and 3 lines (PB2); an empty string clears it` })

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
  bio: Schema.optional(BioText)
}).pipe(
  Schema.filter((payload) => Object.values(payload).some((value) => value !== undefined) || "请至少修改一项资料")
)
export type UserEditPayload = typeof UserEditPayload.Type
