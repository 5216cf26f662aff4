#!/usr/bin/env node
// Queue overhead of generation (issue 13): the real server (startServer: HTTP, pg-boss queue,
// workers, production pacing) with the offline 本地演示引擎, tasks submitted over HTTP by 1 and by 20
// concurrent users (each user: submit, poll the task every 100 ms until finished, again). Times come from the task rows
// (created_at → started_at → finished_at, written by the server), so client polling does not skew them.
//   node --conditions=@mido/source --import tsx bench/generation-queue.mjs [--tasks 40] [--size 512] [--database-url postgres://…]
// Without --database-url the server runs on embedded PGlite in a temporary directory. Server and
// clients share this process (and the machine's cores): take the figures as an upper bound.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { inArray } from "drizzle-orm"
import { openPglite, openPostgres } from "../apps/server/src/db/database.ts"
import { startServer } from "../apps/server/src/server.ts"
import { localAdapters } from "../apps/server/src/adapters/localAdapters.ts"
import { silentLog } from "../apps/server/src/platform/log.ts"
import { users } from "../apps/server/src/db/schema/users.ts"
import { tasks } from "../apps/server/src/db/schema/tasks.ts"
import { creditBeans } from "../apps/server/src/features/beans/beans.ts"
import { issueToken } from "../apps/server/src/platform/tokens.ts"

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const TASKS = Number(arg("tasks", "40"))
const SIZE = Number(arg("size", "512"))
const databaseUrl = arg("database-url", undefined)
const directory = mkdtempSync(join(tmpdir(), "mido-bench-gen-"))

const config = {
  port: 0, host: "127.0.0.1", dataDir: directory, databaseUrl, production: false, publicUrl: "http://127.0.0.1",
  storagePort: 0, storageUrl: "http://storage.localhost", secret: "bench-secret-0123456789-0123456789",
  webDist: "/nonexistent", uploadDir: join(directory, "uploads"), seedDemo: false, trustProxy: true
}
const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir: join(directory, "db") })
const server = await startServer(config, database, silentLog, localAdapters(config, database.db, silentLog))
const { db, ledgerKey } = server.deps

const newUser = async (n) => {
  const tag = `${Date.now() % 100000}${n}`
  const [row] = await db.insert(users).values({ phone: `139${String(tag).padStart(8, "0").slice(-8)}`, nickname: `压测${tag}`, inviteCode: `GB${tag}`, nid: `95${tag}` }).returning()
  await creditBeans(db, ledgerKey, { uid: row.uid, amount: 1_000_000, remark: "压测", kind: "bench_grant", ref: `bench-${tag}` })
  return issueToken(db, row.uid, new Date())
}

const call = async (token, method, path, body) => {
  const response = await fetch(`${server.url}${path}`, { method, headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${token}` }, ...(body ? { body: JSON.stringify(body) } : {}) })
  return (await response.json()).data
}

const task = { type: "sd", prompt: "a lighthouse on a cliff at dusk", checkpoint: "本地演示引擎", sampler: "Euler a", steps: 20, cfg_scale: 7, width: SIZE, height: SIZE, seed: -1, num: 1 }

const runUser = async (token, count, ids) => {
  for (let i = 0; i < count; i++) {
    const { id } = await call(token, "POST", "/api/v2/task/submit", task)
    ids.push(id)
    for (;;) {
      const view = await call(token, "GET", `/api/v2/task/info?id=${id}`)
      if (["succeeded", "failed", "cancelled"].includes(view.status)) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const scenario = async (userCount) => {
  const tokens = await Promise.all(Array.from({ length: userCount }, (_, n) => newUser(`${userCount}x${n}`)))
  const ids = []
  const started = performance.now()
  await Promise.all(tokens.map((token) => runUser(token, Math.ceil(TASKS / userCount), ids)))
  const seconds = (performance.now() - started) / 1000
  const rows = await db.select().from(tasks).where(inArray(tasks.id, ids))
  const toRunning = rows.map((row) => row.startedAt - row.createdAt).sort((a, b) => a - b)
  const toDone = rows.map((row) => row.finishedAt - row.createdAt).sort((a, b) => a - b)
  const failed = rows.filter((row) => row.status !== "succeeded").length
  return { userCount, tasks: rows.length, failed, toRunning, toDone, perSecond: rows.length / seconds }
}

try {
  await scenario(1) // warm-up: JIT, sharp, the queue's first fetches
  const results = [await scenario(1), await scenario(20)]
  console.log(`generation queue, offline engine ${SIZE}², ${databaseUrl ? "PostgreSQL" : "PGlite"}, engine concurrency 2 per process`)
  console.log("| users | tasks | submit → running p50 / p99 (ms) | submit → done p50 / p99 (ms) | tasks/s | failed |")
  console.log("|---|---|---|---|---|---|")
  for (const r of results) {
    console.log(`| ${r.userCount} | ${r.tasks} | ${quantile(r.toRunning, 0.5)} / ${quantile(r.toRunning, 0.99)} | ${quantile(r.toDone, 0.5)} / ${quantile(r.toDone, 0.99)} | ${r.perSecond.toFixed(1)} | ${r.failed} |`)
  }
} finally {
  await server.stop()
  rmSync(directory, { recursive: true, force: true })
}
