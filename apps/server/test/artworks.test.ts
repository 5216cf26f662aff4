import { ApiClient } from "@mido/core"
import { Api } from "@mido/core/contract"
import { sql } from "drizzle-orm"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { artworkLikes } from "../src/db/schema/artworks.js"
import { makeArtwork, makeUser, parametersOf, runWebApp, sdParameters, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let alice: TestUser
let bob: TestUser
let carol: TestUser

type Card = { id: number; type: string; is_like: boolean; user_uid: number; title?: string; stat: { view_count: number } }
type FeedData = { list: Array<Card>; next_cursor?: string; total?: number }

const FEED = "/api/v1/open/artwork/artwork/get_profile_list"
const feed = async (query: Record<string, string | number | undefined>, token?: string) => {
  const answer = await server.request("GET", withQuery(FEED, query), undefined, token)
  expect(answer.code, answer.msg).toBe(0)
  return answer.data as FeedData
}

/** Pages through the whole feed with `query`, calling `between` after each page. */
const walk = async (query: Record<string, string | number | undefined>, between: (page: number) => Promise<void> = async () => {}) => {
  const seen: Array<number> = []
  let cursor: string | undefined
  for (let page = 0; page < 100; page++) {
    const data = await feed({ ...query, cursor })
    seen.push(...data.list.map((card) => card.id))
    if (data.next_cursor === undefined) return seen
    cursor = data.next_cursor
    await between(page)
  }
  throw new Error("the feed never ended")
}

let publicIds: Array<number>

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  alice = await makeUser(db, "画画的阿雪")
  bob = await makeUser(db, "星河画师")
  carol = await makeUser(db, "墨池")
  // 60 public works of alice and bob: ties in threes and microsecond fractions, to test the cursor's exactness
  const byType = JSON.stringify(Object.fromEntries((["quick", "quick_mj", "sd", "agent"] as const).map((type) => [type, parametersOf(type)])))
  await db.execute(sql`
    insert into artworks (user_uid, type, title, cover, width, height, parameters, category_id, is_public, audit_status, created_at)
    select case when g % 2 = 0 then ${alice.uid}::bigint else ${bob.uid}::bigint end,
           t, '作品 ' || g, 'https://cdn.mido.example.com/a/' || g || '.png', 768, 1024,
           ${byType}::jsonb -> t, (g % 3) + 1, true, 'approved',
           timestamptz '2026-03-01 00:00:00.000001+00' + ((g / 3) * 1234567) * interval '1 microsecond'
    from generate_series(0, 59) g, lateral (select (array['quick', 'quick_mj', 'sd', 'agent'])[g % 4 + 1] as t) types`)
  // never on the square: a draft, a pending, a rejected, a private approved and a deleted work
  await makeArtwork(db, alice.uid, { isPublic: false, auditStatus: "draft", title: "草稿" })
  await makeArtwork(db, alice.uid, { auditStatus: "pending", title: "审核中" })
  await makeArtwork(db, alice.uid, { auditStatus: "rejected", title: "未通过" })
  await makeArtwork(db, alice.uid, { isPublic: false, title: "私密" })
  await makeArtwork(db, alice.uid, { deletedAt: new Date(), title: "已删除" })
  const result = (await db.execute(sql`select id from artworks where deleted_at is null and is_public and audit_status = 'approved'
    order by created_at desc, id desc`)) as unknown as { rows: Array<{ id: number | string }> }
  publicIds = result.rows.map((row) => Number(row.id))
})
afterAll(() => server.stop())

