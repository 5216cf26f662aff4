import { afterAll, describe, expect, it } from "vitest"
import { type Database, openPostgres } from "../src/db/database.js"
import { localAdapters } from "../src/adapters/localAdapters.js"
import { artworkLikes } from "../src/db/schema/artworks.js"
import { silentLog } from "../src/platform/log.js"
import { type RunningServer, startServer } from "../src/server.js"
import { makeArtwork, makeUser, withQuery } from "./artworksFixtures.js"
import { freshDatabase, testConfig } from "./testServer.js"
import { eventually } from "./eventually.js"

/**
 * Issue 27, "feed cache and task streams": a change committed in one process clears the other
 * processes' feed cache and wakes their task streams (LISTEN/NOTIFY, ADR 0019). On PostgreSQL two
 * servers, each with its own pool and listening connection, share one database; on PGlite (one
 * process only) the server keeps the in-process path, with no listener to start or stop. Issue 30:
 * a member's pages are built on the same shared answers, so the same wake-ups clear them.
 */
const postgresUrl = process.env.MIDO_TEST_DATABASE_URL || undefined
const FEED = "/api/v1/open/artwork/artwork/get_profile_list"
const POSTS = "/api/v1/open/community/post/list"
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


const memberCards = async (server: RunningServer, uid: number, token: string) => {
  const response = await fetch(`${server.url}${withQuery(FEED, { uid })}`, { headers: { source: "PC", authorization: `Bearer ${token}` } })
  const answer = (await response.json()) as { code: number; data: { list: Array<{ id: number; is_like: boolean }> } }
  expect(answer.code).toBe(0)
  return answer.data.list.map((card) => [card.id, card.is_like])
}

const memberPostIds = async (server: RunningServer, token: string) => {
  const response = await fetch(`${server.url}${withQuery(POSTS, { feed: "new", size: 50 })}`, { headers: { source: "PC", authorization: `Bearer ${token}` } })
  const answer = (await response.json()) as { code: number; data: { list: Array<{ id: number }> } }
  expect(answer.code).toBe(0)
  return answer.data.list.map((post) => post.id)
}

const withdraw = async (server: RunningServer, token: string, id: number) => {
  const answer = await fetch(`${server.url}/api/v1/user/profile/artwork/delete`, {
    method: "POST",
    headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ id })
  })
  expect(((await answer.json()) as { code: number }).code).toBe(0)
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

  it(postgresUrl ? "a work withdrawn through one process leaves a member's page in the other at once, their hearts still theirs" : "PGlite: a withdrawn work leaves a member's shared page at once", async () => {
    const author = await makeUser(api.deps.db, "跨进程会员画师")
    const member = await makeUser(api.deps.db, "跨进程会员")
    const kept = await makeArtwork(api.deps.db, author.uid, { createdAt: new Date(Date.now() - 60_000) })
    const withdrawn = await makeArtwork(api.deps.db, author.uid)
    const liked = await fetch(`${api.url}/api/v1/user/like`, {
      method: "POST",
      headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ target_id: kept.id, target_type: "artwork", action: "like" })
    })
    expect(((await liked.json()) as { code: number }).code).toBe(0)
    // the other process keeps the shared page (ADR 0027): the member's answer is built on it
    expect(await memberCards(other, author.uid, member.token)).toEqual([[withdrawn.id, false], [kept.id, true]])
    // a row written behind the app's back stays out of the member's page: it is the shared one
    const unseen = await makeArtwork(api.deps.db, author.uid)
    expect(await memberCards(other, author.uid, member.token)).toEqual([[withdrawn.id, false], [kept.id, true]])
    await withdraw(api, author.token, withdrawn.id)
    await eventually(() => memberCards(other, author.uid, member.token), [[unseen.id, false], [kept.id, true]])
  })

  it(postgresUrl ? "a post published through one process shows on a member's community page in the other at once" : "PGlite: a published post shows on a member's shared community page at once", async () => {
    const writer = await makeUser(api.deps.db, "跨进程发帖人")
    const member = await makeUser(api.deps.db, "跨进程读者")
    const before = await memberPostIds(other, member.token)
    const published = await fetch(`${api.url}/api/v1/community/post/publish`, {
      method: "POST",
      headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ content: "另一个进程里发布的帖子", images: [], topics: [] })
    })
    const answer = (await published.json()) as { code: number; data: { id: number } }
    expect(answer.code).toBe(0)
    await eventually(() => memberPostIds(other, member.token), [answer.data.id, ...before])
  })

  it(postgresUrl ? "退出所有设备 through one process refuses the token in the other at once, though the other keeps sessions (R7)" : "PGlite: 退出所有设备 refuses the token the one process keeps at once (R7)", async () => {
    const member = await makeUser(api.deps.db, "跨进程退出")
    const info = async (server: RunningServer) =>
      ((await (await fetch(`${server.url}/api/v1/user/info`, { headers: { source: "PC", authorization: `Bearer ${member.token}` } })).json()) as { code: number }).code
    // the other process has just seen the session: its session cache keeps it (issue 30)
    expect(await info(other)).toBe(0)
    expect(other.deps.sessions.size()).toBeGreaterThan(0)
    const answer = await fetch(`${api.url}/api/v1/base/logout_all`, {
      method: "POST",
      headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${member.token}` },
      body: "{}"
    })
    expect(((await answer.json()) as { code: number }).code).toBe(0)
    // well inside the cache's 5 s lifetime (SESSION_CACHE_MS): only the wake-up can have ended it there
    await eventually(() => info(other), -401, 2_000)
  })

  it(postgresUrl ? "a member's like through one process shows on their page in the other at once, though the other keeps their hearts" : "PGlite: a member's like shows on their kept page at once", async () => {
    const author = await makeUser(api.deps.db, "跨进程旗标画师")
    const member = await makeUser(api.deps.db, "跨进程旗标会员")
    const older = await makeArtwork(api.deps.db, author.uid, { createdAt: new Date(Date.now() - 60_000) })
    const newer = await makeArtwork(api.deps.db, author.uid)
    expect(await memberCards(other, author.uid, member.token)).toEqual([[newer.id, false], [older.id, false]])
    // a heart written behind the app's back: the other process keeps the member's hearts of this page (issue 30)
    await api.deps.db.insert(artworkLikes).values({ uid: member.uid, artworkId: older.id })
    expect(await memberCards(other, author.uid, member.token)).toEqual([[newer.id, false], [older.id, false]])
    const liked = await fetch(`${api.url}/api/v1/user/like`, {
      method: "POST",
      headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ target_id: newer.id, target_type: "artwork", action: "like" })
    })
    expect(((await liked.json()) as { code: number }).code).toBe(0)
    // well inside the feed cache's TTL: only the `flags <uid>` wake-up can have made the other read them again
    await eventually(() => memberCards(other, author.uid, member.token), [[newer.id, true], [older.id, true]], 2_000)
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
