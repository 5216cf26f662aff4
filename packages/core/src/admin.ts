/**
 * @mido/core/admin: the operator console's contract (issue 29, docs/adr/0023): its roles, the route
 * table `AdminApi` (every route names its weakest role) and the schemas of its answers. An entry of
 * its own: only the console's lazy chunks, the server and the harness import it, so nothing of it
 * reaches the public app's first load. Names exported here are exported from no other entry.
 */
export { ADMIN_ROLE_NAMES, ADMIN_ROLES, type AdminRole, isAdminRole, roleIncludes } from "./api/admin/adminRoles.js"
export { type AdminRoute, type AnyAdminRoute, defineAdminRoute } from "./api/admin/AdminRoute.js"
export { AdminApi, type AdminApiArea, allAdminRoutes } from "./api/admin/adminRouteTable.js"
export * from "./api/admin/AdminSchemas.js"
export * from "./api/admin/UserAdminSchemas.js"
export * from "./api/admin/DashboardSchemas.js"
export * from "./api/admin/reviewSchemas.js"
export * from "./api/admin/GenerationAdminSchemas.js"
export * from "./api/admin/moderationRoutes.js"
export * from "./api/admin/moneySchemas.js"
export { moneyRoutes } from "./api/admin/moneyRoutes.js"
