import type { FeedPage } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../../test/world.js"
import { makeSquareStore, SQUARE_PAGE_SIZE } from "./SquareStore.js"

const FEED = "/api/v1/open/artwork/artwork/get_profile_list"
const LIKE = "/api/v1/user/like"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const card = (id: number, type: string) => ({
  id,
  type,
  cover: `https://cdn.mido.example.com/${id}.png`,
  width: 768,
  height: 1024,
  created_at: 1_780_000_000 - id,
  stat: { comment_count: 0, favorite_count: 0, like_count: id * 10, share_count: 0, view_count: 0 },
  user_avatar: "",
  user_name: "画师",
  user_uid: 7,
  is_like: false
})

/** A keyset feed of 70 cards per filter: ids encode the filter so a test sees which one answered. */
const feed = (request: { query?: Readonly<Record<string, unknown>> }) => {
  const type = String(request.query?.type ?? "")
  const sort = String(request.query?.sort ?? "latest")
  const base = (type === "" ? 0 : 1000) + (sort === "hot" ? 100 : 0)
  const after = request.query?.cursor === undefined ? 0 : Number(String(request.query.cursor).slice(1))
  const ids = Array.from({ length: SQUARE_PAGE_SIZE }, (_, index) => after + index + 1).filter((n) => n <= 70)
  const next = ids.at(-1)! < 70 ? { next_cursor: `c${ids.at(-1)}` } : {}
  return envelope(0, { list: ids.map((n) => card(base + n, type || "sd")), ...next })
}

const open = (stored: Record<string, string> = {}) =>
  (world = makeWorld({ answers: { ...startupAnswers, [FEED]: feed, [LIKE]: () => envelope(0, { is_like: true, like_count: 11 }) }, stored }))

describe("SquareStore: the inspiration square's feed", () => {
  it("pages by the server's cursor to the end, 30 a page, each card once", async () => {
    const { store, boot, calls } = open()
    await boot()
    const square = store.pageStore(makeSquareStore)
    await square.list.start()
    await square.list.loadMore()
    await square.list.loadMore()
    expect(calls(FEED).map((request) => [request.query?.cursor, request.query?.size, request.query?.sort])).toEqual([
      [undefined, String(SQUARE_PAGE_SIZE), "latest"],
      ["c30", String(SQUARE_PAGE_SIZE), "latest"],
      ["c60", String(SQUARE_PAGE_SIZE), "latest"]
    ])
    expect(square.list.items.map((item) => item.id)).toEqual(Array.from({ length: 70 }, (_, index) => index + 1))
    expect(square.list.isEnd).toBe(true)
  })

  it.each([
    ["a type starts over from the first page of that type", async (world: World) => world.store.pageStore(makeSquareStore).selectType("quick_mj"), { type: "quick_mj", sort: "latest" }, 1001],
    ["最热 starts over from the first page of that sort", async (world: World) => world.store.pageStore(makeSquareStore).selectSort("hot"), { sort: "hot" }, 101],
    ["type and sort together", async (world: World) => {
      await world.store.pageStore(makeSquareStore).selectSort("hot")
      await world.store.pageStore(makeSquareStore).selectType("agent")
    }, { type: "agent", sort: "hot" }, 1101]
  ])("%s", async (_name, change, query, firstId) => {
    const current = open()
    await current.boot()
    await current.store.pageStore(makeSquareStore).list.start()
    await current.store.pageStore(makeSquareStore).list.loadMore()
    await change(current)
    const last = current.calls(FEED).at(-1)!
    expect(last.query).toMatchObject(query)
    expect(last.query?.cursor).toBeUndefined()
    expect(current.store.pageStore(makeSquareStore).list.items).toHaveLength(SQUARE_PAGE_SIZE)
    expect(current.store.pageStore(makeSquareStore).list.items[0]?.id).toBe(firstId)
  })

  it("the same tab again does not reload", async () => {
    const { store, boot, calls } = open()
    await boot()
    await store.pageStore(makeSquareStore).list.start()
    await store.pageStore(makeSquareStore).selectType(undefined)
    await store.pageStore(makeSquareStore).selectSort("latest")
    expect(calls(FEED)).toHaveLength(1)
  })

  it("a visitor's like asks for a login and sends nothing", async () => {
    const { store, boot, calls } = open()
    await boot()
    await store.pageStore(makeSquareStore).list.start()
    expect(await store.pageStore(makeSquareStore).toggleLike(store.pageStore(makeSquareStore).list.items[0]!)).toBe("login")
    expect(calls(LIKE)).toHaveLength(0)
  })

  it("a like shows the server's heart and count; a logout forgets the cards and the likes (R9)", async () => {
    const { store, boot, calls } = open(loggedIn())
    await boot()
    await store.pageStore(makeSquareStore).list.start()
    const first = store.pageStore(makeSquareStore).list.items[0]!
    expect(await store.pageStore(makeSquareStore).toggleLike(first)).toBe("done")
    expect(calls(LIKE)[0]?.body).toMatchObject({ value: { target_id: 1, action: "like" } })
    expect(store.pageStore(makeSquareStore).liked(first)).toEqual({ is_like: true, like_count: 11 })
    await store.session.logout()
    await settle()
    expect(store.pageStore(makeSquareStore).list.items).toEqual([])
    expect(store.pageStore(makeSquareStore).liked(first)).toEqual({ is_like: false, like_count: 10 })
  })

  it("display text through the core's rules: counts in k, relative times", () => {
    const { store } = open()
    expect(store.pageStore(makeSquareStore).countText(12_345)).toBe("12.3k")
    expect(store.pageStore(makeSquareStore).timeText(1_780_000_000 - 3 * 3600, 1_780_000_000_000)).toBe("3小时前")
  })

  describe("the first page the landing page's HTML carries (ADR 0028)", () => {
    // the page as the web page decodes it from the HTML
    const inlined = () => (feed({ query: {} }).body as { data: FeedPage }).data

    it("a visitor's store takes it instead of asking, once, and pages on from its cursor", async () => {
      const { store, boot, calls } = open()
      await boot()
      store.pageStore(makeSquareStore).offerFirstPage(inlined())
      await store.pageStore(makeSquareStore).list.start()
      expect(calls(FEED)).toHaveLength(0)
      expect(store.pageStore(makeSquareStore).list.items).toHaveLength(SQUARE_PAGE_SIZE)
      await store.pageStore(makeSquareStore).list.loadMore()
      expect(calls(FEED).map((request) => request.query?.cursor)).toEqual(["c30"])
      // a new start (the filter back to 全部 · 最新 later) asks the server: the HTML's page was of its moment
      await store.pageStore(makeSquareStore).selectSort("hot")
      await store.pageStore(makeSquareStore).selectSort("latest")
      expect(calls(FEED).at(-1)?.query?.cursor).toBeUndefined()
    })

    it("a logged-in viewer's store asks the server: their page carries their likes", async () => {
      const { store, boot, calls } = open(loggedIn())
      await boot()
      store.pageStore(makeSquareStore).offerFirstPage(inlined())
      await store.pageStore(makeSquareStore).list.start()
      expect(calls(FEED)).toHaveLength(1)
    })
  })
})
