import type { Hono } from "hono"
import type { ServerDeps } from "./deps.js"

/** Filled in by the files feature module. */
export const registerFiles = (_app: Hono, _deps: ServerDeps) => {}
