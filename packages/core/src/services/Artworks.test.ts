import { Effect, Layer, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { sampleSdArtwork } from "../api/examples/artworkSamples.js"
import { Artwork } from "../api/schemas/Artwork.js"
import { sameStyle } from "../domain/artwork/sameStyle.js"
import { HttpFailure, type HttpRequest, type HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { ARTWORK_ID_MISSING_TEXT, Artworks, readArtworkId } from "./Artworks.js"
import { ArtworksLive } from "./deferredServices.js"
import { StorageKeys } from "./storageKeys.js"

const INFO = "/api/v2/open/artwork/info"
const LIKE = "/api/v1/user/like"
const FOLLOW = "/api/v1/user/follow"

type Handler = (request: HttpRequest) => HttpResponse | Effect.Effect<HttpResponse, HttpFailure> | undefined

const setup = (handler: Handler, stored: Record<string, string> = storedLogin()) => {
  const core = makeTestCore(handler, stored)
  return { ...core, layer: Layer.provideMerge(ArtworksLive, core.layer) }
}
const only = (url: string, answer: Handler): Handler => (request) => (request.url === url ? answer(request) : undefined)
const bodyOf = (request: HttpRequest | undefined) => (request?.body?.kind === "json" ? request.body.value : undefined)

const sd = Schema.decodeUnknownSync(Artwork)(sampleSdArtwork)
const quick = Schema.decodeUnknownSync(Artwork)({
  ...sampleSdArtwork,
  id: 52030,
  type: "quick",
  parameters: { base_image_url: null, style_info: { group: "pro", name: "水彩", cover: "https://cdn.mido.example.com/style/1.png" } }
})
const agent = Schema.decodeUnknownSync(Artwork)({ ...sampleSdArtwork, id: 52029, type: "agent", parameters: { id: 3, name: "小米助手", head: "" } })

const run = <A, E>(layer: ReturnType<typeof setup>["layer"], use: (artworks: typeof Artworks.Service) => Effect.Effect<A, E>) =>
  runTest(Effect.flatMap(Artworks, use).pipe(Effect.provide(layer)))

describe("Artworks: info (spec §2 artwork dialog, §5)", () => {
  it("asks by id and gives the artwork of its type", async () => {
    const { memory, layer } = setup(only(INFO, () => envelope(0, sampleSdArtwork)))
    const artwork = await run(layer, (artworks) => artworks.info(52031))
    expect(artwork).toEqual(sd)
    expect(memory.requests[0]).toMatchObject({ method: "GET", url: INFO, query: { id: "52031" } })
  })

  it("takes the id of the route as text", async () => {
    const { memory, layer } = setup(only(INFO, () => envelope(0, sampleSdArtwork)))
    await run(layer, (artworks) => artworks.info("52031"))
    expect(memory.requests[0]?.query).toEqual({ id: "52031" })
  })

  it.each([
    ["no id", undefined],
    ["null", null],
    ["0", 0],
    ["a negative id", -3],
    ["a fraction", 1.5],
    ["NaN", Number.NaN],
    ["empty text", ""],
    ["text that is not digits", "12abc"],
    ["text 0", "0"]
  ] as const)("%s: 请传入作品ID, nothing asked", async (_name, id) => {
    const { memory, layer } = setup(only(INFO, () => envelope(0, sampleSdArtwork)))
    const error = await run(layer, (artworks) => Effect.flip(artworks.info(id)))
    expect(error).toMatchObject({ _tag: "ArtworkIdMissing", message: "请传入作品ID" })
    expect(ARTWORK_ID_MISSING_TEXT).toBe("请传入作品ID")
    expect(memory.requests).toHaveLength(0)
  })

  it.each([
    ["code ≠ 0 carries the server's msg", () => envelope(40400, null, "作品不存在或已删除"), { _tag: "ApiError", msg: "作品不存在或已删除" }],
    ["a transport failure is a NetworkError", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })), { _tag: "NetworkError" }],
    ["an unknown type is a DecodeError", () => envelope(0, { ...sampleSdArtwork, type: "video" }), { _tag: "DecodeError" }],
    ["-401 is Unauthorized", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }]
  ] as const)("%s", async (_name, answer, expected) => {
    const { layer } = setup(only(INFO, answer))
    expect(await run(layer, (artworks) => Effect.flip(artworks.info(52031)))).toMatchObject(expected)
  })

  it("readArtworkId keeps a positive whole id only", () => {
    expect([readArtworkId(7), readArtworkId(" 8 "), readArtworkId(2 ** 60), readArtworkId("1e3")]).toEqual([7, 8, undefined, undefined])
  })
})

