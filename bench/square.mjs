#!/usr/bin/env node
// The inspiration square (/list, issue 12) in headless Chromium against the real server. Prints a table.
//   node --conditions=@mido/source --import tsx bench/square.mjs [--runs 20] [--artworks 5000] [--scroll-px 400] [--block-images]
// 1. Time to the first artwork image painted (Element Timing of the cards' <img>), each load in a new
//    browser context (cold cache) after one uncounted warm-up: median and p95 of --runs loads, on the
//    demo data (300 artworks).
// 2. A long scroll: the same database with copies of the demo artworks added until the square holds
//    --artworks, then one page scrolled by 400 px a frame until every card has loaded and the end is
//    reached: the card nodes in the DOM (max and median over frames), all DOM nodes at the end, and the
//    frames over 50 ms. The machine is shared: take the times as relative.
/* global document, window, requestAnimationFrame -- callbacks run in the browser */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { sql } from "drizzle-orm"
import { build } from "vite"
import { openPglite } from "../apps/server/src/db/database.ts"
import { CHROMIUM_PATH, percentile, startServer } from "./lib/firstPaint.mjs"

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const RUNS = Number(option("runs", "20"))
const ARTWORKS = Number(option("artworks", "5000"))
const SCROLL_PX = Number(option("scroll-px", "400"))
// diagnosis: the long scroll without the artwork images (is a slow frame the images' or the list's?)
const BLOCK_IMAGES = process.argv.includes("--block-images")
const SLOW_FRAME_MS = 50
const VIEWPORT = { width: 1280, height: 800 }
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]

const repoRoot = resolve(import.meta.dirname, "..")
const workDir = mkdtempSync(join(tmpdir(), "mido-square-bench-"))
const dist = join(workDir, "dist")
const dataDir = join(workDir, "data")

/** Installed before the app runs: the render time of the first card image painted, as window.__firstArtworkAt. */
const watchFirstArtwork = () => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier !== "square-card") continue
      const at = entry.renderTime || entry.loadTime
      if (window.__firstArtworkAt === undefined || at < window.__firstArtworkAt) window.__firstArtworkAt = at
    }
  }).observe({ type: "element", buffered: true })
}

