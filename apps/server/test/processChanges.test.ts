import { afterAll, describe, expect, it } from "vitest"
import { type Database, openPostgres } from "../src/db/database.js"
import { localAdapters } from "../src/adapters/localAdapters.js"
import { silentLog } from "../src/platform/log.js"
import { type RunningServer, startServer } from "../src/server.js"
import { makeArtwork, makeUser, withQuery } from "./artworksFixtures.js"
import { freshDatabase, testConfig } from "./testServer.js"
import { eventually } from "./eventually.js"

/**
 * Issue 27, "feed cache and task streams": a change committed in one process clears the other
 * processes' feed cache and wakes their task streams (LISTEN/NOTIFY, ADR 0019). On PostgreSQL two
 * servers, each with its own pool and listening connection, share one database; on PGlite (one
 * process only) the server keeps the in-process path, with no listener to start or stop.
 */
const postgresUrl = process.env.MIDO_TEST_DATABASE_URL || undefined
const FEED = "/api/v1/open/artwork/artwork/get_profile_list"
// nothing expires by itself during the test: what changes, an invalidation changed
const TTL_MS = 120_000

const running: Array<RunningServer> = []
afterAll(async () => {
  for (const server of running.reverse()) await server.stop()
})

const start = async (database: Database) => {
  const config = testConfig({ feedCacheMs: TTL_MS })
  const server = await startServer(config, database, silentLog, localAdapters(config, database.db, silentLog))
  running.push(server)
  return server
}

/** Two servers on one database: two PostgreSQL pools on a new database, or one PGlite server twice over. */
const twoProcesses = async (): Promise<[RunningServer, RunningServer]> => {
  if (postgresUrl === undefined) {
    const only = await start(await freshDatabase())
    return [only, only]
  }
  const name = `mido_changes_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = await openPostgres(postgresUrl)
  await admin.exec(`create database ${name}`)
  await admin.close()
  const url = postgresUrl.replace(/\/[^/]*$/, `/${name}`)
  const first = await start(await openPostgres(url))
  return [first, await start(await openPostgres(url))]
}

const visitorIds = async (server: RunningServer, uid: number) => {
  const response = await fetch(`${server.url}${withQuery(FEED, { uid })}`, { headers: { source: "PC" } })
  const answer = (await response.json()) as { code: number; data: { list: Array<{ id: number }> } }
  expect(answer.code).toBe(0)
  return answer.data.list.map((card) => card.id)
}


describe("wake-ups across processes", async () => {
  const [api, other] = await twoProcesses()

  it(postgresUrl ? "a work withdrawn through one process leaves the other's cached square at once" : "PGlite: a withdrawn work leaves the one process's cached square at once", async () => {
    const author = await makeUser(api.deps.db, "跨进程画师")
    const kept = await makeArtwork(api.deps.db, author.uid, { createdAt: new Date(Date.now() - 60_000) })
    const withdrawn = await makeArtwork(api.deps.db, author.uid)
    // the other process caches the visitor's page
    expect(await visitorIds(other, author.uid)).toEqual([withdrawn.id, kept.id])
    const answer = await fetch(`${api.url}/api/v1/user/profile/artwork/delete`, {
      method: "POST",
      headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${author.token}` },
      body: JSON.stringify({ id: withdrawn.id })
    })
    expect(((await answer.json()) as { code: number }).code).toBe(0)
    await eventually(() => visitorIds(other, author.uid), [kept.id])
  })

  it(postgresUrl ? "a task change notified in one process wakes the task's streams in the other at once" : "PGlite: a task change wakes the one process's streams at once", async () => {
    const started = Date.now()
    // registered before the notify leaves: the wait is in place when the notification arrives
    const woken = other.deps.taskChanges.wait("7301", 10_000)
    api.deps.taskChanges.notify("7301")
    await woken
    // without the wake-up the stream sleeps its whole interval (here 10 s)
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
