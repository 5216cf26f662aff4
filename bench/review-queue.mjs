#!/usr/bin/env node
// The operator console's review queue on 100,000 works (issue 29): seeds 100,000 artworks on a fresh
// PGlite (a fifth of them waiting in review, the rest on the square or drafts) and times the works'
// tab as the console asks it (features/review/reviewQueue.ts: page 1 of 20, oldest waiting first, and
// the tabs' counts), then prints the plan of the page query (EXPLAIN ANALYZE). It repeats the timing
// with the index the queue needs (artworks_review_queue, 2850_review_queue.sql) swapped for the one
// before it (artworks_pending, on audit_submitted_at alone) and with none, so the index's share shows.
//   node --conditions=@mido/source --import tsx bench/review-queue.mjs [--runs 30] [--pending 20000]
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openPglite } from "../apps/server/src/db/database.ts"
import { migrate } from "../apps/server/src/db/migrate.ts"
import { reviewQueue } from "../apps/server/src/features/review/reviewQueue.ts"

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const RUNS = Number(arg("runs", "30"))
const ARTWORKS = 100_000
const PENDING = Number(arg("pending", "20000"))
const dataDir = mkdtempSync(join(tmpdir(), "mido-bench-review-"))

const database = await openPglite({ dataDir })
await migrate(database)
const started = performance.now()
// every fifth work waits in review (submitted over the last weeks), the others are approved or drafts
await database.exec(`
  insert into users (phone, nickname, invite_code, nid)
  select '139' || lpad(g::text, 8, '0'), '压测用户' || g, 'BR' || g, '8' || lpad(g::text, 7, '0') from generate_series(1, 500) as g;
  insert into artworks (user_uid, type, title, cover, width, height, parameters, is_public, audit_status, audit_submitted_at, created_at)
  select (select min(uid) from users) + g % 500, (array['quick','quick_mj','sd','agent'])[1 + g % 4], '压测作品 ' || g,
         'http://127.0.0.1/uploads/seed/art-' || (g % 60) || '.jpg', 768, 768,
         jsonb_build_object('prompt', '江南水乡 ' || g, 'negative_prompt', '', 'models', '[]'::jsonb, 'args', '[]'::jsonb),
         g % 5 <> 1, case when g % (${ARTWORKS} / ${PENDING}) = 0 then 'pending' when g % 3 = 0 then 'draft' else 'approved' end,
         now() - ((${ARTWORKS} - g) || ' seconds')::interval, now() - ((${ARTWORKS} - g + 60) || ' seconds')::interval
  from generate_series(1, ${ARTWORKS}) as g;
  analyze;`)
const seeded = (performance.now() - started) / 1000

const rowsOf = async (text) => (await database.db.execute(text)).rows
const [{ pending }] = await rowsOf("select count(*)::int as pending from artworks where audit_status = 'pending' and deleted_at is null")

const PAGE_SQL = `select a.id, u.nickname, a.title, a.cover, a.parameters from artworks a join users u on u.uid = a.user_uid
  where a.audit_status = 'pending' and a.deleted_at is null order by a.audit_submitted_at, a.id limit 20`

const sample = async (run) => {
  const samples = []
  for (let round = 0; round < RUNS + 3; round++) {
    const at = performance.now()
    await run()
    if (round >= 3) samples.push(performance.now() - at)
  }
  samples.sort((a, b) => a - b)
  const q = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))].toFixed(1)
  return `${q(0.5)} | ${q(0.95)}`
}

// the console's whole call (page, four counts, moderation hook) and the page query alone
const time = async (label) => {
  const page = await reviewQueue(database.db, "artwork", 1, 20)
  if (page.list.length !== 20 || page.total !== pending) throw new Error(`unexpected page: ${page.list.length} items, total ${page.total}`)
  return { label, call: await sample(() => reviewQueue(database.db, "artwork", 1, 20)), page: await sample(() => rowsOf(PAGE_SQL)) }
}

const plan = async () => (await rowsOf(`explain analyze ${PAGE_SQL}`)).map((row) => row["QUERY PLAN"]).join("\n")

const results = []
results.push(await time("artworks_review_queue (audit_submitted_at, id), partial"))
const withIndex = await plan()
await database.exec("drop index artworks_review_queue; create index artworks_pending on artworks (audit_submitted_at) where audit_status = 'pending' and deleted_at is null; analyze artworks;")
results.push(await time("artworks_pending (audit_submitted_at), partial: before"))
await database.exec("drop index artworks_pending; analyze artworks;")
results.push(await time("no queue index"))
const withoutIndex = await plan()
await database.close()
rmSync(dataDir, { recursive: true, force: true })

console.log(`review queue, works tab, page 1 of 20 + the four tabs' counts; ${ARTWORKS} works, ${pending} waiting; seeded in ${seeded.toFixed(1)} s; ${RUNS} runs each (PGlite, one process)`)
console.log("| index | whole call median ms | p95 ms | page query median ms | p95 ms |\n|---|---|---|---|---|")
for (const row of results) console.log(`| ${row.label} | ${row.call} | ${row.page} |`)
console.log(`\nEXPLAIN ANALYZE of the page query with artworks_review_queue:\n${withIndex}\n\nwithout a queue index:\n${withoutIndex}`)
