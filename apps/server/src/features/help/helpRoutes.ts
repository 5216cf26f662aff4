import { HELP_PATH_PREFIX, helpLinkAt } from "@mido/core/navigation"
import type { Context, Hono } from "hono"
import { helpDocuments } from "./helpDocuments.js"
import { loadHelpFacts } from "./helpFacts.js"
import { helpNotFoundHtml, helpPageHtml } from "./helpHtml.js"
import type { ServerDeps } from "../../platform/deps.js"
import { contentSecurityPolicy } from "../../platform/contentSecurityPolicy.js"

/**
 * The help pages of spec §3 (the core's help table) as HTML documents from the app origin: /help and
 * /help/<page>, open to everyone. Registered before the web app, whose deep-link fallback would
 * otherwise answer every /help path with index.html; an unknown /help path is a 404 page here. The
 * pages carry the app's CSP (R17) and no script; prices and rewards come from the live commerce rows
 * and config (helpFacts.ts), so they say what the shop sells.
 */
export const registerHelp = (app: Hono, deps: ServerDeps) => {
  const policy = contentSecurityPolicy(deps.config)
  const page = (hono: Context, html: string, status: 200 | 404) => {
    hono.header("Content-Security-Policy", policy)
    hono.header("Cache-Control", "no-cache")
    return hono.body(html, status, { "Content-Type": "text/html; charset=utf-8" })
  }
  const serve = async (hono: Context) => {
    const link = helpLinkAt(hono.req.path)
    if (link === undefined) return page(hono, helpNotFoundHtml(), 404)
    return page(hono, helpPageHtml(link, helpDocuments[link.key](await loadHelpFacts(deps.db))), 200)
  }
  app.get(HELP_PATH_PREFIX, serve)
  app.get(`${HELP_PATH_PREFIX}/*`, serve)
}
