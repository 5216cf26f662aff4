import { Hono } from "hono"
import { registerAccount } from "./account.js"
import { registerArtworks } from "./artworks.js"
import { registerCommerce } from "./commerce.js"
import { registerCommunity } from "./community.js"
import type { ServerDeps } from "./deps.js"
import { registerFiles } from "./files.js"
import { registerHealth } from "./health.js"
import { registerHelp } from "./help.js"
import { registerLogin } from "./login.js"
import { registerMessages } from "./messages.js"
import { registerPeople } from "./people.js"
import { registerWallet } from "./wallet.js"
import { registerWebApp } from "./webApp.js"

const securityHeaders = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"]
] as const

/**
 * The whole HTTP surface: every feature module registers its routes of the contract. Built from
 * dependencies only, so tests run it in-process or on a loopback port with any database.
 */
export const buildApp = (deps: ServerDeps): Hono => {
  const app = new Hono()
  app.use(async (hono, next) => {
    await next()
    // R17: no sniffing, no framing by others, no referrer leaking a path with a query. Set on the
    // response's own headers: hono.header() after the handler rebuilds the response around its body
    // stream (about 6% of a feed request's CPU); a response with immutable headers takes that way.
    for (const [name, value] of securityHeaders) {
      try {
        hono.res.headers.set(name, value)
      } catch {
        hono.header(name, value)
      }
    }
  })
  registerHealth(app, deps)
  registerAccount(app, deps)
  registerLogin(app, deps)
  registerWallet(app, deps)
  registerCommerce(app, deps)
  registerPeople(app, deps)
  registerArtworks(app, deps)
  registerMessages(app, deps)
  registerCommunity(app, deps)
  registerFiles(app, deps)
  // before the web app: its deep-link fallback would answer /help/* with index.html
  registerHelp(app, deps)
  registerWebApp(app, deps)
  app.notFound((hono) => (hono.req.path.startsWith("/api/") ? hono.json({ code: 404, msg: "接口不存在", data: null }, 404) : hono.text("Not Found", 404)))
  return app
}
