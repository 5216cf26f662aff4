import type { Hono } from "hono"
import type { ServerDeps } from "./deps.js"

/** Filled in by the artworks feature module. */
export const registerArtworks = (_app: Hono, _deps: ServerDeps) => {}
