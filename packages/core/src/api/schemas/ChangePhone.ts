import { Schema } from "effect"
import { MaskedPhone, Phone, SmsCode } from "./Phone.js"

/**
 * Changing the account's phone (payloads not shown in the spec; designed after R6): first prove the
 * old phone with the code send_user_sms sent to it, which gives a short-lived ticket; then send the
 * new phone with the code send_bind_sms sent to that one, together with the ticket.
 */
export const ChangePhoneAuthPayload = Schema.Struct({
  code: SmsCode.annotations({ description: "the code send_user_sms sent to the current phone" })
})
export type ChangePhoneAuthPayload = typeof ChangePhoneAuthPayload.Type

export const ChangePhoneTicket = Schema.Struct({
  ticket: Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{16,128}$/)).annotations({
    description: "single-use proof that the old phone was verified"
  }),
  expire_in: Schema.Int.pipe(Schema.positive()).annotations({ description: "seconds the ticket stays valid" })
})
export type ChangePhoneTicket = typeof ChangePhoneTicket.Type

export const ChangePhonePayload = Schema.Struct({
  ticket: ChangePhoneTicket.fields.ticket,
  phone: Phone,
  code: SmsCode.annotations({ description: "the code send_bind_sms sent to the new phone" })
})
export type ChangePhonePayload = typeof ChangePhonePayload.Type

export const ChangePhoneResult = Schema.Struct({ phone: MaskedPhone })
export type ChangePhoneResult = typeof ChangePhoneResult.Type
