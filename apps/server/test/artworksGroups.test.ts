import { ApiClient } from "@mido/core"
import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { artworkGroups, artworkLikes, profileSettings } from "../src/db/schema/artworks.js"
import { posts } from "../src/db/schema/community.js"
import { seedSdModels } from "../src/seed/artworkSeed.js"
import { makeArtwork, makeUser, runWebApp, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let alice: TestUser
let bob: TestUser
let works: Array<{ id: number; cover: string }>
let draft: { id: number }
let bobsWork: { id: number }

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  alice = await makeUser(db, "画画的阿雪")
  bob = await makeUser(db, "星河画师")
  works = []
  for (let index = 0; index < 3; index++) {
    works.push(await makeArtwork(db, alice.uid, { cover: `https://cdn.mido.example.com/g/${index}.png`, createdAt: new Date(Date.UTC(2026, 0, index + 1)) }))
  }
  draft = await makeArtwork(db, alice.uid, { isPublic: false, auditStatus: "draft", cover: "https://cdn.mido.example.com/g/draft.png", createdAt: new Date(Date.UTC(2026, 1, 1)) })
  bobsWork = await makeArtwork(db, bob.uid)
})
afterAll(() => server.stop())

type Group = { id: number; name: string; description: string; cover: string | null; artwork_count: number; is_public: boolean }
const create = (body: unknown, token?: string) => server.request("POST", "/api/v1/user/create_artwork_group", body, token)
const update = (body: unknown, token?: string) => server.request("POST", "/api/v1/user/update_artwork_group", body, token)
const detail = (id: number, token?: string) => server.request("GET", withQuery("/api/v1/open/user/get_artwork_group_detail", { id }), undefined, token)
const groups = (uid: number, token?: string) => server.request("GET", withQuery("/api/v1/open/user/get_artwork_group_list", { uid }), undefined, token)

