import { type AdminRole, type AnyAdminRoute, isAdminRole, roleIncludes } from "@mido/core/admin"
import { fail, type RouteData, type RouteInput } from "@mido/core"
import { eq } from "drizzle-orm"
import type { Hono } from "hono"
import type { Db } from "../../db/database.js"
import { userRoles } from "../../db/schema/admin.js"
import { type AuthedContext, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { Codes } from "../../platform/failure.js"
import { refuseNonJsonBody } from "../../platform/jsonContentType.js"
import { userForToken } from "../../platform/tokens.js"

/** The refusal every console route gives an account without the role it needs. */
export const NO_ACCESS = "无权访问"

/** The caller's console role, read from the database on every request (a revoke takes effect at once). */
export const roleOf = async (db: Db, uid: number): Promise<AdminRole | undefined> => {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.uid, uid)).limit(1)
  return row !== undefined && isAdminRole(row.role) ? row.role : undefined
}

export interface AdminContext extends AuthedContext {
  readonly role: AdminRole
}

/** The role the middleware checked, by request (the same Request object reaches the handler). */
const checkedRoles = new WeakMap<Request, AdminRole>()

export type AdminHandler<R extends AnyAdminRoute> = (input: RouteInput<R>, context: AdminContext) => Promise<RouteData<R>>

/**
 * Serves one console route: the role check runs as middleware on the route's path BEFORE anything of
 * the request is read (a visitor gets -401 请先登录, an account without the route's role 403 无权访问,
 * whatever it sent), then the route is served like every other contract route. Only the body's declared
 * type comes first (R12, as in contract.ts's serve): a non-JSON POST is 415 for everyone, so the answer
 * to a malformed request does not depend on who sent it and the order is the same on every route. The role is not in
 * the token: it is read from user_roles per request, so a revoke or a ban needs no logout.
 */
export const implementAdmin = <R extends AnyAdminRoute>(app: Hono, deps: ServerDeps, route: R, handler: AdminHandler<R>) => {
  app.use(route.path, async (hono, next) => {
    if (hono.req.method !== route.method) return next()
    const notJson = refuseNonJsonBody(hono, route)
    if (notJson !== undefined) return notJson
    const uid = await userForToken(deps.db, hono.req.header("authorization"), deps.now(), deps.sessions)
    if (uid === undefined) return hono.json(fail(Codes.unauthorized, "请先登录"))
    const role = await roleOf(deps.db, uid)
    if (role === undefined || !roleIncludes(role, route.role)) return hono.json(fail(Codes.forbidden, NO_ACCESS))
    checkedRoles.set(hono.req.raw, role)
    return next()
  })
  implementAuthed(app, deps, route, async (input, context) => {
    const role = checkedRoles.get(context.hono.req.raw)
    // the middleware above always ran first; a missing role means a wiring mistake, refused all the same
    if (role === undefined) throw new Error(`${route.name}: served without its role check`)
    return handler(input as RouteInput<R>, { ...context, role })
  })
}
