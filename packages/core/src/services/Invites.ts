import { Effect } from "effect"
import type { CallError, InputCallError } from "../api/ApiErrors.js"
import { inviteRoutes } from "../api/routes/inviteRoutes.js"
import type { InvitedUser, InviterCard, InviteSummary } from "../api/schemas/Invite.js"
import { ApiClient } from "./ApiClient.js"
import { validateInput } from "./validateInput.js"

/** Users invited per page on /invite-info. */
export const INVITEES_PAGE_SIZE = 20

export interface InvitesShape {
  /** GET /api/v1/user/invite/summary: my code, how many joined with it, the beans it earned. */
  readonly summary: () => Effect.Effect<InviteSummary, CallError>
  /** GET /api/v1/user/invite/list: one page (1-based) of the users who joined with my code. */
  readonly invitees: (page: number) => Effect.Effect<{ readonly list: ReadonlyArray<InvitedUser>; readonly total: number }, CallError>
  /** GET /api/v1/open/invite/inviter: who invites with `code` and the member discount; the code is checked first (邀请码无效). */
  readonly inviter: (code: string) => Effect.Effect<InviterCard, InputCallError>
}

/**
 * The invite pages' calls over the app's ApiClient. In @mido/core/account (the invite pages' chunk),
 * made like makeAssistantService: no Layer, so nothing of it reaches the first load.
 */
export const makeInvitesService: Effect.Effect<InvitesShape, never, ApiClient> = Effect.map(ApiClient, (api): InvitesShape => ({
  summary: () => api.call(inviteRoutes.summary, {}),
  invitees: (page) => api.call(inviteRoutes.invitees, { page, size: INVITEES_PAGE_SIZE }),
  inviter: (code) => Effect.flatMap(validateInput(inviteRoutes.inviter, { code }), (input) => api.call(inviteRoutes.inviter, input))
}))
