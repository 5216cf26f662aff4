#!/usr/bin/env node
// The web app's first load of /list (issue 5): the JS and CSS a browser must fetch before the app runs
// — index.html's module script, its static imports and stylesheets; lazy chunks are not counted, a
// lazy chunk index.html preloads is listed apart (ADR 0029) — gzip -9, against the budget of 176 KB JS
// (exit 1 over it; ADR 0007, ADR 0029, ADR 0030, ADR 0031, ADR 0032); then the time to
// the first contentful paint of /list in headless Chromium (Debian's /usr/bin/chromium) against the
// reference server on a fresh PGlite database, one new browser context (cold cache) per load.
//   node bench/web-first-load.mjs [--runs 20] [--budget-kb 176] [--dist apps/web/dist] [--no-browser] [--packages]
// --dist measures an existing build instead of building one; --no-browser stops after the budget check
// (the test command runs that); --packages attributes the first load's gzip bytes to packages (source maps).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { build } from "vite"
import { attributeByPackage } from "./lib/bundleAttribution.mjs"
import { measureFirstPaint, percentile, startServer } from "./lib/firstPaint.mjs"
import { staticClosure } from "./lib/staticImports.mjs"

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const flag = (name) => process.argv.includes(`--${name}`)
const budgetKb = Number(option("budget-kb", "176"))
const runs = Number(option("runs", "20"))
const byPackage = flag("packages")
const withBrowser = !flag("no-browser")
const PAGE = "/list"

const repoRoot = resolve(import.meta.dirname, "..")
const webRoot = join(repoRoot, "apps/web")
const givenDist = option("dist", undefined)
const workDir = givenDist === undefined ? mkdtempSync(join(tmpdir(), "mido-web-build-")) : undefined
const dist = givenDist === undefined ? join(workDir, "dist") : resolve(givenDist)

if (givenDist === undefined) {
  // the app's own vite.config.ts in production mode, into a temporary folder (never apps/web/dist)
  await build({ root: webRoot, mode: "production", logLevel: "silent", build: { outDir: dist, emptyOutDir: true, sourcemap: byPackage } })
} else if (!existsSync(join(dist, "index.html"))) {
  throw new Error(`${dist} has no index.html: build the web app first (npm run build -w @mido/web)`)
}

/** The files fetched before the app runs: from index.html, then every static import, transitively. */
const firstLoadFiles = () => {
  const html = readFileSync(join(dist, "index.html"), "utf8")
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((match) => match[0])
  const attribute = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1]
  const scripts = tags.filter((tag) => tag.startsWith("<script") && attribute(tag, "type") === "module").map((tag) => attribute(tag, "src"))
  const preloads = tags.filter((tag) => attribute(tag, "rel") === "modulepreload").map((tag) => attribute(tag, "href"))
  const styles = tags.filter((tag) => attribute(tag, "rel") === "stylesheet").map((tag) => attribute(tag, "href"))
  const js = staticClosure(dist, scripts.filter((path) => path !== undefined))
  // a modulepreload of a lazy chunk (a page's, ADR 0029) is a hint fetched beside the entry, not code the
  // app waits for: listed apart with its static imports, not counted against the budget
  const hinted = staticClosure(dist, preloads.filter((path) => path !== undefined)).filter((path) => !js.includes(path))
  return { js, hinted, css: styles.filter((path) => path !== undefined) }
}

const gzipOf = (path) => {
  const bytes = readFileSync(join(dist, path))
  return { path, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}
const kb = (bytes) => (bytes / 1024).toFixed(1)
const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0)

const files = firstLoadFiles()
const js = files.js.map(gzipOf).sort((a, b) => b.gzip - a.gzip)
const css = files.css.map(gzipOf)
const jsGzip = sum(js, "gzip")
const over = jsGzip > budgetKb * 1024

console.log(`First load of ${PAGE} (gzip -9, KB = 1024 bytes)`)
console.log("| file | kind | minified KB | gzip KB |")
console.log("|---|---|---|---|")
for (const row of js) console.log(`| ${row.path} | JS | ${kb(row.minified)} | ${kb(row.gzip)} |`)
for (const row of css) console.log(`| ${row.path} | CSS | ${kb(row.minified)} | ${kb(row.gzip)} |`)
const hinted = files.hinted.map(gzipOf)
for (const row of hinted) console.log(`| ${row.path} | JS, preloaded lazy chunk (not counted) | ${kb(row.minified)} | ${kb(row.gzip)} |`)
console.log(`| **JS total** (${js.length} files) | JS | ${kb(sum(js, "minified"))} | **${kb(jsGzip)}** |`)
console.log(`| **CSS total** | CSS | ${kb(sum(css, "minified"))} | **${kb(sum(css, "gzip"))}** |`)
if (hinted.length > 0) console.log(`| preloaded lazy chunks (${hinted.length} files) | JS | ${kb(sum(hinted, "minified"))} | ${kb(sum(hinted, "gzip"))} |`)
console.log(`\nbudget: JS ${kb(jsGzip)} KB of ${budgetKb} KB gzip — ${over ? "OVER" : "ok"}`)

if (byPackage) {
  if (givenDist !== undefined) console.log("\n(--packages needs source maps: run without --dist)")
  else {
    console.log("\n| package (first-load JS) | minified KB | gzip KB (est.) |\n|---|---|---|")
    for (const row of attributeByPackage(js.map((row) => join(dist, row.path)))) {
      if (row.gzip >= 512) console.log(`| ${row.name} | ${kb(row.minified)} | ${kb(row.gzip)} |`)
    }
  }
}

if (withBrowser) {
  const server = await startServer({ repoRoot, webDist: dist })
  try {
    console.log(`\nserver ready in ${(server.startMs / 1000).toFixed(1)} s (fresh PGlite database, demo data)`)
    const result = await measureFirstPaint({ baseUrl: server.baseUrl, path: PAGE, runs })
    const ms = (value) => `${Math.round(value)} ms`
    const fetchedJs = result.fetched.filter((path) => path.endsWith(".js"))
    const lazy = fetchedJs.filter((path) => !files.js.includes(path))
    console.log(`\n| ${PAGE} in headless Chromium, ${runs} loads, cold cache each | median | p95 |`)
    console.log("|---|---|---|")
    console.log(`| first contentful paint | ${ms(percentile(result.paints, 50))} | ${ms(percentile(result.paints, 95))} |`)
    console.log(`| page content shown (text in <main>, no route spinner) | ${ms(percentile(result.shown, 50))} | ${ms(percentile(result.shown, 95))} |`)
    console.log(`\nJS fetched until the content was shown: ${fetchedJs.length} files, ${kb(sum(fetchedJs.map(gzipOf), "gzip"))} KB gzip` +
      ` (lazy, on top of the first-load set: ${lazy.length === 0 ? "none" : lazy.join(", ")})`)
    if (result.errors.length > 0) {
      console.log(`page errors: ${[...new Set(result.errors)].join(" | ")}`)
      process.exitCode = 1
    }
  } finally {
    await server.stop()
  }
}

if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true })
if (over) process.exitCode = 1
