#!/usr/bin/env node
// The toolbox's offline processors (issue 15): what each costs, and what running them does to the API.
//   node --conditions=@mido/source --import tsx bench/tools.mjs [--seconds 10] [--connections 4] [--skip-sizes]
// Figures of 2026-11-27 (quiet machine) and 2026-11-26 (busy) are in bench/README.md ("tools.mjs").
// 1. Wall time and peak RSS per tool at 512² and 1024² (hd-repair also 2048²; ESRGAN runs up to 640²
//    of input, larger inputs get Lanczos, so hd-repair is also measured with ESRGAN ×4 at 256²). Each (tool, size) runs in a FRESH child process (processTool, the
//    function the tool worker thread runs), so its peak RSS (getrusage maxrss) is that tool's alone,
//    OpenCV / tfjs loading included; the wall time is measured after a warm-up call on a 64² image, so it
//    is the processing, not the first load. Input: a synthetic "photo" (gradients, shapes, text) drawn
//    with sharp from SVG; masks: a text band for the inpaint tools.
// 2. The public feed's latency while two tool tasks run: the server (apps/server/src/main.ts) in its own
//    process on a fresh PGlite, the feed cache off (every request reads the database), 4 keep-alive
//    connections (8 saturate the one API thread on 2 cores: the p99 then measures queueing, not stalls) (bench/lib/httpLoad.mjs). First --seconds of feed alone, then --seconds from the moment
//    two tasks are submitted (hd-repair ESRGAN ×2 on 512² and style-avatar with four styles on 1024²),
//    which run on the server's tool worker thread (a pool of one) while the main thread answers the feed.
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import sharp from "sharp"
import { loadGet, quantile } from "./lib/httpLoad.mjs"

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}

const scene = (size) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a8fb5"/><stop offset="1" stop-color="#d8c7a0"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#sky)"/><circle cx="180" cy="70" r="34" fill="#f0c060"/>
  <ellipse cx="120" cy="150" rx="55" ry="70" fill="#c9692a"/><path d="M0 200 Q60 150 120 190 T256 180 V256 H0 Z" fill="#4c6b3a"/>
  <text x="20" y="40" font-size="20" font-family="sans-serif" fill="#fff">WATERMARK 米豆</text></svg>`)
const maskOf = (size) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256"><rect width="256" height="256"/><rect x="16" y="20" width="190" height="28" fill="#fff"/></svg>`)

const OPTIONS = {
  "hd-repair": { scale: 2, method: "esrgan" },
  "hd-repair ×4": { scale: 4, method: "esrgan" },
  discount: { feather: 2 },
  "remove-watermark": { method: "telea", radius: 5, auto_mask: true },
  "element-elimination": { method: "telea", radius: 5 },
  "style-avatar": { styles: "cartoon,sketch,posterize,film" },
  "old-photo-restoration": { denoise: 4, contrast: 4, scratch: 5, tint: "none" }
}

// the child: one tool at one size, answers JSON on stdout
if (process.argv.includes("--one")) {
  const key = arg("one")
  const tool = key.startsWith("hd-repair") ? "hd-repair" : key
  const size = Number(arg("size"))
  const { processTool } = await import("../apps/server/src/adapters/tools/processTool.ts")
  const request = async (side) => ({
    tool,
    image: new Uint8Array(await sharp(scene(side)).png().toBuffer()),
    ...(tool === "element-elimination" ? { mask: new Uint8Array(await sharp(maskOf(side)).png().toBuffer()) } : {}),
    options: OPTIONS[key]
  })
  await processTool(await request(64)) // loads OpenCV / tfjs and the model
  const input = await request(size)
  const started = performance.now()
  const result = await processTool(input)
  const ms = performance.now() - started
  process.stdout.write(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, note: result.note ?? "", out: result.images.map((image) => `${image.width}×${image.height}`).join(" ") }))
  process.exit(0)
}

const rows = []
if (!process.argv.includes("--skip-sizes")) {
  for (const tool of Object.keys(OPTIONS)) {
    for (const size of tool === "hd-repair" ? [512, 1024, 2048] : tool === "hd-repair ×4" ? [256] : [512, 1024]) {
      const child = spawnSync(process.execPath, ["--conditions=@mido/source", "--import", "tsx", "bench/tools.mjs", "--one", tool, "--size", String(size)], { encoding: "utf8", maxBuffer: 1 << 20 })
      if (child.status !== 0) throw new Error(`${tool} ${size}: ${child.stderr}`)
      rows.push({ tool, size, ...JSON.parse(child.stdout) })
      console.error(`measured ${tool} ${size}`)
    }
  }
  console.log("| tool | input | wall time | peak RSS | output | note |")
  console.log("|---|---|---|---|---|---|")
  for (const row of rows) console.log(`| ${row.tool} | ${row.size}² | ${(row.ms / 1000).toFixed(2)} s | ${row.maxRssMb.toFixed(0)} MB | ${row.out} | ${row.note} |`)
}

// 2. the feed while two tools run
const { openPglite } = await import("../apps/server/src/db/database.ts")
const { migrate } = await import("../apps/server/src/db/migrate.ts")
const { readConfig } = await import("../apps/server/src/platform/config.ts")
const { issueToken } = await import("../apps/server/src/platform/tokens.ts")
const { creditBeans } = await import("../apps/server/src/features/beans/beans.ts")
const { ledgerKeyOf } = await import("../apps/server/src/features/beans/ledgerKey.ts")
const { localObjectStore } = await import("../apps/server/src/adapters/storage/localObjectStore.ts")

