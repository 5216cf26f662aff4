import { Api } from "@mido/core/contract"
import type { Hono } from "hono"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { invitedUsers, inviterByCode, inviteSummary } from "./invites.js"

/** The invite pages' calls (/invite-info, /invited): my code and rewards, my invitees, an inviter by code. */
export const registerInvites = (app: Hono, deps: ServerDeps) => {
  implementAuthed(app, deps, Api.invite.summary, async (_input, { uid }) => inviteSummary(deps.db, uid))

  implementAuthed(app, deps, Api.invite.invitees, async ({ page, size }, { uid }) => invitedUsers(deps.db, uid, page, size))

  implement(app, deps, Api.invite.inviter, async ({ code }, { ip }) => inviterByCode(deps.db, code, ip, deps.now()))
}