describe("artwork groups (作品集)", () => {
  let group: Group

  it("creates a group of own artworks in order, with the chosen cover", async () => {
    const answer = await create({ name: " 国风山水 ", description: "水墨合集", artwork_ids: [works[0]!.id, draft.id, works[1]!.id, works[0]!.id], cover_artwork_id: works[1]!.id }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { name: "国风山水", description: "水墨合集", cover: works[1]!.cover, artwork_count: 3, is_public: true } })
    group = answer.data as Group
  })

  it("shows the detail to others without the owner's draft, in display order", async () => {
    const answer = await runWebApp(server, bob.token, Effect.flatMap(ApiClient, (api) => api.call(Api.artwork.groupDetail, { id: group.id, page: 1, size: 20 })))
    expect(answer._tag).toBe("Right")
    if (answer._tag !== "Right") return
    expect(answer.right.owner).toMatchObject({ uid: alice.uid, nickname: "画画的阿雪", is_vip: false })
    expect(answer.right.list.map((card) => card.id)).toEqual([works[0]!.id, works[1]!.id])
    expect(answer.right).toMatchObject({ total: 2, group: { artwork_count: 2 } })
    const own = await detail(group.id, alice.token)
    expect((own.data as { list: Array<{ id: number }> }).list.map((card) => card.id)).toEqual([works[0]!.id, draft.id, works[1]!.id])
  })

  it("updates a patch: absent fields stay, artwork_ids replaces the list, a cover that left goes back to automatic", async () => {
    const renamed = await update({ id: group.id, name: "国风山水 · 第二季" }, alice.token)
    expect(renamed).toMatchObject({ code: 0, data: { name: "国风山水 · 第二季", description: "水墨合集", cover: works[1]!.cover, artwork_count: 3 } })
    const replaced = await update({ id: group.id, artwork_ids: [works[2]!.id, works[0]!.id] }, alice.token)
    expect(replaced.data).toMatchObject({ artwork_count: 2, cover: works[2]!.cover })
    const auto = await update({ id: group.id, cover_artwork_id: null, is_public: false }, alice.token)
    expect(auto.data).toMatchObject({ cover: works[2]!.cover, is_public: false })
  })

  it("a private group is seen by its owner only (R11)", async () => {
    expect(await detail(group.id, bob.token)).toMatchObject({ code: 404 })
    expect(await detail(group.id)).toMatchObject({ code: 404 })
    expect(await detail(group.id, alice.token)).toMatchObject({ code: 0 })
    expect((await groups(alice.uid, bob.token)).data).toEqual({ list: [], total: 0 })
    expect((await groups(alice.uid, alice.token)).data).toMatchObject({ total: 1, list: [{ id: group.id, is_public: false }] })
  })

  it("refuses another user's artworks and covers outside the group, writing nothing (R11)", async () => {
    expect(await create({ name: "偷来的", artwork_ids: [bobsWork.id] }, alice.token)).toMatchObject({ code: 404 })
    expect(await create({ name: "封面", artwork_ids: [works[0]!.id], cover_artwork_id: works[1]!.id }, alice.token)).toMatchObject({ code: 400, msg: "封面必须是作品集中的作品" })
    expect(await update({ id: group.id, artwork_ids: [bobsWork.id] }, alice.token)).toMatchObject({ code: 404 })
    expect((await groups(alice.uid, alice.token)).data).toMatchObject({ total: 1 })
  })

  it("another user can neither update nor delete the group (R11)", async () => {
    expect(await update({ id: group.id, name: "改名" }, bob.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", "/api/v1/user/delete_artwork_group", { id: group.id }, bob.token)).toMatchObject({ code: 404 })
    const [row] = await server.deps.db.select().from(artworkGroups).where(eq(artworkGroups.id, group.id))
    expect(row?.name).toBe("国风山水 · 第二季")
  })

  it.each([
    ["create without a name", "create", { name: "  " }],
    ["create with a 21-character name", "create", { name: "名".repeat(21) }],
    ["create with a server-owned count (R12)", "create", { name: "集", artwork_count: 9 }],
    ["update without an id", "update", { name: "集" }],
    ["update with 501 artworks", "update", { id: 1, artwork_ids: Array.from({ length: 501 }, (_, index) => index + 1) }]
  ])("refuses %s", async (_name, kind, body) => {
    expect((await (kind === "create" ? create : update)(body, alice.token)).code).toBe(400)
  })

  it("lists a user's public groups newest first; hidden entirely when show_groups is off", async () => {
    const second = (await create({ name: "赛博长安", artwork_ids: [works[2]!.id] }, alice.token)).data as Group
    expect((await groups(alice.uid)).data).toMatchObject({ total: 1, list: [{ id: second.id, artwork_count: 1 }] })
    await server.deps.db.insert(profileSettings).values({ uid: alice.uid, showGroups: false })
    expect((await groups(alice.uid, bob.token)).data).toEqual({ list: [], total: 0 })
    expect(await detail(second.id, bob.token)).toMatchObject({ code: 404 })
    expect((await groups(alice.uid, alice.token)).data).toMatchObject({ total: 2 })
    await server.deps.db.delete(profileSettings).where(eq(profileSettings.uid, alice.uid))
  })

  it("deletes an own group and keeps its artworks", async () => {
    expect(await server.request("POST", "/api/v1/user/delete_artwork_group", { id: group.id }, alice.token)).toMatchObject({ code: 0, data: { success: true } })
    expect(await detail(group.id, alice.token)).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery("/api/v2/open/artwork/info", { id: works[0]!.id }))).toMatchObject({ code: 0 })
    expect(await server.request("POST", "/api/v1/user/delete_artwork_group", { id: group.id }, alice.token)).toMatchObject({ code: 404 })
  })

  it("answers -401 to writes without a token, 400 to a bad id, 404 to an unknown user", async () => {
    expect(await create({ name: "集" })).toMatchObject({ code: -401 })
    expect(await update({ id: 1, name: "集" })).toMatchObject({ code: -401 })
    expect(await server.request("POST", "/api/v1/user/delete_artwork_group", { id: 1 })).toMatchObject({ code: -401 })
    expect((await server.request("GET", withQuery("/api/v1/open/user/get_artwork_group_detail", { id: "x" }))).code).toBe(400)
    expect(await groups(99_999_999)).toMatchObject({ code: 404 })
  })
})

