import { Api } from "@mido/core/contract"
import type { Hono } from "hono"
import { implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { bearerToken, revokeToken, revokeUserSessions } from "../../platform/tokens.js"

/**
 * R7 (ASVS 7.4.1): logout ends the session on the server. base/logout ends the caller's session,
 * base/logout_all every session of the user ("log out everywhere", this one included). Both need a
 * live token (implementAuthed), so a revoked or unknown one answers -401 and ends nothing.
 */
export const registerLogout = (app: Hono, deps: ServerDeps) => {
  implementAuthed(app, deps, Api.login.logout, async (_input, { uid, ip, hono }) => {
    // implementAuthed found a live session for this header, so the token is there
    const revoked = await revokeToken(deps.db, bearerToken(hono.req.header("authorization")) ?? "", deps.now())
    // R7: no process may answer this token from its session cache from now on (sessionCache.ts)
    deps.sessions.forgetUser(uid)
    deps.log.info("logout", { uid, everywhere: false, revoked, ip })
    return { revoked }
  })

  implementAuthed(app, deps, Api.login.logoutEverywhere, async (_input, { uid, ip }) => {
    const revoked = await revokeUserSessions(deps.db, uid, deps.now())
    deps.sessions.forgetUser(uid)
    deps.log.info("logout", { uid, everywhere: true, revoked, ip })
    return { revoked }
  })
}
