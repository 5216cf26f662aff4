import { sql } from "drizzle-orm"
import type { Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"

/** GET /healthz: 200 when the database answers, 503 when it does not (load balancers use it). */
export const registerHealth = (app: Hono, deps: ServerDeps) => {
  app.get("/healthz", async (hono) => {
    try {
      await deps.db.execute(sql`select 1`)
      return hono.json({ status: "ok" })
    } catch {
      return hono.json({ status: "database unavailable" }, 503)
    }
  })
}