const firstArtworkPaints = async (browser, baseUrl) => {
  const times = []
  for (let run = RUNS > 0 ? -1 : 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: "zh-CN", timezoneId: "Asia/Shanghai" })
    await context.addInitScript(watchFirstArtwork)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/list`, { waitUntil: "load" })
    const at = await (await page.waitForFunction(() => window.__firstArtworkAt, undefined, { timeout: 20_000 })).jsonValue()
    if (run >= 0) times.push(at)
    await context.close()
  }
  return times
}

/** Copies of the public demo artworks (their covers are served) until the square holds `total`. */
const seedMore = async (total) => {
  const database = await openPglite({ dataDir })
  const onSquare = async () =>
    (await database.db.execute(sql.raw("select count(*)::int as n from artworks where deleted_at is null and is_public and audit_status = 'approved'"))).rows[0].n
  const n = await onSquare()
  const copies = Math.max(0, Math.ceil((total - n) / n))
  await database.exec(`
    insert into artworks (user_uid, type, title, cover, width, height, parameters, is_public, audit_status, like_count, created_at)
    select a.user_uid, a.type, a.title, a.cover, a.width, a.height, a.parameters, true, 'approved', a.like_count,
           a.created_at - (g || ' days')::interval
    from generate_series(1, ${copies}) as g
    cross join (select * from artworks where deleted_at is null and is_public and audit_status = 'approved') a;
    analyze artworks;`)
  const after = await onSquare()
  await database.close()
  return after
}

/** Scrolls the square to its end, 400 px a frame, sampling the cards in the DOM and each frame's length. */
const longScroll = async (browser, baseUrl, total) => {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "zh-CN", timezoneId: "Asia/Shanghai" })
  // a device that closed the community feature prompt (spec §2 one-time modal) before: it would cover the page
  await context.addInitScript(() => { try { localStorage.setItem("feature-prompt-show", "true") } catch { /* about:blank has no storage */ } })
  if (BLOCK_IMAGES) await context.route(/\/(uploads|seed)\//, (route) => route.abort())
  const page = await context.newPage()
  await page.goto(`${baseUrl}/list`, { waitUntil: "load" })
  await page.waitForSelector("[data-testid=square-card]")
  const result = await page.evaluate(async ({ want, step }) => {
    const frames = []
    const pageArrivals = []
    let previous = 0
    const cardCounts = []
    const started = performance.now()
    let last = performance.now()
    for (;;) {
      await new Promise((resolveFrame) => requestAnimationFrame(resolveFrame))
      const now = performance.now()
      frames.push(now - last)
      last = now
      window.scrollBy(0, step)
      cardCounts.push(document.querySelectorAll("[data-testid=square-card]").length)
      const loaded = Number(document.querySelector("[data-testid=square-masonry]")?.getAttribute("data-loaded") ?? 0)
      pageArrivals.push(loaded !== previous)
      previous = loaded
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2
      const ended = document.querySelector("[data-testid=square-footer]")?.textContent?.includes("没有更多了") ?? false
      if ((loaded >= want && atEnd) || ended || now - started > 240_000) {
        return { frames, pageArrivals, cardCounts, loaded, seconds: (now - started) / 1000, domNodes: document.querySelectorAll("*").length }
      }
    }
  }, { want: total, step: SCROLL_PX })
  await context.close()
  return result
}

await build({ root: join(repoRoot, "apps/web"), mode: "production", logLevel: "silent", build: { outDir: dist, emptyOutDir: true } })
const { chromium } = await import("playwright-core")
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, chromiumSandbox: false, args: CHROMIUM_ARGS })
const rows = []
try {
  const demo = await startServer({ repoRoot, webDist: dist, dataDir })
  let paints
  try {
    paints = await firstArtworkPaints(browser, demo.baseUrl)
  } finally {
    await demo.stop()
  }
  const total = await seedMore(ARTWORKS)
  const big = await startServer({ repoRoot, webDist: dist, dataDir, env: { SEED_DEMO: "false" } })
  let scroll
  try {
    scroll = await longScroll(browser, big.baseUrl, total)
  } finally {
    await big.stop()
  }
  const slow = scroll.frames.filter((frame) => frame > SLOW_FRAME_MS).length
  // a page that arrived is drawn in the frame after it was noticed
  const slowAtArrival = scroll.frames.filter((frame, index) => frame > SLOW_FRAME_MS && (scroll.pageArrivals[index - 1] || scroll.pageArrivals[index])).length
  if (paints.length > 0) {
    rows.push(
      ["first artwork image painted, median (ms)", percentile(paints, 50).toFixed(0)],
      ["first artwork image painted, p95 (ms)", percentile(paints, 95).toFixed(0)],
      ["loads (cold context each)", String(paints.length)]
    )
  }
  rows.push(
    ["scrolled a frame (px)" + (BLOCK_IMAGES ? ", images blocked" : ""), String(SCROLL_PX)],
    ["artworks on the square / loaded by scrolling", `${total} / ${scroll.loaded}`],
    ["scroll run (s)", scroll.seconds.toFixed(1)],
    ["card nodes in the DOM, max / median", `${Math.max(...scroll.cardCounts)} / ${percentile(scroll.cardCounts, 50)}`],
    ["all DOM nodes at the end", String(scroll.domNodes)],
    [`frames over ${SLOW_FRAME_MS} ms / frames`, `${slow} / ${scroll.frames.length} (${((100 * slow) / scroll.frames.length).toFixed(1)} %)`],
    [`frames over ${SLOW_FRAME_MS} ms next to a page's arrival`, String(slowAtArrival)],
    ["longest frame (ms)", Math.max(...scroll.frames).toFixed(0)]
  )
} finally {
  await browser.close()
  rmSync(workDir, { recursive: true, force: true })
}
console.log(`The inspiration square (/list) in headless Chromium, ${VIEWPORT.width}×${VIEWPORT.height}`)
console.log("| measure | value |\n|---|---|")
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`)
