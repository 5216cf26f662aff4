import { Schema } from "effect"

/** Every answer of the API (spec §7): code 0 is success, -401 login required, anything else an error. */
export const Envelope = Schema.Struct({
  code: Schema.Number,
  msg: Schema.optionalWith(Schema.String, { default: () => "" }),
  data: Schema.optional(Schema.Unknown)
})
export type Envelope = typeof Envelope.Type

export const SUCCESS_CODE = 0
export const UNAUTHORIZED_CODE = -401

/** The server side: wraps data or an error into the same envelope. */
export const ok = <A>(data: A) => ({ code: SUCCESS_CODE, msg: "success", data })
export const fail = (code: number, msg: string) => ({ code, msg, data: null })
