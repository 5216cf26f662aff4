#!/usr/bin/env node
// The server's start and memory, from source through tsx (how `npm start` ran before issue 28) and
// from the build (dist/, how it runs now; ADR 0022), on one warm data directory (issue 28 item 5).
//
//   node bench/server-start.mjs [--runs 3] [--load-seconds 10] [--modes tsx,dist] [--data-dir <dir>]
//
// Without --data-dir a temporary PGlite directory gets the demo data from one uncounted first start.
// Each counted start (modes alternate, `--runs` each) measures: wall time from spawn to the first 200
// of GET /healthz, the process's CPU seconds by then, its RSS once it idles (under 5 % of a core for
// a second, at most 30 s, then 5 s more), the peak RSS while the square's feed is loaded over 10
// keep-alive connections for --load-seconds (page 1, cache on, as it ships), and the RSS after that.
// Medians are printed. On a shared machine the wall time moves with other work, CPU seconds less.
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { loadGet } from "./lib/httpLoad.mjs"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : fallback
}
const RUNS = Number(option("runs", "3"))
const LOAD_SECONDS = Number(option("load-seconds", "10"))
const MODES = option("modes", "tsx,dist").split(",")
const FEED = "/api/v1/open/artwork/artwork/get_profile_list?size=20"

const COMMANDS = {
  tsx: ["--conditions=@mido/source", "--import", "tsx", "apps/server/src/main.ts"],
  dist: ["--enable-source-maps", "apps/server/dist/main.js"]
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
const cpuSecondsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ")
  return (Number(fields[11]) + Number(fields[12])) / 100
}
const rssMbOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024

const start = async (mode, dataDir) => {
  const port = await freePort()
  let storagePort = await freePort()
  while (storagePort === port) storagePort = await freePort()
  const { DATABASE_URL: _database, STORAGE_URL: _storage, MIDO_SECRET: _secret, UPLOAD_DIR: _uploads, SEED_DEMO: _seed, ...env } = process.env
  const started = performance.now()
  const child = spawn(process.execPath, COMMANDS[mode], {
    cwd: ROOT,
    env: { ...env, NODE_ENV: "development", HOST: "127.0.0.1", PORT: String(port), STORAGE_PORT: String(storagePort), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, WEB_DIST: "/nonexistent" },
    stdio: ["ignore", "ignore", "inherit"]
  })
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${mode}: the server exited (${child.exitCode})`)
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined)
    if (answer?.status === 200) break
    await sleep(50)
  }
  const startMs = performance.now() - started
  const startCpu = cpuSecondsOf(child.pid)
  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve))
    child.kill("SIGTERM")
    await exited
  }
  return { child, port, startMs, startCpu, stop }
}

/** Waits until the process idles: under 5 % of a core for a second (its first jobs done), at most 30 s. */
const settle = async (pid) => {
  let quiet = 0
  for (let waited = 0; waited < 30_000 && quiet < 2; waited += 500) {
    const before = cpuSecondsOf(pid)
    await sleep(500)
    quiet = cpuSecondsOf(pid) - before <= 0.025 ? quiet + 1 : 0
  }
}

const measure = async (mode, dataDir) => {
  const server = await start(mode, dataDir)
  try {
    await settle(server.child.pid)
    await sleep(5_000)
    const idleRss = rssMbOf(server.child.pid)
    let peakRss = idleRss
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMbOf(server.child.pid))), 200)
    const load = await loadGet({ port: server.port, path: FEED, seconds: LOAD_SECONDS, connections: 10, accept: (status) => status === 200 })
    clearInterval(sampler)
    const afterLoadRss = rssMbOf(server.child.pid)
    return { startMs: server.startMs, startCpu: server.startCpu, idleRss, peakRss, afterLoadRss, rps: load.count / load.seconds }
  } finally {
    await server.stop()
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const build = spawn(process.execPath, ["apps/server/build.mjs"], { cwd: ROOT, stdio: "inherit" })
if ((await new Promise((resolve) => build.once("exit", resolve))) !== 0) process.exit(1)

const given = option("data-dir", undefined)
const dataDir = given ?? join(mkdtempSync(join(tmpdir(), "mido-start-bench-")), "data")
try {
  if (given === undefined || !existsSync(given)) {
    console.error("first start: migrations and the demo seed (not counted)")
    await (await start("dist", dataDir)).stop()
  }
  const results = Object.fromEntries(MODES.map((mode) => [mode, []]))
  for (let run = 0; run < RUNS; run++) {
    for (const mode of MODES) {
      const result = await measure(mode, dataDir)
      console.error(`${mode} run ${run + 1}: ${JSON.stringify(Object.fromEntries(Object.entries(result).map(([key, value]) => [key, Math.round(value * 10) / 10])))}`)
      results[mode].push(result)
    }
  }
  const column = (mode, key, digits = 0) => median(results[mode].map((result) => result[key])).toFixed(digits)
  console.log(`\nNode ${process.version}, ${RUNS} run(s) each, medians; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`)
  console.log("| mode | start → first /healthz 200 (ms) | CPU to it (s) | idle RSS (MB) | peak RSS under feed load (MB) | RSS after load (MB) | feed req/s |")
  console.log("|---|---|---|---|---|---|---|")
  for (const mode of MODES) {
    console.log(`| ${mode} | ${column(mode, "startMs")} | ${column(mode, "startCpu", 2)} | ${column(mode, "idleRss")} | ${column(mode, "peakRss")} | ${column(mode, "afterLoadRss")} | ${column(mode, "rps")} |`)
  }
} finally {
  if (given === undefined) rmSync(dirname(dataDir), { recursive: true, force: true })
}