describe("GET get_profile_list without uid: the inspiration square (R39)", () => {
  it("shows only public, approved, live works, newest first, with no total on the hot path", async () => {
    const data = await feed({ size: 50 })
    expect(data.list.map((card) => card.id)).toEqual(publicIds.slice(0, 50))
    expect(data.total).toBeUndefined()
    expect(data.next_cursor).toMatch(/^\d+\.\d+$/)
    expect(JSON.stringify(data)).not.toMatch(/草稿|审核中|未通过|私密|已删除/)
  })

  it("pages by cursor with no duplicates and no skips while new works are inserted", async () => {
    const { db } = server.deps
    const seen = await walk({ size: 7 }, async (page) => {
      await makeArtwork(db, carol.uid, { title: `新作 ${page}` })
      // an older work appearing later belongs further down: it may be seen, but nothing may repeat
      if (page === 2) await makeArtwork(db, carol.uid, { title: "补发旧作", createdAt: new Date("2020-01-01T00:00:00Z") })
    })
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.filter((id) => publicIds.includes(id))).toEqual(publicIds)
  })

  it("filters by type, by category and by author", async () => {
    const sd = await walk({ type: "sd", size: 50 })
    expect(sd.length).toBeGreaterThan(0)
    const cards = (await feed({ type: "sd", size: 50 })).list
    expect(cards.every((card) => card.type === "sd")).toBe(true)
    const byCategory = await walk({ category_id: 2, size: 9 })
    const expected = (await server.deps.db.execute(sql`select id from artworks where category_id = 2 and deleted_at is null and is_public
      and audit_status = 'approved' order by created_at desc, id desc`)) as unknown as { rows: Array<{ id: number | string }> }
    expect(byCategory).toEqual(expected.rows.map((row) => Number(row.id)))
    const bobs = await walk({ uid: bob.uid, size: 8 })
    expect(bobs).toHaveLength(30)
    expect((await feed({ uid: bob.uid })).list.every((card) => card.user_uid === bob.uid)).toBe(true)
  })

  it("with uid shows that user's public works only, even to the owner", async () => {
    const own = await walk({ uid: alice.uid, size: 50 })
    expect(own).toHaveLength(30)
    const asOwner = await feed({ uid: alice.uid, size: 50 }, alice.token)
    expect(JSON.stringify(asOwner)).not.toMatch(/草稿|私密/)
  })

  it("marks the viewer's likes; a visitor sees none", async () => {
    const head = (await feed({ size: 1 })).list[0]!.id
    await server.deps.db.insert(artworkLikes).values({ uid: carol.uid, artworkId: head })
    expect((await feed({ size: 1 }, carol.token)).list[0]).toMatchObject({ id: head, is_like: true })
    expect((await feed({ size: 1 })).list[0]).toMatchObject({ id: head, is_like: false })
    expect((await feed({ size: 1 }, bob.token)).list[0]).toMatchObject({ is_like: false })
  })

  it("decodes with the core's client, as the web app reads it", async () => {
    const result = await runWebApp(server, undefined, Effect.flatMap(ApiClient, (api) => api.call(Api.artwork.profileList, { size: 20 })))
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") expect(result.right.list).toHaveLength(20)
  })

  it.each([
    ["a size over 50", { size: 51 }],
    ["size 0", { size: 0 }],
    ["a malformed cursor", { cursor: "abc" }],
    ["a cursor with symbols", { cursor: "1;drop table artworks" }],
    ["an unknown type", { type: "video" }],
    ["a non-numeric uid", { uid: "me" }],
    ["an unknown parameter (R12)", { limit: 500 }],
    ["an offset (R39: keyset only)", { page: 3 }]
  ])("refuses %s", async (_name, query) => {
    const answer = await server.request("GET", withQuery(FEED, query))
    expect(answer.code).toBe(400)
    expect(answer.msg).not.toBe("")
  })

  it("a user without works has an empty last page", async () => {
    expect(await feed({ uid: 99_999_999 })).toEqual({ list: [] })
  })
})

