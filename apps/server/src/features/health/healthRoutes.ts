import { createHash, timingSafeEqual } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"
import { checkEngines, publicReport } from "./engineReport.js"

/** The header that opens the engines' detail (MIDO_HEALTH_TOKEN). */
export const HEALTH_TOKEN_HEADER = "x-mido-health-token"

const sameSecret = (given: string, expected: string): boolean => {
  // hashed first: equal lengths for timingSafeEqual, and no length told by the time taken
  const digest = (text: string) => createHash("sha256").update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * GET /healthz: 200 when the database answers, 503 when it does not (load balancers use it).
 * GET /healthz?detail=engines: the operator's engine check (engineReport.ts) for the holder of
 * MIDO_HEALTH_TOKEN only (X-Mido-Health-Token), with addresses taken out of its texts; 503 when an
 * engine needs attention. Without the token it is 403, and 404 while no token is configured: the
 * public learns neither the engines, their models nor where they run.
 */
export const registerHealth = (app: Hono, deps: ServerDeps) => {
  app.get("/healthz", async (hono) => {
    if (hono.req.query("detail") === "engines") {
      const token = deps.config.healthToken
      if (token === undefined) return hono.json({ status: "engine detail is off (set MIDO_HEALTH_TOKEN)" }, 404)
      if (!sameSecret(hono.req.header(HEALTH_TOKEN_HEADER) ?? "", token)) return hono.json({ status: "forbidden" }, 403)
      const report = publicReport(await checkEngines(deps.engines))
      return hono.json({ status: report.ok ? "ok" : "engines need attention", ...report }, report.ok ? 200 : 503)
    }
    try {
      await deps.db.execute(sql`select 1`)
      return hono.json({ status: "ok" })
    } catch {
      return hono.json({ status: "database unavailable" }, 503)
    }
  })
}
