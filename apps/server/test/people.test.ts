import { ApiClient, Artworks } from "@mido/core"
import { Api, MessageContentFromString } from "@mido/core/contract"
import { and, eq } from "drizzle-orm"
import { Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { artworks, follows } from "../src/db/schema/artworks.js"
import { messages } from "../src/db/schema/messages.js"
import { makeArtwork, makeUser, runWebApp, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let alice: TestUser
let bob: TestUser
let carol: TestUser

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  alice = await makeUser(db, "画画的阿雪", { bio: "国风插画 / SD 炼丹爱好者", vipLevel: 3, vipExpiredAt: new Date(Date.now() + 30 * 86_400_000) })
  bob = await makeUser(db, "星河画师")
  carol = await makeUser(db, "墨池")
})
afterAll(() => server.stop())

const inbox = async (uid: number, type: "like" | "follow") =>
  (await server.deps.db.select().from(messages).where(and(eq(messages.uid, uid), eq(messages.type, type)))).map((row) => ({
    ...row,
    parsed: Schema.decodeSync(MessageContentFromString)(row.content)
  }))
const profile = (uid: number | string, token?: string) => server.request("GET", withQuery("/api/v1/open/user/profile", { uid }), undefined, token)
const follow = (body: unknown, token?: string) => server.request("POST", "/api/v1/user/follow", body, token)

describe("POST /api/v1/user/follow", () => {
  it("follows with a message to the followed user, once, and unfollows; counts follow the rows", async () => {
    expect(await follow({ uid: alice.uid, action: "follow" }, bob.token)).toMatchObject({ code: 0, data: { success: true } })
    expect(await follow({ uid: alice.uid, action: "follow" }, bob.token)).toMatchObject({ code: 0, data: { success: true } })
    expect((await profile(alice.uid, bob.token)).data).toMatchObject({ is_follow: true, stat: { follower_count: 1 } })
    expect((await profile(bob.uid)).data).toMatchObject({ stat: { followee_count: 1 } })
    const [message] = await inbox(alice.uid, "follow")
    expect(message?.parsed).toMatchObject({ title: "新增关注", content: "星河画师 关注了你", user_uid: String(bob.uid), user_name: "星河画师" })
    expect(await follow({ uid: alice.uid }, bob.token)).toMatchObject({ code: 0, data: { success: true } })
    expect((await profile(alice.uid, bob.token)).data).toMatchObject({ is_follow: false, stat: { follower_count: 0 } })
    await follow({ uid: alice.uid }, bob.token)
    expect(await inbox(alice.uid, "follow")).toHaveLength(1)
  })

  it("refuses following oneself and unknown users, writing nothing", async () => {
    expect(await follow({ uid: alice.uid }, alice.token)).toMatchObject({ code: 400, msg: "不能关注自己" })
    expect(await follow({ uid: 99_999_999 }, alice.token)).toMatchObject({ code: 404, msg: "用户不存在" })
    expect(await server.deps.db.select().from(follows).where(eq(follows.followerUid, alice.uid))).toHaveLength(0)
  })

  it.each([["no uid", {}], ["a text uid", { uid: "10086" }], ["an unknown action", { uid: 1, action: "block" }], ["another user's follower (R12)", { uid: 1, follower_uid: 2 }]])(
    "refuses %s",
    async (_name, body) => expect((await follow(body, carol.token)).code).toBe(400)
  )

  it("-401 without a token", async () => {
    expect(await follow({ uid: alice.uid })).toMatchObject({ code: -401 })
  })
})

