// Screenshots a route of the built web app (apps/web/dist) at 1280 and 1920 px wide.
// Builds nothing: run `npx vite build` first. Serves dist with a tiny static server on a random port
// (unknown paths fall back to index.html, like the real server) and drives Debian's chromium.
//
//   node e2e/screenshot.mjs /__styleguide
//   node e2e/screenshot.mjs /__styleguide --name dialog --click "text=确认对话框" --viewport
//
// Options: --name <file stem>  --click <playwright selector> (repeatable, in order)
//          --widths 1280,1920   --viewport (window only instead of the full page)
//          --slices <px> (also cut the full page into numbered parts of that height, easier to inspect)
/* global window, document -- page.evaluate callbacks run in the browser */
import { createReadStream, existsSync, mkdirSync, statSync } from "node:fs"
import { createServer } from "node:http"
import { dirname, extname, join, normalize, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"

const here = dirname(fileURLToPath(import.meta.url))
const dist = resolve(here, "..", "dist")
const artifacts = join(here, "artifacts")

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
]

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2"
}

const parseArgs = (argv) => {
  const options = { path: "/", name: undefined, clicks: [], widths: [1280, 1920], fullPage: true, slices: 0 }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === "--name") options.name = argv[++i]
    else if (arg === "--click") options.clicks.push(argv[++i])
    else if (arg === "--widths") options.widths = argv[++i].split(",").map(Number)
    else if (arg === "--viewport") options.fullPage = false
    else if (arg === "--slices") options.slices = Number(argv[++i])
    else if (arg.startsWith("/")) options.path = arg
    else throw new Error(`unknown argument: ${arg}`)
  }
  options.name ??= options.path.replace(/[?#].*$/, "").replace(/[^a-zA-Z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "root"
  return options
}

const serve = () =>
  new Promise((resolveServer) => {
    const server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname)
      const file = normalize(join(dist, path))
      const found = file.startsWith(dist + sep) && existsSync(file) && statSync(file).isFile()
      const target = found ? file : join(dist, "index.html")
      res.writeHead(200, { "Content-Type": TYPES[extname(target)] ?? "application/octet-stream" })
      createReadStream(target).pipe(res)
    })
    server.listen(0, "127.0.0.1", () => resolveServer(server))
  })

// A full-page screenshot does not scroll, so lazy images below the fold would never load.
const loadLazyContent = async (page) => {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolveStep) => setTimeout(resolveStep, 50))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState("networkidle")
}

const main = async () => {
  const options = parseArgs(process.argv.slice(2))
  if (!existsSync(join(dist, "index.html"))) throw new Error(`no build at ${dist}; run \`npx vite build\` first`)
  mkdirSync(artifacts, { recursive: true })
  const server = await serve()
  const { port } = server.address()
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS })
  try {
    for (const width of options.widths) {
      const page = await browser.newPage({ viewport: { width, height: width >= 1920 ? 1080 : 800 }, locale: "zh-CN" })
      page.on("pageerror", (error) => console.error(`[${width}] page error: ${error.message}`))
      // as the browser tests do: a device that closed the community feature prompt (spec §2) before
      await page.addInitScript(() => { try { localStorage.setItem("feature-prompt-show", "true") } catch { /* about:blank has no storage */ } })
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") console.error(`[${width}] console ${message.type()}: ${message.text()}`)
      })
      await page.goto(`http://127.0.0.1:${port}${options.path}`, { waitUntil: "networkidle" })
      await page.evaluate(() => document.fonts.ready)
      await loadLazyContent(page)
      for (const selector of options.clicks) {
        await page.click(selector)
        await page.waitForTimeout(400) // let headlessui transitions settle
      }
      const file = join(artifacts, `${options.name}-${width}.png`)
      await page.screenshot({ path: file, fullPage: options.fullPage })
      console.log(file)
      if (options.slices > 0) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        for (let part = 0, y = 0; y < height; part++, y += options.slices) {
          const slice = join(artifacts, `${options.name}-${width}-part${part + 1}.png`)
          const clip = { x: 0, y, width, height: Math.min(options.slices, height - y) }
          await page.screenshot({ path: slice, fullPage: true, clip })
          console.log(slice)
        }
      }
      await page.close()
    }
  } finally {
    await browser.close()
    server.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
