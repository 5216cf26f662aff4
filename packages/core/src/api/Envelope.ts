import { Schema } from "effect"

export { fail, ok, SUCCESS_CODE, UNAUTHORIZED_CODE } from "./answerCodes.js"

/**
 * Every answer of the API (spec §7): code 0 is success, -401 login required, anything else an error.
 * The codes and the server's `ok` / `fail` live in answerCodes.ts, which needs no Schema (ADR 0032).
 */
export const Envelope = Schema.Struct({
  code: Schema.Number,
  msg: Schema.optionalWith(Schema.String, { default: () => "" }),
  data: Schema.optional(Schema.Unknown)
})
export type Envelope = typeof Envelope.Type
