import type { Hono } from "hono"
import type { ServerDeps } from "./deps.js"

/** Filled in by the login feature module. */
export const registerLogin = (_app: Hono, _deps: ServerDeps) => {}
