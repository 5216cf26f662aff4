import { defineRoute } from "../../Route.js"
import { ChangePhoneAuthPayload, ChangePhonePayload, ChangePhoneResult, ChangePhoneTicket } from "../../schemas/ChangePhone.js"
import { UserEditPayload } from "../../schemas/UserEdit.js"
import { CurrentUser } from "../../schemas/UserInfo.js"

/** Changing the caller's account: nickname, avatar and signature; the phone in two steps (R6). */
export const accountRoutes = {
  edit: defineRoute({
    name: "user.edit",
    method: "POST",
    path: "/api/v1/user/edit",
    auth: "required",
    encoding: "json",
    input: UserEditPayload,
    data: CurrentUser,
    summary: "Changes the caller's nickname, avatar or signature (only these, R12); answers the updated user (payload ours: not shown)."
  }),
  changePhoneAuth: defineRoute({
    name: "user.changePhoneAuth",
    method: "POST",
    path: "/api/v1/user/change_phone/auth",
    auth: "required",
    encoding: "json",
    input: ChangePhoneAuthPayload,
    data: ChangePhoneTicket,
    summary: "Step 1 of changing the phone (R6): the code send_user_sms sent to the current phone, for a single-use ticket (payload ours: not shown)."
  }),
  changePhone: defineRoute({
    name: "user.changePhone",
    method: "POST",
    path: "/api/v1/user/change_phone",
    auth: "required",
    encoding: "json",
    input: ChangePhonePayload,
    data: ChangePhoneResult,
    summary: "Step 2 (R6): the ticket, the new phone and the code send_bind_sms sent to it; a phone bound to another account is refused (payload ours: not shown)."
  })
} as const
