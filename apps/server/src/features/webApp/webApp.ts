import { existsSync, readFileSync, statSync } from "node:fs"
import { extname, join, normalize, sep } from "node:path"
import type { Context, Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"
import { type Bytes, createCompressionCache, isCompressible, negotiateEncoding } from "./staticCompression.js"
import { contentSecurityPolicy } from "../../platform/contentSecurityPolicy.js"
import { FIRST_SCREEN_SCRIPT, isLandingPath, landingHtml, readLandingPreloads } from "./landingPage.js"

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8"
}

/**
 * Serves the built web app (apps/web/dist) at /: files (hashed assets cached for a year), and
 * index.html for any other GET that is not an API or upload path, so deep links work. HTML, JS, CSS
 * and SVG go brotli- or gzip-compressed when the request accepts it (issue 5: the first load of /list),
 * compressed once per file and kept in memory.
 */
export const registerWebApp = (app: Hono, deps: ServerDeps) => {
  const root = deps.config.webDist
  if (!existsSync(join(root, "index.html"))) {
    deps.log.warn("web app not built; serving the API only", { webDist: root })
    return
  }
  const indexHtml = readFileSync(join(root, "index.html"))
  const policy = contentSecurityPolicy(deps.config)
  const compression = createCompressionCache()
  const landingPreloads = readLandingPreloads(root)
  const indexText = indexHtml.toString("utf8")
  const firstScreenScript = existsSync(join(root, FIRST_SCREEN_SCRIPT))
  // the landing page's compressed copy is of its latest version only (the feed in it changes)
  let landing = { version: "", compression: createCompressionCache() }
  const send = async (hono: Context, key: string, extension: string, bytes: Bytes, cache = compression) => {
    if (!isCompressible(extension)) return hono.body(bytes)
    // caches between us and the browser must keep the encodings apart
    hono.header("Vary", "Accept-Encoding")
    const encoding = negotiateEncoding(hono.req.header("Accept-Encoding"))
    const encoded = await cache.encoded(key, bytes, encoding)?.catch(() => undefined)
    if (encoded === undefined || encoding === undefined) return hono.body(bytes)
    hono.header("Content-Encoding", encoding)
    return hono.body(encoded)
  }
  app.get("*", async (hono, next) => {
    // a malformed escape (/personal/%E0) is no file: the app's fallback answers it, never a 500
    const path = decodedPath(hono.req.path) ?? "/"
    if (path.startsWith("/api/") || path.startsWith("/uploads/") || path.startsWith("/storage") || path === "/healthz") return next()
    const file = normalize(join(root, path))
    hono.header("Content-Security-Policy", policy)
    const stat = file.startsWith(root + sep) && existsSync(file) ? statSync(file) : undefined
    if (stat?.isFile()) {
      hono.header("Content-Type", TYPES[extname(file)] ?? "application/octet-stream")
      hono.header("Cache-Control", path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache")
      return send(hono, `${file}:${stat.size}:${stat.mtimeMs}`, extname(file), readFileSync(file))
    }
    hono.header("Content-Type", TYPES[".html"]!)
    hono.header("Cache-Control", "no-cache")
    if (isLandingPath(path)) {
      const page = await landingHtml(deps, indexText, landingPreloads, firstScreenScript)
      if (page.version !== landing.version) landing = { version: page.version, compression: createCompressionCache() }
      return send(hono, `landing:${page.version}`, ".html", Buffer.from(page.html, "utf8") as Bytes, landing.compression)
    }
    return send(hono, "index.html (fallback)", ".html", indexHtml)
  })
}

const decodedPath = (path: string): string | undefined => {
  try {
    return decodeURIComponent(path)
  } catch {
    return undefined
  }
}
