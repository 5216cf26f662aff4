#!/usr/bin/env node
// Generation (issue 13): what the queue adds to a drawing task, and how fast the offline engine draws.
//   node --conditions=@mido/source --import tsx bench/generation.mjs [--tasks 5] [--size 512] [--database-url postgres://…] [--renders 12]
// 1. Offline renders per second at 512² and 1024² (makeOfflineEngine in this process, one image per
//    call, sequential and two at a time on the 2 cores).
// 2. Queue overhead: the server (apps/server/src/main.ts) in its own process over a fresh database
//    (PGlite in a temporary directory unless --database-url), the offline engine, sd tasks of one
//    512² image. 1 user, then 20 users at once, each submitting --tasks tasks one after the other
//    (the next once the last is done, watched over the task's event stream). Latencies come from the
//    tasks table afterwards (created_at, started_at, finished_at: the server's own clock), so how the
//    bench watches does not colour them.
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { openPglite, openPostgres } from "../apps/server/src/db/database.ts"
import { migrate } from "../apps/server/src/db/migrate.ts"
import { readConfig } from "../apps/server/src/platform/config.ts"
import { issueToken } from "../apps/server/src/platform/tokens.ts"
import { creditBeans } from "../apps/server/src/features/beans/beans.ts"
import { ledgerKeyOf } from "../apps/server/src/features/beans/ledgerKey.ts"
import { makeOfflineEngine } from "../apps/server/src/adapters/engine/offline/offlineEngine.ts"

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const TASKS = Number(arg("tasks", "5"))
// each user submits TASKS warm-up tasks and TASKS measured ones within the hour: R37 allows 30
if (TASKS * 2 > 30) {
  console.error("--tasks is at most 15: each user submits twice that within the hour, and the server allows 30 (R37)")
  process.exit(2)
}
const SIZE = Number(arg("size", "512"))
const RENDERS = Number(arg("renders", "12"))
const databaseUrl = arg("database-url", undefined)
const PORT = 18_000 + Math.floor(Math.random() * 1000)
const SECRET = "bench-secret-0123456789-0123456789-0123"
const dataDir = mkdtempSync(join(tmpdir(), "mido-bench-gen-"))
const USERS = 21 // user 1 for the single-user run, users 2–21 for the 20-user run

const percentile = (sorted, q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))])

// 1. offline renders per second
const renders = async () => {
  const engine = makeOfflineEngine()
  const run = { signal: new AbortController().signal, onProgress: () => {} }
  const request = (size, i) => ({
    prompt: ["红色山脉 日落", "蓝色海洋 波浪", "neon city night", "金色麦田", "森林 雾"][i % 5],
    negativePrompt: "",
    loras: [],
    steps: 20,
    cfgScale: 7,
    width: size,
    height: size,
    seed: 1000 + i,
    count: 1
  })
  const rows = []
  for (const size of [512, 1024]) {
    await engine.txt2img(request(size, 99), run) // warm-up
    for (const parallel of [1, 2]) {
      const started = performance.now()
      let next = 0
      await Promise.all(Array.from({ length: parallel }, async () => {
        while (next < RENDERS) await engine.txt2img(request(size, next++), run)
      }))
      const seconds = (performance.now() - started) / 1000
      rows.push({ size, parallel, perSecond: RENDERS / seconds, msEach: (seconds * 1000) / RENDERS })
    }
  }
  return rows
}

// 2. the queue
const seed = async () => {
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir })
  await migrate(database)
  const config = readConfig({ MIDO_SECRET: SECRET, DATA_DIR: dataDir })
  const tokens = []
  for (let i = 1; i <= USERS; i++) {
    await database.exec(`insert into users (phone, nickname, invite_code, nid) values ('1390000${String(i).padStart(4, "0")}', '压测用户${i}', 'BGEN${i}', '9800${String(i).padStart(4, "0")}')`)
    const [{ uid }] = (await database.db.execute(`select uid from users where invite_code = 'BGEN${i}'`)).rows
    await creditBeans(database.db, ledgerKeyOf(config), { uid: Number(uid), amount: 100_000, remark: "压测", kind: "bench", ref: `bench:${i}` })
    tokens.push(await issueToken(database.db, Number(uid), new Date()))
  }
  await database.close()
  return tokens
}

