#!/usr/bin/env node
// /aigc in headless Chromium against the real server and the offline engine (issue 14). Prints a table.
//   node bench/creation.mjs [--runs 10]
// Time from the click on 生成 to the first result image painted in the task panel (Element Timing of
// the result <img>, identifier task-image): one signed-in page, quick mode, 1 image 1:1 with an
// uploaded base image; one uncounted warm-up, then the median and p95 of --runs. This covers the
// points call, the submit (charge + enqueue), the queue, the offline render (~100 ms at 1024²), the
// result saved as an artwork, the task event, and the image's download and paint.
/* global document, window, performance, PerformanceObserver -- callbacks run in the browser */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import sharp from "sharp"
import { build } from "vite"
import { CHROMIUM_PATH, percentile, startServer } from "./lib/firstPaint.mjs"

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const RUNS = Number(option("runs", "10"))
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
const repoRoot = resolve(import.meta.dirname, "..")
const workDir = mkdtempSync(join(tmpdir(), "mido-creation-bench-"))
const dist = join(workDir, "dist")

/** The server's envelope: data on code 0, an error otherwise. */
const api = async (baseUrl, path, { token, json, query } = {}) => {
  const url = new URL(path, baseUrl)
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value)
  const response = await fetch(url, {
    method: json === undefined ? "GET" : "POST",
    headers: { ...(json === undefined ? {} : { "content-type": "application/json" }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: json === undefined ? undefined : JSON.stringify(json)
  })
  const body = await response.json()
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`)
  return body.data
}

/** A new account through the dev SMS sink, with beans bought on the sandbox pay page. */
const userWithBeans = async (baseUrl) => {
  const phone = `167${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`
  await api(baseUrl, "/api/v1/open/base/captcha", { query: { phone } })
  const { answer } = await api(baseUrl, "/api/dev/captcha", { query: { phone } })
  await api(baseUrl, "/api/v1/open/base/send_verify_sms", { json: { phone, captcha_code: answer } })
  const { code } = await api(baseUrl, "/api/dev/sms", { query: { phone, purpose: "login" } })
  const { token } = await api(baseUrl, "/api/v1/open/base/login", { json: { phone, code } })
  const order = await api(baseUrl, "/api/v1/order/create", { token, json: { type: "points", type_id: 2, pay_method: "wechat" } })
  const page = await (await fetch(`${baseUrl}/api/sandbox/pay?trade_no=${order.trade_no}`)).text()
  const form = page.split("<form").find((part) => part.includes("模拟支付成功"))
  const fields = Object.fromEntries([...form.matchAll(/name="([a-z_]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]))
  await fetch(`${baseUrl}/api/sandbox/notify`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() })
  return token
}

/** Clicks 生成 and resolves with the ms until a task-image newer than the click is painted. */
const clickToFirstResult = (page) =>
  page.evaluate(() => new Promise((resolveTime, reject) => {
    const known = new Set([...document.querySelectorAll("[data-testid=task-image] img")])
    let clickedAt = 0
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier !== "task-image" || known.has(entry.element)) continue
        const at = entry.renderTime || entry.loadTime
        if (at >= clickedAt) {
          observer.disconnect()
          resolveTime(at - clickedAt)
        }
      }
    })
    observer.observe({ type: "element", buffered: false })
    setTimeout(() => reject(new Error("no result painted in 60 s")), 60_000)
    clickedAt = performance.now()
    document.querySelector("[data-testid=generate-button]").click()
  }))

await build({ root: join(repoRoot, "apps/web"), mode: "production", logLevel: "silent", build: { outDir: dist, emptyOutDir: true } })
const { chromium } = await import("playwright-core")
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, chromiumSandbox: false, args: CHROMIUM_ARGS })
const server = await startServer({ repoRoot, webDist: dist })
try {
  const token = await userWithBeans(server.baseUrl)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "zh-CN", timezoneId: "Asia/Shanghai" })
  // a device that closed the community feature prompt (spec §2 one-time modal) before: it would cover the page
  await context.addInitScript(() => { try { localStorage.setItem("feature-prompt-show", "true") } catch { /* about:blank has no storage */ } })
  const page = await context.newPage()
  await page.goto(`${server.baseUrl}/aigc?token=${encodeURIComponent(token)}`)
  await page.getByTestId("quick-styles").waitFor()
  // a small base image is enough for the offline repaint
  const base = await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 220, g: 120, b: 60 } } }).png().toBuffer()
  await page.getByTestId("upload-base").setInputFiles({ name: "base.png", mimeType: "image/png", buffer: base })
  await page.getByTestId("slot-base").getByTestId("slot-picture").waitFor()
  const times = []
  for (let run = -1; run < RUNS; run++) {
    await page.waitForFunction(() => document.querySelector("[data-testid=generate-button]")?.getAttribute("disabled") === null)
    const ms = await clickToFirstResult(page)
    if (run >= 0) times.push(ms)
  }
  const row = (label, ms) => `| ${label} | ${ms.toFixed(0)} ms |`
  console.log(`/aigc: click 生成 → first result painted (quick, 1 image 1:1, offline engine), ${RUNS} runs after a warm-up`)
  console.log("| figure | value |\n|---|---|")
  console.log(row("median", percentile(times, 50)))
  console.log(row("p95", percentile(times, 95)))
  console.log(row("min", Math.min(...times)))
  console.log(row("max", Math.max(...times)))
  await context.close()
} finally {
  await browser.close()
  await server.stop()
  rmSync(workDir, { recursive: true, force: true })
}
