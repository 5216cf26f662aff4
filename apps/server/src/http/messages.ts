import type { Hono } from "hono"
import type { ServerDeps } from "./deps.js"

/** Filled in by the messages feature module. */
export const registerMessages = (_app: Hono, _deps: ServerDeps) => {}