const call = async (method, path, token, body) => {
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return response.json()
}

/** Reads the task's event stream until it says the task finished. */
const untilFinished = async (token, id) => {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/v2/task/events?id=${id}`, { headers: { Authorization: `Bearer ${token}` } })
  const decoder = new TextDecoder()
  let text = ""
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true })
    if (/"status":"(succeeded|failed|cancelled)"/.test(text)) break
  }
  await response.body?.cancel().catch(() => {})
}

const drawAsUser = async (token, label) => {
  for (let i = 0; i < TASKS; i++) {
    const answer = await call("POST", "/api/v2/task/submit", token, {
      type: "sd", prompt: `${label} 山间小屋 ${i}`, checkpoint: "本地演示·通用", sampler: "Euler a", steps: 20, cfg_scale: 7, width: SIZE, height: SIZE, seed: -1, num: 1
    })
    if (answer.code !== 0) throw new Error(`submit refused: ${answer.msg}`)
    await untilFinished(token, answer.data.id)
  }
}

const waitForServer = async () => {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await (await fetch(`http://127.0.0.1:${PORT}/healthz`)).json()).status === "ok") return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error("server did not start")
}

const latencies = async (uids) => {
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir })
  const { rows } = await database.db.execute(`
    select extract(epoch from (started_at - created_at)) * 1000 as to_running,
           extract(epoch from (finished_at - created_at)) * 1000 as to_done, status
    from tasks where prompt not like '预热%' and uid in (select uid from users where invite_code = any(array[${uids.map((i) => `'BGEN${i}'`).join(",")}]))`)
  await database.close()
  const sorted = (key) => rows.map((row) => Number(row[key])).sort((a, b) => a - b)
  const running = sorted("to_running")
  const done = sorted("to_done")
  return { count: rows.length, failed: rows.filter((row) => row.status !== "succeeded").length, running, done }
}

const renderRows = await renders()
console.log("| offline render | at once | images/s | ms per image |")
console.log("|---|---|---|---|")
for (const row of renderRows) console.log(`| ${row.size}×${row.size} | ${row.parallel} | ${row.perSecond.toFixed(1)} | ${row.msEach.toFixed(0)} |`)

const tokens = await seed()
const server = spawn(process.execPath, ["--conditions=@mido/source", "--import", "tsx", "apps/server/src/main.ts"], {
  env: { ...process.env, PORT: String(PORT), STORAGE_PORT: String(PORT + 1), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false", MIDO_SECRET: SECRET, WEB_DIST: "/nonexistent", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  stdio: ["ignore", "ignore", "inherit"]
})
const runs = []
try {
  await waitForServer()
  await drawAsUser(tokens[0], "预热") // warm-up, not counted (user 1's first task)
  let started = performance.now()
  await drawAsUser(tokens[0], "单人")
  runs.push({ users: 1, uids: [1], seconds: (performance.now() - started) / 1000 })
  started = performance.now()
  await Promise.all(tokens.slice(1).map((token, i) => drawAsUser(token, `多人${i}`)))
  runs.push({ users: 20, uids: Array.from({ length: 20 }, (_, i) => i + 2), seconds: (performance.now() - started) / 1000 })
} finally {
  server.kill("SIGTERM")
  await new Promise((resolve) => server.on("exit", resolve))
}
console.log("")
console.log(`| ${databaseUrl ? "PostgreSQL" : "PGlite"} | tasks | failed | submit→running p50 / p99 ms | submit→done p50 / p99 ms | tasks/s |`)
console.log("|---|---|---|---|---|---|")
for (const run of runs) {
  const measured = await latencies(run.uids)
  const fmt = (list) => `${percentile(list, 0.5).toFixed(0)} / ${percentile(list, 0.99).toFixed(0)}`
  console.log(`| ${run.users} user${run.users > 1 ? "s" : ""} | ${measured.count} | ${measured.failed} | ${fmt(measured.running)} | ${fmt(measured.done)} | ${(run.users * TASKS / run.seconds).toFixed(1)} |`)
}
console.log(`(sd ${SIZE}×${SIZE}, 1 image, offline engine at its default concurrency of 2; ${TASKS} tasks per user one after the other, after ${TASKS} uncounted warm-up tasks)`)
rmSync(dataDir, { recursive: true, force: true })