describe("Artworks: collect (收藏, POST /api/v1/user/collect)", () => {
  it.each([
    [true, "collect", { is_collected: true, favorite_count: 87 }],
    [false, "uncollect", { is_collected: false, favorite_count: 85 }]
  ] as const)("collected %s sends %s and answers the server's state and count", async (collected, action, answer) => {
    const { memory, layer } = setup(only("/api/v1/user/collect", () => envelope(0, answer)))
    expect(await run(layer, (artworks) => artworks.collect(52031, collected))).toEqual(answer)
    expect(bodyOf(memory.requests[0])).toEqual({ target_id: 52031, target_type: "artwork", action })
  })
})

describe("Artworks: like (spec §4, §5: only on code 0)", () => {
  it("likes: the heart fills and the count follows the server", async () => {
    const { memory, layer } = setup(only(LIKE, () => envelope(0, { is_like: true, like_count: 1025 })))
    const update = await run(layer, (artworks) => artworks.like(sd))
    expect(bodyOf(memory.requests[0])).toEqual({ target_id: 52031, target_type: "artwork", action: "like" })
    expect(update).toMatchObject({ _tag: "Changed", artwork: { is_like: true, stat: { like_count: 1025, view_count: 20480 } } })
  })

  it("unlikes a liked artwork", async () => {
    const { memory, layer } = setup(only(LIKE, () => envelope(0, { is_like: false, like_count: 1023 })))
    const liked = { ...sd, is_like: true }
    const update = await run(layer, (artworks) => artworks.like(liked))
    expect(bodyOf(memory.requests[0])).toMatchObject({ action: "unlike" })
    expect(update).toMatchObject({ _tag: "Changed", artwork: { is_like: false, stat: { like_count: 1023 } } })
  })

  it("works on a feed card too (only id, is_like and stat are needed)", async () => {
    const { layer } = setup(only(LIKE, () => envelope(0, { is_like: true, like_count: 2 })))
    const card = { id: 9, is_like: false, stat: { like_count: 1 }, title: "卡片" }
    expect(await run(layer, (artworks) => artworks.like(card))).toEqual({ _tag: "Changed", artwork: { ...card, is_like: true, stat: { like_count: 2 } } })
  })

  it.each([
    ["code ≠ 0", () => envelope(1003, null, "操作太频繁"), { _tag: "ApiError", msg: "操作太频繁" }],
    ["-401", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }],
    ["a network failure", () => Effect.fail(new HttpFailure({ reason: "timeout", timeout: true })), { _tag: "NetworkError", reason: "timeout" }],
    ["a malformed answer", () => envelope(0, { is_like: "yes" }), { _tag: "DecodeError", field: "is_like" }]
  ] as const)("%s leaves the artwork as it was, with the error", async (_name, answer, expected) => {
    const { layer } = setup(only(LIKE, answer))
    const update = await run(layer, (artworks) => artworks.like(sd))
    expect(update._tag).toBe("Unchanged")
    expect(update.artwork).toBe(sd)
    expect(update._tag === "Unchanged" ? update.error : undefined).toMatchObject(expected)
  })

  it("-401 also logs out: the token is cleared (R9)", async () => {
    const { kv, layer } = setup(only(LIKE, () => envelope(-401, null, "请先登录")))
    await run(layer, (artworks) => artworks.like(sd))
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })
})

