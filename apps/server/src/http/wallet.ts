import type { Hono } from "hono"
import type { ServerDeps } from "./deps.js"

/** Filled in by the wallet feature module. */
export const registerWallet = (_app: Hono, _deps: ServerDeps) => {}
