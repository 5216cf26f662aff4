import type { Hono } from "hono"
import type { ServerDeps } from "./deps.js"

/** Filled in by the people feature module. */
export const registerPeople = (_app: Hono, _deps: ServerDeps) => {}
