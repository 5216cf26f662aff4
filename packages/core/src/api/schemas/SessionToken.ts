import { Schema } from "effect"

/** The session token: opaque, random, stored hashed on the server (R7). */
export const Token = Schema.String.pipe(Schema.minLength(16), Schema.maxLength(512), Schema.pattern(/^[\x21-\x7e]+$/)).annotations({
  description: "opaque bearer token, sent back as Authorization: Bearer <token>"
})

/** logout and logout_all (designed; R7): how many sessions the call ended. */
export const LogoutResult = Schema.Struct({
  revoked: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "sessions ended" })
})
export type LogoutResult = typeof LogoutResult.Type
