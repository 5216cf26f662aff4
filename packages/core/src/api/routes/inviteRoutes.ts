import { Schema } from "effect"
import { defineRoute } from "../Route.js"
import { Page } from "../schemas/common.js"
import { InvitedUser, InviteeListQuery, InviterCard, InviterQuery, InviteSummary } from "../schemas/Invite.js"

/**
 * The invite programme (spec §1, §2 /invite-info and /invited; payloads ours, not in spec §7). The
 * invite code itself travels with the login (spec §5); the reward is credited by the server on the
 * invitee's first paid order (R35), so these calls only read.
 */
export const inviteRoutes = {
  summary: defineRoute({
    name: "invite.summary",
    method: "GET",
    path: "/api/v1/user/invite/summary",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: InviteSummary,
    summary: "My invite code, how many signed up with it, and the beans inviting has earned (the invite_reward ledger total) (payload ours)."
  }),
  invitees: defineRoute({
    name: "invite.invitees",
    method: "GET",
    path: "/api/v1/user/invite/list",
    auth: "required",
    encoding: "query",
    input: InviteeListQuery,
    data: Page(InvitedUser),
    summary: "The users who signed up with my code, newest first, with the reward each earned me (payload ours)."
  }),
  inviter: defineRoute({
    name: "invite.inviter",
    method: "GET",
    path: "/api/v1/open/invite/inviter",
    auth: "none",
    encoding: "query",
    input: InviterQuery,
    data: InviterCard,
    summary: "Who invites with `code` (nickname and avatar only) and the invited users' member discount, for /invited; an unknown code answers 邀请码无效 (payload ours)."
  })
} as const