describe("Artworks: follow (spec §4, §5: code 0 and data.success, §6 owner)", () => {
  it("unfollows a followed author: one follower fewer", async () => {
    const { memory, layer } = setup(only(FOLLOW, () => envelope(0, { success: true })))
    const update = await run(layer, (artworks) => artworks.follow(sd))
    expect(bodyOf(memory.requests[0])).toEqual({ uid: 10086, action: "unfollow" })
    expect(update).toMatchObject({ _tag: "Changed", artwork: { is_follow: false, user_stat: { follower_count: 8811, followee_count: 41 } } })
  })

  it("follows: one follower more", async () => {
    const { memory, layer } = setup(only(FOLLOW, () => envelope(0, { success: true })))
    const update = await run(layer, (artworks) => artworks.follow({ ...sd, is_follow: false }))
    expect(bodyOf(memory.requests[0])).toEqual({ uid: 10086, action: "follow" })
    expect(update).toMatchObject({ _tag: "Changed", artwork: { is_follow: true, user_stat: { follower_count: 8813 } } })
  })

  it("never goes below 0 followers", async () => {
    const { layer } = setup(only(FOLLOW, () => envelope(0, { success: true })))
    const update = await run(layer, (artworks) => artworks.follow({ ...sd, user_stat: { ...sd.user_stat, follower_count: 0 } }))
    expect(update.artwork.user_stat.follower_count).toBe(0)
  })

  it("the owner cannot follow: an error, and no call", async () => {
    const { memory, layer } = setup(only(FOLLOW, () => envelope(0, { success: true })))
    const own = { ...sd, is_owner: true }
    const update = await run(layer, (artworks) => artworks.follow(own))
    expect(update).toMatchObject({ _tag: "Unchanged", error: { _tag: "CannotFollowSelf", message: "不能关注自己" } })
    expect(update.artwork).toBe(own)
    expect(memory.requests).toHaveLength(0)
  })

  it.each([
    ["code 0 with success false", () => envelope(0, { success: false }), { _tag: "FollowNotApplied", message: "取消关注失败，请稍后重试" }],
    ["code ≠ 0", () => envelope(1004, null, "不能关注自己"), { _tag: "ApiError", msg: "不能关注自己" }],
    ["-401", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }],
    ["a network failure", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })), { _tag: "NetworkError" }],
    ["a malformed answer", () => envelope(0, {}), { _tag: "DecodeError", field: "success" }]
  ] as const)("%s leaves the artwork as it was, with the error", async (_name, answer, expected) => {
    const { layer } = setup(only(FOLLOW, answer))
    const update = await run(layer, (artworks) => artworks.follow(sd))
    expect(update.artwork).toBe(sd)
    expect(update).toMatchObject({ _tag: "Unchanged", error: expected })
  })
})

describe("same style of an artwork as the API decodes it (spec §4, SD1–SD3; the domain rule, not a service member)", () => {
  it("quick: stores the parameters with draw type 1 for /aigc", () => {
    expect(sameStyle(quick)).toEqual({
      action: "aigc",
      drawType: 1,
      params: quick.parameters
    })
  })

  it("sd: opens /webui with the checkpoint and the text to paste", () => {
    const action = sameStyle(sd)
    expect(action).toMatchObject({ action: "webui", text: expect.stringContaining("<lora:oilpaper_umbrella:1.0>") })
    expect(action.action === "webui" ? action.url : "").toMatch(`/webui?model=${encodeURIComponent("国风水墨 v3")}&prompt_for_paste=masterpiece`)
  })

  it("agent: nothing (the button is hidden)", () => {
    expect(sameStyle(agent)).toEqual({ action: "none" })
  })
})

describe("Artworks: model chips (spec §2 artwork dialog, §7 models/info and sd/models/add)", () => {
  const MODEL_INFO = "/api/v1/open/artwork/models/info"
  const ADD_MODEL = "/api/v1/sd/models/add"
  const card = {
    id: 3101,
    type: "Checkpoint",
    name: "国风水墨 v3",
    cover: "https://cdn.mido.example.com/model/3101.png",
    description: "水墨风格底模",
    base_model: "SD 1.5",
    files: [{ name: "guofeng_ink_v3.safetensors", size: 2_132_625_408 }],
    tags: ["国风"],
    use_count: 12,
    is_added: false
  }

  it("asks for a chip's card by name and type", async () => {
    const { memory, layer } = setup(only(MODEL_INFO, () => envelope(0, card)))
    expect(await run(layer, (artworks) => artworks.modelInfo({ name: "国风水墨 v3", type: "Checkpoint" }))).toEqual(card)
    expect(memory.requests[0]).toMatchObject({ method: "GET", url: MODEL_INFO, query: { name: "国风水墨 v3", type: "Checkpoint" } })
  })

  it("adds a model by id; a refusal carries the server's msg", async () => {
    const { memory, layer } = setup(only(ADD_MODEL, () => envelope(0, { success: true })))
    await run(layer, (artworks) => artworks.addModel(3101))
    expect(bodyOf(memory.requests[0])).toEqual({ model_id: 3101 })
    const refused = setup(only(ADD_MODEL, () => envelope(404, null, "模型不存在或已下架")))
    expect(await run(refused.layer, (artworks) => Effect.flip(artworks.addModel(1)))).toMatchObject({ _tag: "ApiError", msg: "模型不存在或已下架" })
  })
})
