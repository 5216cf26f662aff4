import type { Hono } from "hono"
import type { ServerDeps } from "./deps.js"

/** Filled in by the commerce feature module. */
export const registerCommerce = (_app: Hono, _deps: ServerDeps) => {}
