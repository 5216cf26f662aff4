import type { Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"
import { registerAdminDevGrant } from "./adminDevGrant.js"
import { registerAdminAccess } from "./auditRoutes.js"
import { registerUserAdmin } from "./userAdminRoutes.js"
import { registerModerationAdmin } from "../moderation/moderationConsole.js"
import { registerMoneyAdmin } from "./moneyAdminRoutes.js"
import { registerGenerationAdmin } from "./generationAdminRoutes.js"

/** The operator console's routes (issue 29, @mido/core/admin). Each area registers its own here. */
export const registerAdmin = (app: Hono, deps: ServerDeps) => {
  // the same guard as the other development endpoints (app.ts): absent in production
  if (!deps.config.production && deps.devOutbox !== undefined) registerAdminDevGrant(app, deps)
  registerAdminAccess(app, deps)
  registerUserAdmin(app, deps)
  registerModerationAdmin(app, deps)
  registerMoneyAdmin(app, deps)
  registerGenerationAdmin(app, deps)
}
