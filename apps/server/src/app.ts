import { allRoutes } from "@mido/core/contract"
import { Hono } from "hono"
import { registerAccount } from "./features/account/accountRoutes.js"
import { registerAdmin } from "./features/admin/adminRoutes.js"
import { registerAssistant } from "./features/assistant/assistantRoutes.js"
import { registerArtworks } from "./features/artworks/artworkRoutes.js"
import { registerCommerce } from "./features/commerce/commerceRoutes.js"
import { registerCommunity } from "./features/community/communityRoutes.js"
import type { ServerDeps } from "./platform/deps.js"
import { registerFiles } from "./features/files/fileRoutes.js"
import { registerGeneration } from "./features/generation/generationRoutes.js"
import { registerHealth } from "./features/health/healthRoutes.js"
import { registerHelp } from "./features/help/helpRoutes.js"
import { registerInvites } from "./features/invites/inviteRoutes.js"
import { registerDevEndpoints } from "./features/dev/devRoutes.js"
import { registerLogin } from "./features/login/loginRoutes.js"
import { registerMessages } from "./features/messages/messageRoutes.js"
import { registerPeople } from "./features/account/peopleRoutes.js"
import { registerWallet } from "./features/beans/walletRoutes.js"
import { registerWebApp } from "./features/webApp/webApp.js"
import { securityHeaders } from "./platform/securityHeaders.js"
import { requestBodyLimit } from "./platform/bodyLimit.js"

/** The upload forms of the contract: each caps its body at the upload size itself (features/files, FORM_LIMIT_BYTES). */
const ownBodyLimits = new Set(allRoutes.filter((route) => route.encoding === "multipart").map((route) => route.path))

/**
 * The whole HTTP surface: every feature module registers its routes of the contract. Built from
 * dependencies only, so tests run it in-process or on a loopback port with any database.
 */
export const buildApp = (deps: ServerDeps): Hono => {
  const app = new Hono()
  app.use(securityHeaders)
  // before any route reads a body: every body is capped, the upload forms at their own size (R12, R38)
  app.use(requestBodyLimit(ownBodyLimits))
  registerHealth(app, deps)
  registerAccount(app, deps)
  registerLogin(app, deps)
  if (!deps.config.production && deps.devOutbox !== undefined) registerDevEndpoints(app, deps, deps.devOutbox)
  registerWallet(app, deps)
  registerCommerce(app, deps)
  registerPeople(app, deps)
  registerArtworks(app, deps)
  registerMessages(app, deps)
  registerCommunity(app, deps)
  registerFiles(app, deps)
  registerGeneration(app, deps)
  registerAssistant(app, deps)
  registerInvites(app, deps)
  registerAdmin(app, deps)
  // before the web app: its deep-link fallback would answer /help/* with index.html
  registerHelp(app, deps)
  registerWebApp(app, deps)
  app.notFound((hono) => (hono.req.path.startsWith("/api/") ? hono.json({ code: 404, msg: "接口不存在", data: null }, 404) : hono.text("Not Found", 404)))
  return app
}