const SECONDS = Number(arg("seconds", "10"))
const CONNECTIONS = Number(arg("connections", "4"))
const PORT = 19_000 + Math.floor(Math.random() * 1000)
const SECRET = "bench-secret-0123456789-0123456789-0123"
const dataDir = mkdtempSync(join(tmpdir(), "mido-bench-tools-"))
const config = readConfig({ MIDO_SECRET: SECRET, DATA_DIR: dataDir, STORAGE_PORT: String(PORT + 1) })
const database = await openPglite({ dataDir })
await migrate(database)
await database.exec(`insert into users (phone, nickname, invite_code, nid) values ('13900009901', '工具压测', 'BTOOL1', '98009901')`)
const [{ uid }] = (await database.db.execute(`select uid from users where invite_code = 'BTOOL1'`)).rows
await creditBeans(database.db, ledgerKeyOf(config), { uid: Number(uid), amount: 100_000, remark: "压测", kind: "bench", ref: "bench:tools" })
const token = await issueToken(database.db, Number(uid), new Date())
await database.close()
const store = localObjectStore(config.uploadDir)
const put = async (name, bytes) => {
  await store.create(`u/${uid}/202611/${name}`, new Uint8Array(bytes))
  return `${config.storageUrl}/uploads/u/${uid}/202611/${name}`
}
const small = await put("bench-512.png", await sharp(scene(512)).png().toBuffer())
const large = await put("bench-1024.png", await sharp(scene(1024)).png().toBuffer())

const server = spawn(process.execPath, ["--conditions=@mido/source", "--import", "tsx", "apps/server/src/main.ts"], {
  env: { ...process.env, PORT: String(PORT), STORAGE_PORT: String(PORT + 1), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false", MIDO_SECRET: SECRET, WEB_DIST: "/nonexistent", MIDO_FEED_CACHE_MS: "0" },
  stdio: ["ignore", "ignore", "inherit"]
})
const call = async (method, path, body) =>
  (await fetch(`http://127.0.0.1:${PORT}${path}`, { method, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) })).json()
const feed = "/api/v1/open/artwork/artwork/get_profile_list?size=20"
const accept = (status, body) => status === 200 && body.indexOf('{"code":0,') >= 0
const measure = async () => {
  const result = await loadGet({ port: PORT, path: feed, seconds: SECONDS, connections: CONNECTIONS, accept })
  return { rps: (result.count / result.seconds).toFixed(0), p50: quantile(result.latencies, 0.5), p99: quantile(result.latencies, 0.99), max: result.latencies.at(-1).toFixed(1), errors: result.errors }
}
try {
  for (let attempt = 0; attempt < 240; attempt++) {
    const up = await fetch(`http://127.0.0.1:${PORT}/healthz`).then((response) => response.json(), () => undefined)
    if (up?.status === "ok") break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  // warm-up: the worker thread loads OpenCV and tfjs on its first task
  const warm = await call("POST", "/api/v2/task/submit", { type: "tool", tool: "style-avatar", image_url: small, options: { styles: "film" } })
  for (let i = 0; i < 120 && (await call("GET", `/api/v2/task/info?id=${warm.data.id}`)).data.status !== "succeeded"; i++) await new Promise((resolve) => setTimeout(resolve, 500))
  await loadGet({ port: PORT, path: feed, seconds: 2, connections: CONNECTIONS, accept })
  const alone = await measure()
  const started = performance.now()
  const tasks = await Promise.all([
    call("POST", "/api/v2/task/submit", { type: "tool", tool: "hd-repair", image_url: small, options: { scale: 2, method: "esrgan" } }),
    call("POST", "/api/v2/task/submit", { type: "tool", tool: "style-avatar", image_url: large, options: { styles: "cartoon,sketch,posterize,film" } })
  ])
  const during = await measure()
  const ends = []
  for (const task of tasks) {
    let view
    for (let i = 0; i < 240; i++) {
      view = (await call("GET", `/api/v2/task/info?id=${task.data.id}`)).data
      if (["succeeded", "failed", "cancelled"].includes(view.status)) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    ends.push(`${view.tool} ${view.status}, finished ${((Date.parse(`${view.finished_at.replace(" ", "T")}+08:00`) - Date.parse(`${view.created_at.replace(" ", "T")}+08:00`)) / 1000).toFixed(1)} s after submit`)
  }
  console.log("")
  console.log(`| feed (uncached, ${CONNECTIONS} connections, ${SECONDS} s) | req/s | p50 ms | p99 ms | max ms | errors |`)
  console.log("|---|---|---|---|---|---|")
  console.log(`| alone | ${alone.rps} | ${alone.p50} | ${alone.p99} | ${alone.max} | ${alone.errors} |`)
  console.log(`| while two tools run | ${during.rps} | ${during.p50} | ${during.p99} | ${during.max} | ${during.errors} |`)
  console.log(`(tasks: ${ends.join("; ")}; measured from ${((performance.now() - started) / 1000).toFixed(0)} s of run)`)
} finally {
  server.kill("SIGTERM")
  await new Promise((resolve) => server.on("exit", resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