describe("GET /api/v1/open/user/profile and POST /api/v1/user/profile_setting", () => {
  it("answers the public profile with no private data; is_self for the owner", async () => {
    await makeArtwork(server.deps.db, alice.uid, { likeCount: 5, viewCount: 100 })
    await makeArtwork(server.deps.db, alice.uid, { isPublic: false, auditStatus: "draft", likeCount: 0, viewCount: 7 })
    const answer = await profile(alice.uid)
    expect(answer).toMatchObject({
      code: 0,
      data: {
        uid: alice.uid, nickname: "画画的阿雪", bio: "国风插画 / SD 炼丹爱好者", is_vip: true, vip_level: 3, is_follow: false, is_self: false,
        stat: { artwork_count: 1, artwork_like_count: 5, artwork_view_count: 107 },
        setting: { show_likes: true, show_collections: true, show_groups: true, show_follows: true }
      }
    })
    expect(JSON.stringify(answer.data)).not.toMatch(/phone|invite|139\d{8}/)
    expect((await profile(alice.uid, alice.token)).data).toMatchObject({ is_self: true, is_follow: false })
    expect(await profile(99_999_999)).toMatchObject({ code: 404 })
    expect((await profile("abc")).code).toBe(400)
  })

  it("changes only the caller's own switches and answers all of them", async () => {
    const answer = await server.request("POST", "/api/v1/user/profile_setting", { show_collections: false }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { show_likes: true, show_collections: false, show_groups: true, show_follows: true } })
    const again = await server.request("POST", "/api/v1/user/profile_setting", { show_follows: false }, alice.token)
    expect(again.data).toMatchObject({ show_collections: false, show_follows: false })
    expect((await profile(alice.uid)).data).toMatchObject({ setting: { show_collections: false, show_follows: false } })
    expect((await profile(bob.uid)).data).toMatchObject({ setting: { show_collections: true, show_follows: true } })
  })

  it.each([["no switch", {}], ["a non-boolean", { show_likes: "no" }], ["another user's uid (R12)", { uid: 1, show_likes: false }]])(
    "refuses %s",
    async (_name, body) => expect((await server.request("POST", "/api/v1/user/profile_setting", body, bob.token)).code).toBe(400)
  )

  it("-401 without a token", async () => {
    expect(await server.request("POST", "/api/v1/user/profile_setting", { show_likes: false })).toMatchObject({ code: -401 })
  })
})

describe("GET /api/v1/user/follow/list", () => {
  const list = (query: Record<string, string | number | undefined>, token?: string) => server.request("GET", withQuery("/api/v1/user/follow/list", query), undefined, token)

  it("lists followees and followers with the viewer's buttons and mutual follows", async () => {
    await follow({ uid: bob.uid, action: "follow" }, carol.token)
    await follow({ uid: carol.uid, action: "follow" }, bob.token)
    await follow({ uid: alice.uid, action: "follow" }, carol.token)
    const mine = await list({}, carol.token)
    expect(mine).toMatchObject({ code: 0, data: { total: 2 } })
    const items = (mine.data as { list: Array<Record<string, unknown>> }).list
    expect(items.map((item) => item.uid)).toEqual([alice.uid, bob.uid])
    expect(items[0]).toMatchObject({ nickname: "画画的阿雪", is_vip: true, vip_level: 3, artwork_count: 1, is_follow: true, is_mutual: false })
    expect(items[1]).toMatchObject({ is_follow: true, is_mutual: true, follower_count: 1 })
    const fans = await list({ type: "follower", uid: bob.uid }, alice.token)
    expect(fans.data).toMatchObject({ total: 1, list: [{ uid: carol.uid, is_follow: false, is_mutual: false }] })
  })

  it("another user's hidden lists are empty; the owner still sees them (R11)", async () => {
    await follow({ uid: carol.uid, action: "follow" }, alice.token)
    expect((await list({ type: "follower", uid: alice.uid }, bob.token)).data).toEqual({ list: [], total: 0 })
    expect((await list({ type: "followee", uid: alice.uid }, bob.token)).data).toEqual({ list: [], total: 0 })
    expect((await list({ type: "followee" }, alice.token)).data).toMatchObject({ total: 1 })
  })

  it("refuses bad input, 404 for an unknown user, -401 without a token", async () => {
    expect((await list({ type: "friends" }, bob.token)).code).toBe(400)
    expect((await list({ size: 0 }, bob.token)).code).toBe(400)
    expect(await list({ uid: 99_999_999 }, bob.token)).toMatchObject({ code: 404 })
    expect(await list({})).toMatchObject({ code: -401 })
  })
})

