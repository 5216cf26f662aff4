#!/usr/bin/env node
// The artwork feed under load (issue 4, R39): 100,000 artworks, 20 a page with keyset paging, 10
// concurrent connections from this process against the server in another process, page 1 against
// page 500. Prints a table.
//   node --conditions=@mido/source --import tsx bench/feed.mjs [--seconds 10] [--database-url postgres://…]
//     [--db-pid <postmaster pid>] [--cpu-prof <dir>]
// Without --database-url the server runs on embedded PGlite in a temporary directory. --db-pid adds
// the PostgreSQL cluster's CPU per request; --cpu-prof writes the server's V8 CPU profile there.
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import http from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { openPglite, openPostgres } from "../apps/server/src/db/database.ts"
import { migrate } from "../apps/server/src/db/migrate.ts"

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const SECONDS = Number(arg("seconds", "10"))
const CONNECTIONS = 10
const ARTWORKS = 100_000
const PORT = 18_000 + Math.floor(Math.random() * 1000)
const databaseUrl = arg("database-url", undefined)
const profileDir = arg("cpu-prof", undefined)
// the PostgreSQL postmaster's pid (first line of postmaster.pid): its backends' CPU is reported too
const databasePid = arg("db-pid", undefined)
const dataDir = mkdtempSync(join(tmpdir(), "mido-bench-"))

const seed = async () => {
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir })
  await migrate(database)
  await database.exec(`
    insert into users (phone, nickname, invite_code, nid) values ('13900009999', '压测用户', 'BENCH1', '99999999') on conflict do nothing;
    insert into artworks (user_uid, type, title, cover, width, height, parameters, is_public, audit_status, created_at)
    select (select uid from users where invite_code = 'BENCH1'), (array['quick','quick_mj','sd','agent'])[1 + g % 4], '压测作品 ' || g,
           'http://127.0.0.1/uploads/seed/art-' || (g % 60) || '.jpg', 768, 768,
           '{"prompt":"bench","negative_prompt":"","models":[],"args":[],"base_image_url":"","style_info":{"group":"default","name":"默认","cover":""},"image_prompts":[],"style_reference":[],"character_reference":[],"omni_reference":[],"version_info":{"name":"v6","cover":""},"id":1,"name":"助手","head":""}'::jsonb,
           true, 'approved', now() - (g || ' seconds')::interval
    from generate_series(1, ${ARTWORKS}) as g;
    analyze artworks;`)
  await database.close()
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
const get = (path) =>
  new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port: PORT, path, agent }, (response) => {
      const chunks = []
      response.on("data", (chunk) => chunks.push(chunk))
      response.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))))
    })
    request.on("error", reject)
  })

const waitForServer = async () => {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const health = await get("/healthz")
      if (health.status === "ok") return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error("server did not start")
}

// CPU seconds used (Linux /proc; clock ticks of 10 ms): with other work on the machine, req/s falls
// but CPU per request stays telling.
const cpuSecondsOf = (pid, withExitedChildren = false) => {
  const stat = `/proc/${pid}/stat`
  if (!existsSync(stat)) return undefined
  const fields = readFileSync(stat, "utf8").replace(/^.*\) /, "").split(" ")
  return (Number(fields[11]) + Number(fields[12]) + (withExitedChildren ? Number(fields[13]) + Number(fields[14]) : 0)) / 100
}
const serverCpuSeconds = () => cpuSecondsOf(server.pid)
const databaseCpuSeconds = () => {
  if (databasePid === undefined || !existsSync(`/proc/${databasePid}/task/${databasePid}/children`)) return undefined
  const children = readFileSync(`/proc/${databasePid}/task/${databasePid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)
  // the postmaster with its live backends, and the backends that exited meanwhile
  return children.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), cpuSecondsOf(databasePid, true) ?? 0)
}
const perRequest = (before, after, count) => (before === undefined || after === undefined ? "–" : ((1000 * (after - before)) / count).toFixed(2))

const load = async (path) => {
  const latencies = []
  const cpuBefore = serverCpuSeconds()
  const databaseBefore = databaseCpuSeconds()
  const clientBefore = process.cpuUsage()
  const end = performance.now() + SECONDS * 1000
  let errors = 0
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < end) {
      const start = performance.now()
      const answer = await get(path).catch(() => undefined)
      if (answer?.code !== 0) errors++
      latencies.push(performance.now() - start)
    }
  }))
  const cpuAfter = serverCpuSeconds()
  const databaseAfter = databaseCpuSeconds()
  const client = process.cpuUsage(clientBefore)
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
  const cpu = perRequest(cpuBefore, cpuAfter, latencies.length)
  const databaseCpu = perRequest(databaseBefore, databaseAfter, latencies.length)
  const clientCpu = perRequest(0, (client.user + client.system) / 1e6, latencies.length)
  return { rps: (latencies.length / SECONDS).toFixed(0), p50: at(0.5), p99: at(0.99), errors, cpu, databaseCpu, clientCpu }
}

await seed()
const server = spawn(process.execPath, [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "--conditions=@mido/source", "--import", "tsx", "apps/server/src/main.ts"], {
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), WEB_DIST: "/nonexistent" },
  stdio: ["ignore", "ignore", "inherit"]
})
try {
  await waitForServer()
  const feed = "/api/v1/open/artwork/artwork/get_profile_list?size=20"
  let cursor = ""
  for (let page = 1; page < 500; page++) {
    const answer = await get(`${feed}${cursor}`)
    cursor = `&cursor=${encodeURIComponent(answer.data.next_cursor)}`
  }
  await load(feed) // warm-up
  const first = await load(feed)
  const deep = await load(`${feed}${cursor}`)
  const engine = databaseUrl ? "PostgreSQL" : "PGlite"
  console.log(`| engine | page | req/s | p50 ms | p99 ms | errors | CPU ms/req: server | PostgreSQL | this load generator |`)
  console.log(`|---|---|---|---|---|---|---|---|---|`)
  for (const [page, result] of [[1, first], [500, deep]]) {
    console.log(`| ${engine} | ${page} | ${result.rps} | ${result.p50} | ${result.p99} | ${result.errors} | ${result.cpu} | ${result.databaseCpu} | ${result.clientCpu} |`)
  }
  console.log(`(${ARTWORKS} artworks, ${CONNECTIONS} connections, ${SECONDS} s each, 20 per page, keyset cursor)`)
} finally {
  server.kill("SIGTERM")
  agent.destroy()
  await new Promise((resolve) => server.on("exit", resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
