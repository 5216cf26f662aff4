import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { approvePendingArtworks } from "../src/features/artworks/artworkLibrary.js"
import { JobNames, serverJobs } from "../src/jobs/serverJobs.js"
import { FEED_CACHE_MS, readConfig } from "../src/platform/config.js"
import { silentLog } from "../src/platform/log.js"
import { makeArtwork, makeUser, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

// Issue 18, "The public feed, cached": a visitor's feed pages are shared by every visitor of the
// process for a few seconds (deps.feedCache), cleared when works are published, withdrawn or
// deleted; a logged-in viewer's page is the shared one with their own likes read fresh (issue 30,
// ADR 0027; test/memberFeed.test.ts), never kept; the headers let a CDN keep
// them too, and a client holding the page gets a 304.

const FEED = "/api/v1/open/artwork/artwork/get_profile_list"

interface Card {
  readonly id: number
  readonly is_like: boolean
  readonly stat: { readonly like_count: number }
}

let server: TestServer
let viewer: TestUser

// long enough that nothing in this file expires by itself, however slow the machine: what a test
// sees change, an invalidation changed
const TTL_MS = 120_000

beforeAll(async () => {
  server = await startTestServer({ feedCacheMs: TTL_MS })
  viewer = await makeUser(server.deps.db, "看客")
})
afterAll(() => server.stop())

const get = (query: Record<string, string | number | undefined>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${withQuery(FEED, query)}`, { headers: { source: "PC", ...headers } })

const page = async (query: Record<string, string | number | undefined>, token?: string) => {
  const response = await get(query, token === undefined ? {} : { authorization: `Bearer ${token}` })
  const answer = (await response.json()) as { code: number; msg: string; data: { list: Array<Card>; next_cursor?: string } }
  expect(answer.code, answer.msg).toBe(0)
  return answer.data.list
}
const ids = async (query: Record<string, string | number | undefined>, token?: string) => (await page(query, token)).map((card) => card.id)

const like = (id: number, token: string) => server.request("POST", "/api/v1/user/like", { target_id: id, target_type: "artwork", action: "like" }, token)

/** An author with two public works, newest first as the feed lists them. */
const authorWithWorks = async (name: string) => {
  const author = await makeUser(server.deps.db, name)
  const older = await makeArtwork(server.deps.db, author.uid, { createdAt: new Date(Date.now() - 60_000) })
  const newer = await makeArtwork(server.deps.db, author.uid, { createdAt: new Date(Date.now() - 30_000) })
  return { author, older, newer }
}

describe("a visitor's pages are shared", () => {
  it("a page is read once and served again until something invalidates it; counters may lag", async () => {
    const { author, older, newer } = await authorWithWorks("缓存画师")
    const first = await page({ uid: author.uid })
    expect(first[0]).toMatchObject({ id: newer.id, stat: { like_count: 0 } })
    await like(newer.id, viewer.token)
    // a row written behind the app's back (another process, a console) shows only after the ttl
    const extra = await makeArtwork(server.deps.db, author.uid)
    expect(await page({ uid: author.uid })).toEqual(first)
    // the liker sees their own heart at once, on the shared page (ADR 0027): its rows and counters lag as a visitor's do
    const mine = await page({ uid: author.uid }, viewer.token)
    expect(mine.map((card) => card.id)).toEqual([newer.id, older.id])
    expect(mine[0]).toMatchObject({ id: newer.id, is_like: true, stat: { like_count: 0 } })
    // what the ttl would do: the next visitor and member read the rows again
    server.deps.feedCache.invalidate()
    expect(await ids({ uid: author.uid })).toEqual([extra.id, newer.id, older.id])
    expect((await page({ uid: author.uid }, viewer.token))[1]).toMatchObject({ id: newer.id, is_like: true, stat: { like_count: 1 } })
  })

  it("every input that changes the answer has its own entry (size, sort, type, cursor, user)", async () => {
    const { author, older, newer } = await authorWithWorks("分页画师")
    await like(older.id, viewer.token)
    const one = await page({ uid: author.uid, size: 1 })
    expect(one.map((card) => card.id)).toEqual([newer.id])
    expect(await ids({ uid: author.uid, size: 2 })).toEqual([newer.id, older.id])
    expect(await ids({ uid: author.uid, type: "quick" })).toEqual([])
    const response = await get({ uid: author.uid, size: 1 })
    const cursor = ((await response.json()) as { data: { next_cursor: string } }).data.next_cursor
    expect(await ids({ uid: author.uid, size: 1, cursor })).toEqual([older.id])
    expect(await ids({ uid: author.uid, size: 1, sort: "hot" })).toEqual([older.id])
  })

  it("a refusal is answered every time and never kept", async () => {
    const before = server.deps.feedCache.size()
    const bad = await get({ cursor: "garbage" })
    expect(bad.headers.get("etag")).toBeNull()
    expect(await bad.json()).toMatchObject({ code: 400, msg: "分页参数无效，请刷新后重试" })
    expect(((await (await get({ cursor: "garbage" })).json()) as { code: number }).code).toBe(400)
    expect(server.deps.feedCache.size()).toBe(before)
  })
})

describe("a logged-in viewer's flags are never shared", () => {
  it("a viewer's hearts are read fresh each time and never served to visitors, nor a visitor's to a viewer", async () => {
    const { author, newer } = await authorWithWorks("心形画师")
    await like(newer.id, viewer.token)
    // the viewer asks first: what a visitor gets next is not the viewer's answer
    expect((await page({ uid: author.uid }, viewer.token))[0]).toMatchObject({ id: newer.id, is_like: true })
    expect((await page({ uid: author.uid }))[0]).toMatchObject({ id: newer.id, is_like: false })
    // and with the visitor's page kept, the viewer still gets their own likes, fresh
    const other = await makeUser(server.deps.db, "后来者")
    expect((await page({ uid: author.uid }, other.token))[0]).toMatchObject({ id: newer.id, is_like: false })
    await like(newer.id, other.token)
    expect((await page({ uid: author.uid }, other.token))[0]).toMatchObject({ id: newer.id, is_like: true })
    expect((await page({ uid: author.uid }))[0]).toMatchObject({ is_like: false })
  })

  it("a request with any Authorization header, even a dead token, is answered private without an ETag (a dead token gets the visitor's page)", async () => {
    const response = await get({ size: 3 }, { authorization: "Bearer not-a-live-token-0123456789" })
    expect(response.headers.get("cache-control")).toBe("private, no-store")
    expect(response.headers.get("vary")).toBe("Authorization")
    expect(response.headers.get("etag")).toBeNull()
  })
})

describe("publishing, withdrawing and deleting clear the shared pages at once", () => {
  it("approving a work in review (the review step) puts it on the square for visitors at once", async () => {
    const author = await makeUser(server.deps.db, "新作画师")
    const draft = await makeArtwork(server.deps.db, author.uid, { isPublic: false, auditStatus: "draft" })
    const square = await ids({ size: 50 })
    expect(square).not.toContain(draft.id)
    expect(await ids({ uid: author.uid })).toEqual([])
    expect(await server.request("POST", "/api/v1/artwork/audit/submit", { artwork_id: draft.id, title: "初雪" }, author.token)).toMatchObject({ code: 0 })
    expect(await approvePendingArtworks(server.deps.db, server.deps.feedCache, new Date())).toBe(1)
    expect((await ids({ size: 50 }))[0]).toBe(draft.id)
    expect(await ids({ uid: author.uid })).toEqual([draft.id])
  })

  it("the server's approval job clears this process's pages when it approves", async () => {
    const author = await makeUser(server.deps.db, "排队画师")
    const waiting = await makeArtwork(server.deps.db, author.uid, { auditStatus: "pending", auditSubmittedAt: new Date(Date.now() - 3_600_000) })
    expect(await ids({ uid: author.uid })).toEqual([])
    const { deps } = server
    const job = serverJobs({ db: deps.db, log: silentLog, provider: deps.paymentProvider, store: deps.objectStore, ledgerKey: deps.ledgerKey, feedCache: deps.feedCache, autoApproveReview: true })
      .find((definition) => definition.name === JobNames.approveArtworks)!
    expect(await job.run(new Date())).toMatchObject({ approved: 1 })
    expect(await ids({ uid: author.uid })).toEqual([waiting.id])
  })

  it("withdrawing a work from the square (hide) takes it off visitors' pages at once", async () => {
    const { author, older, newer } = await authorWithWorks("撤回画师")
    // the works were written behind the app's back: forget the square as the ttl would
    server.deps.feedCache.invalidate()
    expect(await ids({ uid: author.uid })).toEqual([newer.id, older.id])
    expect(await ids({ size: 50 })).toEqual(expect.arrayContaining([newer.id, older.id]))
    expect(await server.request("POST", "/api/v1/user/profile/artwork/delete", { id: newer.id }, author.token)).toMatchObject({ code: 0 })
    expect(await ids({ uid: author.uid })).toEqual([older.id])
    expect(await ids({ size: 50 })).not.toContain(newer.id)
  })

  it("deleting works takes them off visitors' pages at once; a refused delete keeps the pages", async () => {
    const { author, older, newer } = await authorWithWorks("删除画师")
    expect(await ids({ uid: author.uid })).toEqual([newer.id, older.id])
    const stranger = await makeUser(server.deps.db, "路人")
    expect(await server.request("POST", "/api/v2/artwork/delete", { ids: [older.id] }, stranger.token)).toMatchObject({ code: 403 })
    const kept = server.deps.feedCache.size()
    expect(kept).toBeGreaterThan(0)
    expect(await server.request("POST", "/api/v2/artwork/delete", { ids: [older.id, newer.id] }, author.token)).toMatchObject({ code: 0, data: { deleted: 2 } })
    expect(server.deps.feedCache.size()).toBe(0)
    expect(await ids({ uid: author.uid })).toEqual([])
    expect(await ids({ size: 50 })).not.toContain(older.id)
  })
})

describe("headers a CDN or browser in front can use", () => {
  it("a visitor's page carries an ETag, a public Cache-Control with the process's ttl, and Vary: Authorization", async () => {
    const response = await get({ size: 5 })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^application\/json/)
    expect(response.headers.get("cache-control")).toBe(`public, max-age=0, s-maxage=${TTL_MS / 1000}`)
    expect(response.headers.get("vary")).toBe("Authorization")
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{32}"$/)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  })

  it("If-None-Match with the page's ETag (alone, in a list, weak or *) answers 304 without a body; another tag, the page", async () => {
    const full = await get({ size: 4 })
    const etag = full.headers.get("etag")!
    const body = await full.text()
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, "*"]) {
      const revalidated = await get({ size: 4 }, { "if-none-match": header })
      expect(revalidated.status, header).toBe(304)
      expect(revalidated.headers.get("etag")).toBe(etag)
      expect(revalidated.headers.get("cache-control")).toBe(`public, max-age=0, s-maxage=${TTL_MS / 1000}`)
      expect(await revalidated.text()).toBe("")
    }
    const stale = await get({ size: 4 }, { "if-none-match": '"an-old-page"' })
    expect(stale.status).toBe(200)
    expect(await stale.text()).toBe(body)
  })

  it("the ETag changes when the page does, so a revalidation after a delete gets the new page", async () => {
    const { author, older, newer } = await authorWithWorks("标签画师")
    const before = await get({ uid: author.uid })
    const etag = before.headers.get("etag")!
    expect((await get({ uid: author.uid }, { "if-none-match": etag })).status).toBe(304)
    expect(await server.request("POST", "/api/v2/artwork/delete", { ids: [newer.id] }, author.token)).toMatchObject({ code: 0, data: { deleted: 1 } })
    const after = await get({ uid: author.uid }, { "if-none-match": etag })
    expect(after.status).toBe(200)
    expect(after.headers.get("etag")).not.toBe(etag)
    expect(((await after.json()) as { data: { list: Array<Card> } }).data.list.map((card) => card.id)).toEqual([older.id])
  })

  it("a logged-in viewer's page carries Cache-Control: private, no-store and no ETag, and ignores If-None-Match", async () => {
    const visitor = await get({ size: 2 })
    const response = await get({ size: 2 }, { authorization: `Bearer ${viewer.token}`, "if-none-match": visitor.headers.get("etag")! })
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("private, no-store")
    expect(response.headers.get("vary")).toBe("Authorization")
    expect(response.headers.get("etag")).toBeNull()
  })
})

describe("MIDO_FEED_CACHE_MS", () => {
  it.each<[string | undefined, number]>([[undefined, FEED_CACHE_MS], ["", FEED_CACHE_MS], ["0", 0], ["2500", 2_500], ["60000", 60_000]])("%s → %i ms", (given, expected) => {
    expect(readConfig(given === undefined ? {} : { MIDO_FEED_CACHE_MS: given }).feedCacheMs).toBe(expected)
  })

  it.each(["-1", "1.5", "abc", "60001"])("refuses %s at start", (given) => {
    expect(() => readConfig({ MIDO_FEED_CACHE_MS: given })).toThrow("MIDO_FEED_CACHE_MS must be 0 to 60000 milliseconds")
  })
})