describe("GET /api/v1/open/user/get_user_likes", () => {
  const likes = (uid: number, token?: string) => server.request("GET", withQuery("/api/v1/open/user/get_user_likes", { uid }), undefined, token)

  it("lists a user's liked artworks newest like first, hidden from others when show_likes is off", async () => {
    const { db } = server.deps
    await db.insert(artworkLikes).values([
      { uid: bob.uid, artworkId: works[0]!.id, createdAt: new Date(Date.UTC(2026, 2, 1)) },
      { uid: bob.uid, artworkId: works[2]!.id, createdAt: new Date(Date.UTC(2026, 2, 2)) },
      { uid: bob.uid, artworkId: draft.id, createdAt: new Date(Date.UTC(2026, 2, 3)) }
    ])
    const visitor = await likes(bob.uid)
    expect(visitor).toMatchObject({ code: 0, data: { total: 2, list: [{ id: works[2]!.id, is_like: false }, { id: works[0]!.id }] } })
    expect((await likes(bob.uid, bob.token)).data).toMatchObject({ list: [{ is_like: true }, { is_like: true }] })
    expect((await likes(bob.uid, alice.token)).data).toMatchObject({ total: 3 })
    await db.insert(profileSettings).values({ uid: bob.uid, showLikes: false })
    expect((await likes(bob.uid, alice.token)).data).toEqual({ list: [], total: 0 })
    expect((await likes(bob.uid, bob.token)).data).toMatchObject({ total: 2 })
  })

  it("refuses a bad uid and answers 404 for an unknown user", async () => {
    expect((await server.request("GET", "/api/v1/open/user/get_user_likes?uid=abc")).code).toBe(400)
    expect((await server.request("GET", "/api/v1/open/user/get_user_likes")).code).toBe(400)
    expect(await likes(99_999_999)).toMatchObject({ code: 404 })
  })
})

describe("GET /api/v1/open/user/get_post_list", () => {
  it("lists a user's community posts newest first, with the viewer's flags", async () => {
    const { db } = server.deps
    await db.insert(posts).values([
      { uid: alice.uid, content: "第一次用 LoRA 画油纸伞", artworkId: works[0]!.id, topics: ["国风"] },
      { uid: alice.uid, content: "<script>alert(1)</script> 雨丝还不够细" },
      { uid: bob.uid, content: "别人的帖子" }
    ])
    const answer = await runWebApp(server, alice.token, Effect.flatMap(ApiClient, (api) => api.call(Api.artwork.postList, { uid: alice.uid, page: 1, size: 20 })))
    expect(answer._tag).toBe("Right")
    if (answer._tag !== "Right") return
    expect(answer.right.total).toBe(2)
    expect(answer.right.list.map((post) => post.content)).toEqual(["<script>alert(1)</script> 雨丝还不够细", "第一次用 LoRA 画油纸伞"])
    expect(answer.right.list[1]).toMatchObject({ artwork_id: works[0]!.id, topics: ["国风"], is_owner: true, author: { uid: alice.uid } })
    const visitor = await server.request("GET", withQuery("/api/v1/open/user/get_post_list", { uid: alice.uid, size: 1, page: 2 }))
    expect(visitor.data).toMatchObject({ total: 2, list: [{ is_owner: false, is_like: false }] })
  })

  it("refuses bad paging and answers 404 for an unknown user", async () => {
    expect((await server.request("GET", withQuery("/api/v1/open/user/get_post_list", { uid: alice.uid, size: 0 }))).code).toBe(400)
    expect(await server.request("GET", withQuery("/api/v1/open/user/get_post_list", { uid: 99_999_999 }))).toMatchObject({ code: 404 })
  })
})

