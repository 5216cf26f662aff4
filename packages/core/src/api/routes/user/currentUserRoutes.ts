import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { CurrentUser } from "../../schemas/UserInfo.js"

/** The logged-in user, which Session refreshes at start-up (kept alone: the first load needs only it of the account calls). */
export const currentUserRoutes = {
  info: defineRoute({
    name: "user.info",
    method: "GET",
    path: "/api/v1/user/info",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: CurrentUser,
    summary: "The logged-in user: membership, invite fields and the masked phone (R10). Refreshed at start-up and after a plan is bought."
  })
} as const