describe("GET /api/v2/open/artwork/info", () => {
  const info = (id: number | string, token?: string) => server.request("GET", withQuery("/api/v2/open/artwork/info", { id }), undefined, token)

  it("answers the artwork with the author's counts and all-false flags for a visitor, counting a view", async () => {
    const work = await makeArtwork(server.deps.db, alice.uid, { title: "雪夜江南", viewCount: 10 })
    const answer = await info(work.id)
    expect(answer).toMatchObject({
      code: 0,
      data: {
        id: work.id,
        type: "sd",
        title: "雪夜江南",
        user_uid: alice.uid,
        user_name: "画画的阿雪",
        stat: { view_count: 11 },
        is_like: false,
        is_follow: false,
        is_owner: false,
        is_collected: false,
        parameters: { prompt: sdParameters().prompt, negative_prompt: "lowres, watermark" }
      }
    })
    expect((answer.data as { user_stat: { artwork_count: number } }).user_stat.artwork_count).toBe(31)
    // the next read counts its view too, and shows it (from the kept detail, with the views it answered since)
    expect((await info(work.id)).data).toMatchObject({ stat: { view_count: 12 } })
    // views are written in batches (issue 30): after the next write the row has both
    await server.deps.artworkViews.flush()
    const [row] = ((await server.deps.db.execute(sql`select view_count from artworks where id = ${work.id}`)) as unknown as { rows: Array<{ view_count: number }> }).rows
    expect(row?.view_count).toBe(12)
  })

  it("keeps a prompt byte for byte as text (R16)", async () => {
    const prompt = "<img src=x onerror=alert(1)>{{7*7}} \"引号\" & 'single' \u2028"
    const work = await makeArtwork(server.deps.db, bob.uid, { parameters: sdParameters(prompt) })
    const answer = await runWebApp(server, bob.token, Effect.flatMap(ApiClient, (api) => api.call(Api.artwork.info, { id: work.id })))
    expect(answer._tag).toBe("Right")
    if (answer._tag === "Right" && answer.right.type === "sd") {
      expect(answer.right.parameters.prompt).toBe(prompt)
      expect(answer.right.is_owner).toBe(true)
    }
  })

  it("opens the owner's own draft but not another user's (R11)", async () => {
    const draft = await makeArtwork(server.deps.db, alice.uid, { isPublic: false, auditStatus: "draft", viewCount: 3 })
    expect(await info(draft.id, alice.token)).toMatchObject({ code: 0, data: { is_owner: true } })
    expect(await info(draft.id, bob.token)).toMatchObject({ code: 404 })
    expect(await info(draft.id)).toMatchObject({ code: 404 })
    await server.deps.artworkViews.flush()
    const [row] = ((await server.deps.db.execute(sql`select view_count from artworks where id = ${draft.id}`)) as unknown as { rows: Array<{ view_count: number }> }).rows
    expect(row?.view_count).toBe(4)
  })

  it("a deleted or unknown artwork is 404; a bad id is 400", async () => {
    const gone = await makeArtwork(server.deps.db, alice.uid, { deletedAt: new Date() })
    expect(await info(gone.id, alice.token)).toMatchObject({ code: 404 })
    expect(await info(987_654_321)).toMatchObject({ code: 404 })
    expect(await info("abc")).toMatchObject({ code: 400 })
    expect(await info(0)).toMatchObject({ code: 400 })
  })

  it("answers each of the four types in its own shape", async () => {
    for (const type of ["quick", "quick_mj", "sd", "agent"] as const) {
      const work = await makeArtwork(server.deps.db, carol.uid, { type })
      const answer = await runWebApp(server, undefined, Effect.flatMap(ApiClient, (api) => api.call(Api.artwork.info, { id: work.id })))
      expect(answer._tag === "Right" ? answer.right.type : answer.left).toBe(type)
    }
  })
})

describe("GET /api/v1/open/user/category/list", () => {
  it("lists the categories in display order", async () => {
    const answer = await server.request("GET", "/api/v1/open/user/category/list")
    const list = (answer.data as { list: Array<{ name: string; key: string; sort: number }> }).list
    expect(list[0]).toMatchObject({ name: "人像", key: "portrait", sort: 1 })
    expect(list.map((category) => category.sort)).toEqual([...list.map((category) => category.sort)].sort((a, b) => a - b))
  })
})
