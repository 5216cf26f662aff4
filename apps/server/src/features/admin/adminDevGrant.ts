import { fail, ok } from "@mido/core"
import { isAdminRole } from "@mido/core/admin"
import type { Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"
import { grantRole } from "./roleGrants.js"

/**
 * Development only (registered beside the other /api/dev routes, never in production): what the
 * terminal's `npm run admin -- grant` does, for the browser tests (apps/web/e2e/support/admin.ts),
 * which cannot run a second process on the server's PGlite directory.
 */
export const registerAdminDevGrant = (app: Hono, deps: ServerDeps) => {
  app.post("/api/dev/admin/grant", async (hono) => {
    const body = (await hono.req.json().catch(() => ({}))) as { phone?: unknown; role?: unknown }
    const phone = typeof body.phone === "string" && /^1\d{10}$/.test(body.phone) ? body.phone : undefined
    const role = typeof body.role === "string" && isAdminRole(body.role) ? body.role : undefined
    if (phone === undefined || role === undefined) return hono.json(fail(400, "请提供手机号和角色"), 400)
    const outcome = await grantRole(deps.db, phone, role, deps.now())
    return outcome.ok ? hono.json(ok({ uid: outcome.uid, role })) : hono.json(fail(404, outcome.reason), 404)
  })
}
