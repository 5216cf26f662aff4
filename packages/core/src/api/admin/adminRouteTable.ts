import type { AnyAdminRoute } from "./AdminRoute.js"
import { accessRoutes, auditRoutes } from "./accessRoutes.js"
import { dashboardRoutes } from "./dashboardRoutes.js"
import { userAdminRoutes } from "./userAdminRoutes.js"
import { reviewRoutes } from "./reviewRoutes.js"
import { moderationRoutes } from "./moderationRoutes.js"
import { moneyRoutes } from "./moneyRoutes.js"
import { generationAdminRoutes } from "./generationRoutes.js"

/**
 * The operator console's contract by area (issue 29), apart from the public `Api` so the public app's
 * first load never carries it (@mido/core/admin, docs/adr/0023). Each area adds one line here; the
 * server test that refuses visitors and plain users walks every route of this table.
 */
export const AdminApi = {
  access: accessRoutes,
  audit: auditRoutes,
  users: userAdminRoutes,
  dashboard: dashboardRoutes,
  review: reviewRoutes,
  moderation: moderationRoutes,
  money: moneyRoutes,
  generation: generationAdminRoutes
} as const

export type AdminApiArea = keyof typeof AdminApi

/** Every admin route once. */
export const allAdminRoutes = (): ReadonlyArray<AnyAdminRoute> =>
  Object.values(AdminApi).flatMap((area) => Object.values(area) as ReadonlyArray<AnyAdminRoute>)