describe("POST /api/v1/user/like", () => {
  const like = (body: unknown, token?: string) => server.request("POST", "/api/v1/user/like", body, token)

  it("toggles, or sets the asked state; the count moves only on a change; one message to the author", async () => {
    const work = await makeArtwork(server.deps.db, alice.uid, { title: "江南烟雨", likeCount: 10 })
    expect(await like({ target_id: work.id, target_type: "artwork" }, bob.token)).toMatchObject({ code: 0, data: { is_like: true, like_count: 11 } })
    expect((await like({ target_id: work.id, target_type: "artwork", action: "like" }, bob.token)).data).toEqual({ is_like: true, like_count: 11 })
    expect((await like({ target_id: work.id, target_type: "artwork" }, bob.token)).data).toEqual({ is_like: false, like_count: 10 })
    expect((await like({ target_id: work.id, target_type: "artwork", action: "unlike" }, bob.token)).data).toEqual({ is_like: false, like_count: 10 })
    await like({ target_id: work.id, target_type: "artwork", action: "like" }, bob.token)
    const received = (await inbox(alice.uid, "like")).filter((message) => message.parsed.target_id === String(work.id))
    expect(received).toHaveLength(1)
    expect(received[0]?.parsed).toMatchObject({ title: "赞了你的作品", content: "星河画师 赞了你的作品《江南烟雨》", user_uid: String(bob.uid), cover: work.cover, sub_content: "江南烟雨", type: "artwork" })
  })

  it("liking one's own artwork counts but sends no message", async () => {
    const work = await makeArtwork(server.deps.db, carol.uid)
    expect((await like({ target_id: work.id, target_type: "artwork" }, carol.token)).data).toEqual({ is_like: true, like_count: 1 })
    expect(await inbox(carol.uid, "like")).toHaveLength(0)
  })

  it("another user's draft, a deleted or unknown artwork is 404 and nothing is written (R11)", async () => {
    const draft = await makeArtwork(server.deps.db, alice.uid, { isPublic: false, auditStatus: "draft" })
    const gone = await makeArtwork(server.deps.db, alice.uid, { deletedAt: new Date() })
    for (const id of [draft.id, gone.id, 99_999_999]) expect(await like({ target_id: id, target_type: "artwork" }, bob.token)).toMatchObject({ code: 404 })
    const [row] = await server.deps.db.select().from(artworks).where(eq(artworks.id, draft.id))
    expect(row?.likeCount).toBe(0)
  })

  it.each([["a post target", { target_id: 1, target_type: "post" }], ["a client count (R12)", { target_id: 1, target_type: "artwork", like_count: 99 }], ["no target", { target_type: "artwork" }]])(
    "refuses %s",
    async (_name, body) => expect((await like(body, bob.token)).code).toBe(400)
  )

  it("-401 without a token", async () => {
    expect(await like({ target_id: 1, target_type: "artwork" })).toMatchObject({ code: -401 })
  })

  it("50 concurrent likes by one user count once", async () => {
    const work = await makeArtwork(server.deps.db, alice.uid)
    await Promise.all(Array.from({ length: 50 }, () => like({ target_id: work.id, target_type: "artwork", action: "like" }, bob.token)))
    const [row] = await server.deps.db.select().from(artworks).where(eq(artworks.id, work.id))
    expect(row?.likeCount).toBe(1)
  })
})

describe("collect, collect/batch and collect/list", () => {
  const collect = (body: unknown, token?: string) => server.request("POST", "/api/v1/user/collect", body, token)
  const batch = (body: unknown, token?: string) => server.request("POST", "/api/v1/user/collect/batch", body, token)
  const list = (query: Record<string, string | number | undefined>, token?: string) => server.request("GET", withQuery("/api/v1/user/collect/list", query), undefined, token)

  it("collects and uncollects one artwork with its favorite_count", async () => {
    const work = await makeArtwork(server.deps.db, alice.uid, { favoriteCount: 86 })
    expect(await collect({ target_id: work.id, target_type: "artwork" }, bob.token)).toMatchObject({ code: 0, data: { is_collected: true, favorite_count: 87 } })
    expect((await collect({ target_id: work.id, target_type: "artwork", action: "collect" }, bob.token)).data).toEqual({ is_collected: true, favorite_count: 87 })
    expect((await collect({ target_id: work.id, target_type: "artwork" }, bob.token)).data).toEqual({ is_collected: false, favorite_count: 86 })
  })

  it("batch collects visible artworks only, skipping ones already collected, then uncollects", async () => {
    const { db } = server.deps
    const works = [await makeArtwork(db, alice.uid), await makeArtwork(db, alice.uid), await makeArtwork(db, alice.uid)]
    const draft = await makeArtwork(db, alice.uid, { isPublic: false, auditStatus: "draft" })
    await collect({ target_id: works[0]!.id, target_type: "artwork" }, carol.token)
    const ids = [...works.map((work) => work.id), draft.id, 99_999_999]
    expect(await batch({ target_ids: ids, target_type: "artwork", action: "collect" }, carol.token)).toMatchObject({ code: 0, data: { success: true, changed: 2 } })
    const mine = await list({}, carol.token)
    expect((mine.data as { list: Array<{ id: number }> }).list.map((card) => card.id).sort()).toEqual(works.map((work) => work.id).sort())
    expect((await batch({ target_ids: ids, target_type: "artwork", action: "uncollect" }, carol.token)).data).toEqual({ success: true, changed: 3 })
    const rows = await db.select().from(artworks).where(eq(artworks.userUid, alice.uid))
    expect(rows.every((row) => row.favoriteCount >= 0)).toBe(true)
    expect(rows.find((row) => row.id === works[1]!.id)?.favoriteCount).toBe(0)
  })

  it("lists another user's collection unless hidden (R11)", async () => {
    const work = await makeArtwork(server.deps.db, bob.uid)
    await collect({ target_id: work.id, target_type: "artwork", action: "collect" }, alice.token)
    await collect({ target_id: work.id, target_type: "artwork", action: "collect" }, bob.token)
    expect((await list({ uid: alice.uid }, bob.token)).data).toEqual({ list: [], total: 0 })
    expect((await list({}, alice.token)).data).toMatchObject({ total: 1, list: [{ id: work.id }] })
    expect((await list({ uid: bob.uid }, carol.token)).data).toMatchObject({ total: 1, list: [{ id: work.id, is_like: false }] })
  })

  it("refuses bad input and answers -401 without a token", async () => {
    expect((await collect({ target_id: 1, target_type: "artwork", action: "like" }, bob.token)).code).toBe(400)
    expect((await batch({ target_ids: [], target_type: "artwork", action: "collect" }, bob.token)).code).toBe(400)
    expect((await batch({ target_ids: [1], target_type: "artwork" }, bob.token)).code).toBe(400)
    expect((await list({ size: 101 }, bob.token)).code).toBe(400)
    expect(await collect({ target_id: 1, target_type: "artwork" })).toMatchObject({ code: -401 })
    expect(await batch({ target_ids: [1], target_type: "artwork", action: "collect" })).toMatchObject({ code: -401 })
    expect(await list({})).toMatchObject({ code: -401 })
  })
})

