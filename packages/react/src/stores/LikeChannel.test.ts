import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { loggedIn, makeWorld, type World } from "../../test/world.js"
import { LikeChannel } from "./LikeChannel.js"
import { makeSquareStore } from "./square/SquareStore.js"

const FEED = "/api/v1/open/artwork/artwork/get_profile_list"
const INFO = "/api/v2/open/artwork/info"
const LIKE = "/api/v1/user/like"

const card = (id: number) => ({
  id,
  type: "sd",
  cover: `https://cdn.mido.test/${id}.png`,
  width: 768,
  height: 1024,
  created_at: 1_760_000_000 - id,
  stat: { comment_count: 0, favorite_count: 0, like_count: 10, share_count: 0, view_count: 0 },
  user_avatar: "",
  user_name: "画画的阿雪",
  user_uid: 30001,
  is_like: false
})
const artwork = (id: number) => ({
  ...card(id),
  user_stat: { artwork_count: 1, artwork_like_count: 0, artwork_view_count: 0, followee_count: 0, follower_count: 0 },
  is_collected: false,
  is_follow: false,
  is_owner: false,
  parameters: { prompt: "烟雨", negative_prompt: "", models: [], args: [] }
})

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

/** A logged-in app with the square's first page (ids 1–3) loaded and the detail store made. */
const openWorld = async () => {
  world = makeWorld({
    stored: loggedIn(),
    answers: {
      [FEED]: () => envelope(0, { list: [card(1), card(2), card(3)] }),
      [INFO]: (request) => envelope(0, artwork(Number(request.query?.id))),
      [LIKE]: () => envelope(0, { is_like: true, like_count: 11 })
    }
  })
  await world.boot()
  await world.store.pageStore(makeSquareStore).list.start()
  const detail = await world.store.artworkDetailStore()
  return { world, square: world.store.pageStore(makeSquareStore), detail }
}

describe("LikeChannel", () => {
  it("tells every listener until it stops following", () => {
    const channel = new LikeChannel()
    const heard = vi.fn()
    const stop = channel.subscribe(heard)
    channel.publish({ artworkId: 1, is_like: true, like_count: 2 })
    stop()
    channel.publish({ artworkId: 1, is_like: false, like_count: 1 })
    expect(heard.mock.calls).toEqual([[{ artworkId: 1, is_like: true, like_count: 2 }]])
  })
})

describe("likes shared through RootStore's channel: the detail dialog ↔ the square's cards", () => {
  it("a like (then an unlike) in the detail moves the square's card without loading the list again", async () => {
    const { world, square, detail } = await openWorld()
    await detail.open(2)
    await detail.like()
    const shown = () => square.liked(square.list.items.find((item) => item.id === 2)!)
    expect(shown()).toEqual({ is_like: true, like_count: 11 })
    world.server[LIKE] = () => envelope(0, { is_like: false, like_count: 10 })
    await detail.like()
    expect(shown()).toEqual({ is_like: false, like_count: 10 })
    expect(square.liked(square.list.items.find((item) => item.id === 1)!)).toEqual({ is_like: false, like_count: 10 })
    expect(world.calls(FEED)).toHaveLength(1)
  })

  it("a like on a square card moves the detail showing that artwork, not another", async () => {
    const { square, detail } = await openWorld()
    await detail.open(3)
    await square.toggleLike(square.list.items.find((item) => item.id === 3)!)
    expect(detail.artwork).toMatchObject({ id: 3, is_like: true, stat: { like_count: 11 } })
    await square.toggleLike(square.list.items.find((item) => item.id === 1)!)
    expect(detail.artwork).toMatchObject({ id: 3, is_like: true, stat: { like_count: 11 } })
  })

  it("a failed like tells nobody", async () => {
    const { world, square, detail } = await openWorld()
    world.server[LIKE] = () => envelope(500, null, "点赞失败")
    await detail.open(2)
    await detail.like()
    expect(square.likes.size).toBe(0)
  })

  it("an artwork the square has not loaded leaves the square alone", async () => {
    const { square, detail } = await openWorld()
    await detail.open(99)
    await detail.like()
    expect(detail.artwork).toMatchObject({ is_like: true })
    expect(square.likes.has(99)).toBe(false)
  })
})
