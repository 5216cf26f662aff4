#!/usr/bin/env node
// The artwork feed under load (issue 4, R39; issue 18: the shared cache): 100,000 artworks, 20 a
// page with keyset paging, 10 concurrent keep-alive connections from this process (a lean HTTP
// client, lib/httpLoad.mjs) against servers in other processes, one after the other on the same
// data: a bare Hono JSON route (lib/bareHono.mjs, the ceiling of the stack), the feed uncached
// (MIDO_FEED_CACHE_MS=0), the feed with its shared cache (the default), page 1 against page 500, and
// a revalidation that gets a 304, and (issue 30) a logged-in member's page 1 and page 500 (an
// Authorization header of a seeded user who liked every third work and follows the author). Prints a
// table; exits 1 when a visitor's or a member's page 1 or 500, a member's community page 1, or an
// artwork's detail (visitor, member) misses its targets (≥ 20 % of the bare route's requests/s, p99 ≤ 20 ms).
//   node --conditions=@mido/source --import tsx bench/feed.mjs [--seconds 10] [--database-url postgres://…]
//     [--db-pid <postmaster pid>] [--cpu-prof <dir>]
// Without --database-url the servers run on embedded PGlite in a temporary directory. --db-pid adds
// the PostgreSQL cluster's CPU per request; --cpu-prof writes the feed servers' V8 CPU profiles there.
import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import http from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openPglite, openPostgres } from "../apps/server/src/db/database.ts"
import { migrate } from "../apps/server/src/db/migrate.ts"
import { hashToken } from "../apps/server/src/platform/tokens.ts"
import { loadGet, quantile } from "./lib/httpLoad.mjs"

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
// the member's bearer token (R7 form: 43 base64url characters); only its hash is stored
const MEMBER_TOKEN = "bench-member-token-0123456789abcdefghijklmno"

const seed = async () => {
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir })
  await migrate(database)
  // the seed is no request: on a busy machine its 100,000 rows outlast R40's 5 s statement budget
  await database.exec(`
    set statement_timeout = 0;
    insert into users (phone, nickname, invite_code, nid) values ('13900009999', '压测用户', 'BENCH1', '99999999') on conflict do nothing;
    insert into artworks (user_uid, type, title, cover, width, height, parameters, is_public, audit_status, created_at)
    select (select uid from users where invite_code = 'BENCH1'), (array['quick','quick_mj','sd','agent'])[1 + g % 4], '压测作品 ' || g,
           'http://127.0.0.1/uploads/seed/art-' || (g % 60) || '.jpg', 768, 768,
           '{"prompt":"bench","negative_prompt":"","models":[],"args":[],"base_image_url":"","style_info":{"group":"default","name":"默认","cover":""},"image_prompts":[],"style_reference":[],"character_reference":[],"omni_reference":[],"version_info":{"name":"v6","cover":""},"id":1,"name":"助手","head":""}'::jsonb,
           true, 'approved', now() - (g || ' seconds')::interval
    from generate_series(1, ${ARTWORKS}) as g;
    analyze artworks;`)
  await database.exec(`
    set statement_timeout = 0;
    insert into users (phone, nickname, invite_code, nid) values ('13900009998', '压测会员', 'BENCH2', '99999998') on conflict do nothing;
    insert into sessions (token_hash, uid, created_at, expires_at)
    select '${hashToken(MEMBER_TOKEN)}', uid, now(), now() + interval '30 days' from users where invite_code = 'BENCH2';
    insert into follows (follower_uid, followee_uid)
    select (select uid from users where invite_code = 'BENCH2'), (select uid from users where invite_code = 'BENCH1');
    -- every third work of the newest 12,000 (pages 1 and 500 hold some of each): liked, every fifth collected
    insert into artwork_likes (uid, artwork_id)
    select (select uid from users where invite_code = 'BENCH2'), id from artworks where id % 3 = 0 order by created_at desc limit 4000;
    insert into collections (uid, artwork_id)
    select (select uid from users where invite_code = 'BENCH2'), id from artworks where id % 5 = 0 order by created_at desc limit 2400;
    -- the community feed (issue 30: "the same for the community feed"): 2,000 posts, the member liked every third, collected every fifth
    insert into posts (uid, content, topics, created_at)
    select (select uid from users where invite_code = 'BENCH1'), '压测帖子 ' || g, array['压测'], now() - (g || ' seconds')::interval
    from generate_series(1, 2000) as g;
    insert into post_likes (post_id, uid) select id, (select uid from users where invite_code = 'BENCH2') from posts where id % 3 = 0;
    insert into post_collects (post_id, uid) select id, (select uid from users where invite_code = 'BENCH2') from posts where id % 5 = 0;
    analyze;`)
  await database.close()
}