describe("the core's Artworks service (ArtworksLive over FetchHttp) against the server", () => {
  it("info, like and follow change state only as the server says", async () => {
    const dave = await makeUser(server.deps.db, "小满")
    const work = await makeArtwork(server.deps.db, carol.uid, { title: "故宫初雪" })
    const run = <A, E>(token: string | undefined, effect: Effect.Effect<A, E, Artworks | ApiClient>) => runWebApp(server, token, effect)
    const flow = Effect.gen(function* () {
      const service = yield* Artworks
      const artwork = yield* service.info(work.id)
      const liked = yield* service.like(artwork)
      const followed = yield* service.follow(liked.artwork)
      const again = yield* service.info(String(work.id))
      return { artwork, liked, followed, again }
    })
    const result = await run(dave.token, flow)
    expect(result._tag).toBe("Right")
    if (result._tag !== "Right") return
    const { artwork, liked, followed, again } = result.right
    expect(artwork).toMatchObject({ is_like: false, is_follow: false, is_owner: false, title: "故宫初雪" })
    expect(liked).toMatchObject({ _tag: "Changed", artwork: { is_like: true, stat: { like_count: 1 } } })
    expect(followed._tag).toBe("Changed")
    expect(followed.artwork).toMatchObject({ is_follow: true })
    expect(again).toMatchObject({ is_like: true, is_follow: true, stat: { like_count: 1 }, user_stat: { follower_count: followed.artwork.user_stat.follower_count } })
    const own = await run(carol.token, Effect.flatMap(Artworks, (service) => Effect.flatMap(service.info(work.id), (mine) => service.follow(mine))))
    expect(own._tag === "Right" ? own.right : undefined).toMatchObject({ _tag: "Unchanged", error: { _tag: "CannotFollowSelf" } })
    const visitor = await run(undefined, Effect.flatMap(Artworks, (service) => Effect.flatMap(service.info(work.id), (seen) => service.like(seen))))
    expect(visitor._tag === "Right" ? visitor.right : undefined).toMatchObject({ _tag: "Unchanged", artwork: { is_like: false } })
  })

  it("the API client reads a like of a missing artwork as the server's 404 message", async () => {
    const result = await runWebApp(server, bob.token, Effect.flatMap(ApiClient, (api) => api.call(Api.user.like, { target_id: 99_999_999, target_type: "artwork" })))
    expect(result._tag).toBe("Left")
    if (result._tag === "Left") expect(result.left).toMatchObject({ _tag: "ApiError", code: 404, msg: "作品不存在或已删除" })
  })
})
