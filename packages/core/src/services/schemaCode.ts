/**
 * What the start of the app runs once effect's Schema is there (ADR 0032): the client's calls, the
 * routes Session and Config call, and the check of what a person typed. One module, so bundlers make
 * one lazy chunk of it; only schemaCodeOnFirstUse.ts imports it, with `import()`.
 */
export { makeApiClient } from "./apiClientImplementation.js"
export { configRoutes } from "../api/routes/commerce/configRoutes.js"
export { sessionRoutes } from "../api/routes/login/sessionRoutes.js"
export { currentUserRoutes } from "../api/routes/user/currentUserRoutes.js"
export { validateInput } from "./validateInput.js"
