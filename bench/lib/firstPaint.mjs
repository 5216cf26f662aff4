// The time to the first contentful paint of a page of the real app in headless Chromium: the reference
// server (its build, apps/server/dist as npm start runs it; a fresh PGlite database, demo data) serving a given web build, one new
// browser context per load so that every load starts with a cold cache.
/* global document, window, MutationObserver -- callbacks run in the browser */
import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** Debian's chromium (scripts/ensure-system-packages.mjs installs it); a browser is never downloaded. */
export const CHROMIUM_PATH = "/usr/bin/chromium"
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]

const freePort = () =>
  new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolvePort(port))
    })
  })

const sleep = (ms) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms))

/**
 * Starts apps/server on free loopback ports over a fresh database; resolves once /healthz answers (after
 * seeding). `dataDir` runs it over that database instead (kept at stop, for a bench that seeds more
 * between two runs); `env` adds variables (SEED_DEMO=false).
 */
export const startServer = async ({ repoRoot, webDist, timeoutMs = 180_000, dataDir, env: extraEnv = {} }) => {
  const workDir = mkdtempSync(join(tmpdir(), "mido-first-load-"))
  const port = await freePort()
  let storagePort = await freePort()
  while (storagePort === port) storagePort = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  // nothing of the developer's own server setup leaks in (their database, storage host, secret)
  const { DATABASE_URL: _database, STORAGE_URL: _storage, MIDO_SECRET: _secret, UPLOAD_DIR: _uploads, SEED_DEMO: _seed, ...env } = process.env
  // the server's build, when a source is newer (ADR 0022)
  if (spawnSync(process.execPath, ["apps/server/build.mjs"], { cwd: repoRoot, stdio: "inherit" }).status !== 0) throw new Error("the server's build failed")
  const child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
    cwd: repoRoot,
    env: { ...env, NODE_ENV: "development", PORT: String(port), STORAGE_PORT: String(storagePort), HOST: "127.0.0.1", PUBLIC_URL: baseUrl, DATA_DIR: dataDir ?? join(workDir, "data"), WEB_DIST: webDist, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"]
  })
  const log = []
  child.stdout.on("data", (chunk) => log.push(chunk))
  child.stderr.on("data", (chunk) => log.push(chunk))
  const killOnExit = () => child.kill("SIGKILL")
  process.once("exit", killOnExit)
  const stop = async () => {
    process.off("exit", killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolveExit) => child.once("exit", resolveExit))
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
      await exited
      clearTimeout(timer)
    }
    rmSync(workDir, { recursive: true, force: true })
  }
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) break
    const healthy = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then((response) => response.ok, () => false)
    if (healthy) return { baseUrl, stop, startMs: Date.now() - started }
    await sleep(250)
  }
  const tail = Buffer.concat(log).toString("utf8").split("\n").slice(-30).join("\n")
  await stop()
  throw new Error(`the server did not become healthy (exit ${child.exitCode}):\n${tail}`)
}

/** The first contentful paint of the page now loading, from the Paint Timing API (buffered). */
const firstContentfulPaint = (page) =>
  page.evaluate(
    () =>
      new Promise((resolvePaint) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0]
          if (entry) {
            observer.disconnect()
            resolvePaint(entry.startTime)
          }
        }).observe({ type: "paint", buffered: true })
      })
  )

/**
 * Installed before the app runs: notes when the page's own content is first in the DOM (text inside
 * the main landmark (<main>, or the layout's role="main") and no route fallback spinner there, so a lazily loaded page's code has arrived), in ms since
 * navigation start, as window.__contentShownAt.
 */
const watchContent = () => {
  const observer = new MutationObserver(() => {
    const main = document.querySelector('main, [role="main"]')
    if (main === null || main.querySelector('[role="status"][aria-label="加载中"]') || main.textContent.trim() === "") return
    window.__contentShownAt = performance.now()
    observer.disconnect()
  })
  observer.observe(document, { childList: true, subtree: true, characterData: true })
}

const contentShown = (page) =>
  page.waitForFunction(() => window.__contentShownAt, undefined, { timeout: 15_000 }).then((handle) => handle.jsonValue())

/**
 * Loads `path` `runs` times (plus one warm-up load of the server, not counted), each in a new context,
 * and answers per load the FCP and the time the page's content was shown (ms), the JS/CSS files the
 * first counted load had fetched by then (lazy chunks included) and the page errors seen.
 */
export const measureFirstPaint = async ({ baseUrl, path, runs, viewport = { width: 1280, height: 800 } }) => {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install chromium fonts-noto-cjk`)
  const { chromium } = await import("playwright-core")
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, chromiumSandbox: false, args: CHROMIUM_ARGS })
  const paints = []
  const shown = []
  const errors = []
  let fetched = []
  try {
    for (let run = -1; run < runs; run++) {
      const context = await browser.newContext({ viewport, locale: "zh-CN", timezoneId: "Asia/Shanghai" })
      await context.addInitScript(watchContent)
      const page = await context.newPage()
      const assets = []
      page.on("response", (response) => {
        const url = new URL(response.url())
        if (/\.(js|css)$/.test(url.pathname)) assets.push(url.pathname)
      })
      page.on("pageerror", (error) => errors.push(error.message))
      await page.goto(`${baseUrl}${path}`, { waitUntil: "load" })
      const [paint, content] = await Promise.all([firstContentfulPaint(page), contentShown(page)])
      if (run === 0) fetched = assets.slice()
      if (run >= 0) {
        paints.push(paint)
        shown.push(content)
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return { paints, shown, fetched, errors }
}

/** Nearest-rank percentile of numbers. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}
