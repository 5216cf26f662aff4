import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeArtwork, makeUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

// The inspiration square's type filter and sort (issue 12), keyset for both: paging through the
// whole feed a few cards at a time gives every public card exactly once, in the sort's order, with
// ties (same second, same like count) broken by id.

const FEED = "/api/v1/open/artwork/artwork/get_profile_list"
const TYPES = ["quick", "quick_mj", "sd", "agent"] as const
type ArtworkType = (typeof TYPES)[number]

interface Card {
  readonly id: number
  readonly type: ArtworkType
  readonly created_at: number
  readonly stat: { readonly like_count: number }
}
interface Expected {
  readonly id: number
  readonly type: ArtworkType
  readonly likes: number
  readonly createdAt: number
}

let server: TestServer
const expected: Array<Expected> = []

const page = async (query: Record<string, string | number | undefined>) => {
  const answer = await server.request("GET", withQuery(FEED, query))
  return answer as { code: number; msg: string; data: { list: Array<Card>; next_cursor?: string } }
}

/** Every page of one filter and sort, following next_cursor to the end. */
const walk = async (query: { type?: ArtworkType; sort?: "latest" | "hot" }, size: number) => {
  const ids: Array<number> = []
  let cursor: string | undefined
  for (let pages = 0; pages < 100; pages++) {
    const answer = await page({ ...query, size, cursor })
    expect(answer.code, answer.msg).toBe(0)
    ids.push(...answer.data.list.map((card) => card.id))
    cursor = answer.data.next_cursor
    if (cursor === undefined) return ids
  }
  throw new Error("the feed did not end")
}

const byLatest = (a: Expected, b: Expected) => b.createdAt - a.createdAt || b.id - a.id
const byHot = (a: Expected, b: Expected) => b.likes - a.likes || b.id - a.id

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  const author = await makeUser(db, "排序画师")
  const start = Date.parse("2026-06-01T08:00:00Z")
  for (let index = 0; index < 37; index++) {
    const type = TYPES[index % 4]!
    // pairs share a second and like counts repeat, so only the id orders them
    const createdAt = start + Math.floor(index / 2) * 1000
    const likes = (index * 7) % 5
    const row = await makeArtwork(db, author.uid, { type, likeCount: likes, createdAt: new Date(createdAt) })
    expected.push({ id: row.id, type, likes, createdAt })
  }
  // not on the square: private, pending review, deleted
  await makeArtwork(db, author.uid, { isPublic: false, likeCount: 99 })
  await makeArtwork(db, author.uid, { auditStatus: "pending", likeCount: 99 })
  await makeArtwork(db, author.uid, { deletedAt: new Date(), likeCount: 99 })
})
afterAll(() => server.stop())

describe("the square's filter and sort, keyset paged", () => {
  const cases: Array<[string, { type?: ArtworkType; sort?: "latest" | "hot" }, (a: Expected, b: Expected) => number, number]> = [
    ["全部 · 最新 (the default sort)", {}, byLatest, 5],
    ["全部 · 最新", { sort: "latest" }, byLatest, 4],
    ["全部 · 最热", { sort: "hot" }, byHot, 5],
    ["全部 · 最热, one card a page", { sort: "hot" }, byHot, 1],
    ["MJ · 最新", { type: "quick_mj", sort: "latest" }, byLatest, 3],
    ["MJ · 最热", { type: "quick_mj", sort: "hot" }, byHot, 3],
    ["智能助手 · 最热", { type: "agent", sort: "hot" }, byHot, 2],
    ["在线SD · 最热, one page", { type: "sd", sort: "hot" }, byHot, 50]
  ]
  it.each(cases)("%s: every card once, in order, no gap", async (_name, query, order, size) => {
    const ids = await walk(query, size)
    const want = expected.filter((card) => query.type === undefined || card.type === query.type).sort(order).map((card) => card.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(want)
  })

  it("a type filter gives only that type; the cards carry the fields the sort reads", async () => {
    const answer = await page({ type: "sd", sort: "hot", size: 50 })
    expect(answer.data.list.every((card) => card.type === "sd")).toBe(true)
    const likes = answer.data.list.map((card) => card.stat.like_count)
    expect(likes).toEqual([...likes].sort((a, b) => b - a))
  })

  it.each([
    ["a 最新 cursor for 最热", async () => ({ sort: "hot", cursor: (await page({ size: 2 })).data.next_cursor })],
    ["a 最热 cursor for 最新", async () => ({ sort: "latest", cursor: (await page({ size: 2, sort: "hot" })).data.next_cursor })],
    ["a made-up cursor", async () => ({ sort: "hot", cursor: "h1.x" })]
  ])("%s is refused with a Chinese message", async (_name, query) => {
    const answer = await page(await query())
    expect(answer.code).not.toBe(0)
    expect(answer.msg).toMatch(/分页参数无效|参数/)
  })

  it("an unknown sort is refused", async () => {
    const answer = await page({ sort: "random" })
    expect(answer.code).not.toBe(0)
  })
})