describe("SD models: models/info and sd/models/add", () => {
  const info = (query: Record<string, string>, token?: string) => server.request("GET", withQuery("/api/v1/open/artwork/models/info", query), undefined, token)

  it("answers a model's card; adding it twice is harmless and shows as added to that user only", async () => {
    await seedSdModels(server.deps.db, ["https://cdn.mido.example.com/model/1.png"])
    await seedSdModels(server.deps.db, ["https://cdn.mido.example.com/model/1.png"])
    const card = await info({ name: "国风水墨 v3", type: "Checkpoint" }, alice.token)
    expect(card).toMatchObject({
      code: 0,
      data: { type: "Checkpoint", name: "国风水墨 v3", base_model: "SD 1.5", files: [{ name: "guofeng_ink_v3.safetensors" }], tags: ["国风", "水墨"], is_added: false }
    })
    const id = (card.data as { id: number }).id
    for (let time = 0; time < 2; time++) {
      expect(await server.request("POST", "/api/v1/sd/models/add", { model_id: id }, alice.token)).toMatchObject({ code: 0, data: { success: true } })
    }
    expect((await info({ name: "国风水墨 v3", type: "Checkpoint" }, alice.token)).data).toMatchObject({ is_added: true })
    expect((await info({ name: "国风水墨 v3", type: "Checkpoint" }, bob.token)).data).toMatchObject({ is_added: false })
    expect((await info({ name: "国风水墨 v3", type: "Checkpoint" })).data).toMatchObject({ is_added: false })
  })

  it("404 for an unknown model or the wrong type; 400 for bad input; -401 to add without a token", async () => {
    expect(await info({ name: "不存在的模型", type: "LoRA" })).toMatchObject({ code: 404 })
    expect(await info({ name: "国风水墨 v3", type: "LoRA" })).toMatchObject({ code: 404 })
    expect((await info({ name: "", type: "LoRA" })).code).toBe(400)
    expect((await info({ name: "x", type: "VAE" })).code).toBe(400)
    expect(await server.request("POST", "/api/v1/sd/models/add", { model_id: 987654 }, alice.token)).toMatchObject({ code: 404 })
    expect((await server.request("POST", "/api/v1/sd/models/add", { model_id: "a" }, alice.token)).code).toBe(400)
    expect(await server.request("POST", "/api/v1/sd/models/add", { model_id: 1 })).toMatchObject({ code: -401 })
  })

  it("sd/models/mine lists the viewer's added models, last added first, and no one else's", async () => {
    await seedSdModels(server.deps.db, ["https://cdn.mido.example.com/model/1.png"])
    const idOf = async (name: string, type: string) => ((await info({ name, type })).data as { id: number }).id
    const mine = (token?: string) => server.request("GET", "/api/v1/sd/models/mine", undefined, token)
    expect(await mine(bob.token)).toMatchObject({ code: 0, data: [] })
    await server.request("POST", "/api/v1/sd/models/add", { model_id: await idOf("麦橘写实 v7", "Checkpoint") }, bob.token)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await server.request("POST", "/api/v1/sd/models/add", { model_id: await idOf("油纸伞", "LoRA") }, bob.token)
    const list = (await mine(bob.token)).data as ReadonlyArray<{ name: string; type: string; is_added: boolean }>
    expect(list.map((model) => [model.type, model.name, model.is_added])).toEqual([["LoRA", "油纸伞", true], ["Checkpoint", "麦橘写实 v7", true]])
    expect(((await mine(alice.token)).data as ReadonlyArray<{ name: string }>).some((model) => model.name === "油纸伞")).toBe(false)
    expect(await mine()).toMatchObject({ code: -401 })
  })
})