// setup only (health, collecting the page-500 cursor): plain node:http
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const getAs = (path, headers = {}) =>
  new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port: PORT, path, agent, headers }, (response) => {
      const chunks = []
      response.on("data", (chunk) => chunks.push(chunk))
      response.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))))
    })
    request.on("error", reject)
  })
const get = (path) => getAs(path)

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
const databaseCpuSeconds = () => {
  if (databasePid === undefined || !existsSync(`/proc/${databasePid}/task/${databasePid}/children`)) return undefined
  const children = readFileSync(`/proc/${databasePid}/task/${databasePid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)
  // the postmaster with its live backends, and the backends that exited meanwhile
  return children.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), cpuSecondsOf(databasePid, true) ?? 0)
}
const perRequest = (before, after, count) => (before === undefined || after === undefined ? "–" : ((1000 * (after - before)) / count).toFixed(3))

let server
// A server just started runs its first jobs and warms its queue: wait until it idles (under 5 % of a
// core for a second), at most 30 s, so that the first page measured does not pay for them.
const settle = async () => {
  let quiet = 0
  for (let waited = 0; waited < 30_000 && quiet < 2; waited += 500) {
    const before = cpuSecondsOf(server.pid)
    await new Promise((resolve) => setTimeout(resolve, 500))
    quiet = cpuSecondsOf(server.pid) - before <= 0.025 ? quiet + 1 : 0
  }
}
const startProcess = async (args, env = {}) => {
  server = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), WEB_DIST: "/nonexistent", ...env },
    stdio: ["ignore", "ignore", "inherit"]
  })
  await waitForServer()
  await settle()
}
const startFeedServer = (env) =>
  startProcess([...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "--enable-source-maps", "apps/server/dist/main.js"], env)
const stopProcess = async () => {
  if (server === undefined || server.exitCode !== null) return
  const exited = new Promise((resolve) => server.on("exit", resolve))
  server.kill("SIGTERM")
  await exited
}

const isEnvelopeOk = (status, body) => status === 200 && body.indexOf('{"code":0,') >= 0 && body.indexOf('{"code":0,') < 16
const load = async (path, { headers = {}, accept = isEnvelopeOk, seconds = SECONDS } = {}) => {
  const cpuBefore = cpuSecondsOf(server.pid)
  const databaseBefore = databaseCpuSeconds()
  const result = await loadGet({ port: PORT, path, headers, seconds, connections: CONNECTIONS, accept })
  return {
    rps: result.count / result.seconds,
    p50: quantile(result.latencies, 0.5),
    p99: quantile(result.latencies, 0.99),
    errors: result.errors,
    cpu: perRequest(cpuBefore, cpuSecondsOf(server.pid), result.count),
    databaseCpu: perRequest(databaseBefore, databaseCpuSeconds(), result.count),
    clientCpu: (result.clientCpuMs / result.count).toFixed(3)
  }
}
const WARM_UP_SECONDS = Math.min(3, SECONDS)

// the feed servers run from the server's build, as npm start runs them (ADR 0022)
if (spawnSync(process.execPath, ["apps/server/build.mjs"], { stdio: "inherit" }).status !== 0) process.exit(1)
await seed()
const rows = []
try {
  await startProcess(["bench/lib/bareHono.mjs"])
  await load("/bare", { seconds: WARM_UP_SECONDS })
  rows.push(["bare Hono JSON route", "–", await load("/bare")])
  await stopProcess()

  const feed = "/api/v1/open/artwork/artwork/get_profile_list?size=20"
  await startFeedServer({ MIDO_FEED_CACHE_MS: "0" })
  let cursor = ""
  for (let page = 1; page < 500; page++) {
    const answer = await get(`${feed}${cursor}`)
    cursor = `&cursor=${encodeURIComponent(answer.data.next_cursor)}`
  }
  const deep = `${feed}${cursor}`
  await load(feed, { seconds: WARM_UP_SECONDS })
  rows.push(["feed, uncached", 1, await load(feed)])
  rows.push(["feed, uncached", 500, await load(deep)])
  await stopProcess()

  await startFeedServer({})
  await load(feed, { seconds: WARM_UP_SECONDS })
  rows.push(["feed, shared cache", 1, await load(feed)])
  rows.push(["feed, shared cache", 500, await load(deep)])
  const etag = await new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port: PORT, path: feed, agent }, (response) => {
      response.resume()
      response.on("end", () => resolve(response.headers.etag))
    }).on("error", reject)
  })
  rows.push(["feed, shared cache, If-None-Match → 304", 1, await load(feed, { headers: { "If-None-Match": etag }, accept: (status) => status === 304 })])
  const member = { headers: { Authorization: `Bearer ${MEMBER_TOKEN}` } }
  // the member's flags are theirs: a page without one liked card would measure nothing per viewer
  if (!(await getAs(feed, member.headers)).data.list.some((card) => card.is_like)) throw new Error("the member's page 1 shows none of their likes")
  await load(feed, { ...member, seconds: WARM_UP_SECONDS })
  rows.push(["feed, member (own likes)", 1, await load(feed, member)])
  rows.push(["feed, member (own likes)", 500, await load(deep, member)])
  // the community feed and an artwork's detail (issue 30: "the same for the community feed and an artwork's detail")
  const postFeed = "/api/v1/open/community/post/list?feed=new&size=20"
  if (!(await getAs(postFeed, member.headers)).data.list.some((item) => item.is_like)) throw new Error("the member's community page shows none of their likes")
  await load(postFeed, { seconds: WARM_UP_SECONDS })
  rows.push(["community feed, shared cache", 1, await load(postFeed)])
  await load(postFeed, { ...member, seconds: WARM_UP_SECONDS })
  rows.push(["community feed, member (own likes, collects)", 1, await load(postFeed, member)])
  // a liked work of page 1: every read counts a view (in memory, written once a second); a member's
  // own part (flags, the counters their writes move) is kept with their flags (ADR 0027, fourth part)
  const likedWork = (await getAs(feed, member.headers)).data.list.find((card) => card.is_like).id
  const detail = `/api/v2/open/artwork/info?id=${likedWork}`
  await load(detail, { seconds: WARM_UP_SECONDS })
  rows.push(["artwork detail, visitor", "–", await load(detail)])
  rows.push(["artwork detail, member (own like, collect, follow)", "–", await load(detail, member)])
  await stopProcess()
} finally {
  await stopProcess()
  agent.destroy()
  rmSync(dataDir, { recursive: true, force: true })
}

const engine = databaseUrl ? "PostgreSQL" : "PGlite"
const bare = rows[0][2].rps
console.log(`| ${engine} | page | req/s | % of bare | p50 ms | p99 ms | errors | CPU ms/req: server | PostgreSQL | this load generator |`)
console.log(`|---|---|---|---|---|---|---|---|---|---|`)
for (const [name, page, result] of rows) {
  console.log(`| ${name} | ${page} | ${result.rps.toFixed(0)} | ${((100 * result.rps) / bare).toFixed(1)} % | ${result.p50} | ${result.p99} | ${result.errors} | ${result.cpu} | ${result.databaseCpu} | ${result.clientCpu} |`)
}
console.log(`(${ARTWORKS} artworks, ${CONNECTIONS} connections, ${SECONDS} s each after a ${WARM_UP_SECONDS} s warm-up, 20 per page, keyset cursor)`)
// issue 30: the square's pages (visitor and member, a deep page too), the community's and an artwork's detail for a member
const targets = [
  ["visitor's cached page 1", "feed, shared cache", 1],
  ["visitor's cached page 500", "feed, shared cache", 500],
  ["member's page 1", "feed, member (own likes)", 1],
  ["member's page 500", "feed, member (own likes)", 500],
  ["member's community page 1", "community feed, member (own likes, collects)", 1],
  ["visitor's artwork detail", "artwork detail, visitor", "–"],
  ["member's artwork detail", "artwork detail, member (own like, collect, follow)", "–"]
]
for (const [label, name, page] of targets) {
  const result = rows.find((row) => row[0] === name && row[1] === page)[2]
  const share = (100 * result.rps) / bare
  const met = share >= 20 && Number(result.p99) <= 20 && result.errors === 0
  console.log(`${label}: ${share.toFixed(1)} % of the bare route's req/s (target ≥ 20 %), p99 ${result.p99} ms (target ≤ 20 ms), ${result.errors} errors: ${met ? "met" : "MISSED"}`)
  if (!met) process.exitCode = 1
}
