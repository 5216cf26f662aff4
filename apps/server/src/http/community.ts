import type { Hono } from "hono"
import type { ServerDeps } from "./deps.js"

/** Filled in by the community feature module. */
export const registerCommunity = (_app: Hono, _deps: ServerDeps) => {}
