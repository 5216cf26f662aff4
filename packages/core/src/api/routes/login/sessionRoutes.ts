import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { LogoutResult } from "../../schemas/SessionToken.js"

/** Ending sessions on the server (R7): the Session service's logout calls. */
export const sessionRoutes = {
  logout: defineRoute({
    name: "login.logout",
    method: "POST",
    path: "/api/v1/base/logout",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({}),
    data: LogoutResult,
    summary: "Logs out: ends this session on the server (R7)."
  }),
  logoutEverywhere: defineRoute({
    name: "login.logoutEverywhere",
    method: "POST",
    path: "/api/v1/base/logout_all",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({}),
    data: LogoutResult,
    summary: "Logs out everywhere: ends every session of the user."
  })
} as const
