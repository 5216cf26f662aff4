import { type Context, Hono, type Next } from "hono"
import { bodyLimit } from "hono/body-limit"
import type { ObjectStore } from "../../adapters/storage/objectStorePort.js"
import type { ServerDeps } from "../../platform/deps.js"
import { FORM_LIMIT_BYTES, getObject, ossError, postObject } from "./storageHandlers.js"

/**
 * R20: uploads live on their own origin (STORAGE_URL; in the one process, a second listener on
 * STORAGE_PORT), so a stored file can never run as a page of the app's origin, where the token is.
 * The storage app serves only the storage routes. Browsers may POST upload forms from the web app's
 * origin (CORS for that one origin and that one method); the images themselves are public, like a
 * public-read bucket, so any page may read them (the core's image download fetches them cross-origin).
 */

const PREFLIGHT_MAX_AGE_SECONDS = 600

/** The web app's origin (PUBLIC_URL): the only one allowed to post uploads from a browser. */
export const appOrigin = (config: { readonly publicUrl: string }): string => new URL(config.publicUrl).origin

/** A preflight may ask for the form's own Content-Type and nothing custom. */
const onlyContentType = (requested: string | undefined): boolean =>
  (requested ?? "").split(",").map((name) => name.trim().toLowerCase()).every((name) => name === "" || name === "content-type")

/** CORS preflight of POST /storage: answered for the app's origin only; anything else gets no CORS headers. */
const preflight = (allowed: string) => (hono: Context) => {
  hono.header("Vary", "Origin")
  const fromApp = hono.req.header("origin") === allowed
    && hono.req.header("access-control-request-method") === "POST"
    && onlyContentType(hono.req.header("access-control-request-headers"))
  if (!fromApp) return hono.body(null, 403)
  hono.header("Access-Control-Allow-Origin", allowed)
  hono.header("Access-Control-Allow-Methods", "POST")
  hono.header("Access-Control-Allow-Headers", "Content-Type")
  hono.header("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS))
  return hono.body(null, 204)
}

/**
 * A browser's post from another origin is refused before its body is read (the signed policy already
 * limits what a post may write; this keeps other sites from using one). Posts without an Origin
 * (servers, the CLI) pass. The app's origin may read the answer.
 */
const postsFromApp = (allowed: string, deps: ServerDeps) => async (hono: Context, next: Next) => {
  const origin = hono.req.header("origin")
  if (origin !== undefined && origin !== allowed) {
    deps.log.warn("storage post from another origin refused", { origin })
    return ossError(hono, 403, "AccessDenied", "This origin may not post to this bucket.")
  }
  await next()
  if (origin !== undefined) {
    hono.header("Access-Control-Allow-Origin", allowed)
    hono.header("Vary", "Origin")
  }
}

/** The storage origin's whole HTTP surface: POST /storage, GET/HEAD /uploads/<key> and /storage/<key>. */
export const buildStorageApp = (deps: ServerDeps, store: ObjectStore): Hono => {
  const app = new Hono()
  const allowed = appOrigin(deps.config)
  app.use(async (hono, next) => {
    await next()
    hono.header("X-Content-Type-Options", "nosniff")
  })
  app.options("/storage", preflight(allowed))
  app.post(
    "/storage",
    postsFromApp(allowed, deps),
    bodyLimit({ maxSize: FORM_LIMIT_BYTES, onError: (hono) => ossError(hono, 400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size.") }),
    postObject(deps, store)
  )
  app.get("/uploads/*", getObject(deps, store))
  app.get("/storage/*", getObject(deps, store))
  app.notFound((hono) => ossError(hono, 404, "NoSuchKey", "The specified key does not exist."))
  app.onError((error, hono) => {
    deps.log.error("storage request failed", { path: hono.req.path, error: error.message })
    return ossError(hono, 500, "InternalError", "We encountered an internal error. Please try again.")
  })
  return app
}

/**
 * The app origin serves no uploads (R20). Addresses handed out before the storage moved to its own
 * origin (seeded rows, old links) are sent there: the same path on STORAGE_URL, which checks it.
 */
export const registerUploadRedirects = (app: Hono, deps: ServerDeps) => {
  const toStorage = (hono: Context) => {
    const url = new URL(hono.req.url)
    return hono.redirect(`${deps.config.storageUrl}${url.pathname}${url.search}`, 308)
  }
  app.get("/uploads/*", toStorage)
  app.get("/storage/*", toStorage)
}
