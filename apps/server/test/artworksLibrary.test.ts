import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { ApiClient } from "@mido/core"
import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import { Effect } from "effect"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { artworks } from "../src/db/schema/artworks.js"
import { approvePendingArtworks } from "../src/features/artworks/artworkLibrary.js"
import { makeArtwork, makeUser, runWebApp, sdParameters, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let uploadDir: string
let alice: TestUser
let bob: TestUser

const STORAGE_URL = "http://127.0.0.1:8081"

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), "mido-artworks-upload-"))
  server = await startTestServer({ uploadDir, storageUrl: STORAGE_URL })
  alice = await makeUser(server.deps.db, "画画的阿雪")
  bob = await makeUser(server.deps.db, "星河画师")
})
afterAll(() => server.stop())

const rowOf = async (id: number) => (await server.deps.db.select().from(artworks).where(eq(artworks.id, id)))[0]!
const list = (query: Record<string, string | number | undefined>, token?: string) =>
  server.request("GET", withQuery("/api/v2/artwork/list", query), undefined, token)
const inFeed = async (id: number) => {
  const answer = await server.request("GET", withQuery("/api/v1/open/artwork/artwork/get_profile_list", { size: 50 }))
  return (answer.data as { list: Array<{ id: number }> }).list.some((card) => card.id === id)
}

describe("GET /api/v2/artwork/list and /api/v2/artwork/types (the viewer's library)", () => {
  it("lists the caller's own live works, published or not, newest first, with filters", async () => {
    const { db } = server.deps
    const draft = await makeArtwork(db, alice.uid, { isPublic: false, auditStatus: "draft", createdAt: new Date("2026-01-01T00:00:00Z") })
    const rejected = await makeArtwork(db, alice.uid, { type: "quick", auditStatus: "rejected", auditReason: "请修改后重新提交", createdAt: new Date("2026-01-02T00:00:00Z") })
    const published = await makeArtwork(db, alice.uid, { type: "agent", createdAt: new Date("2026-01-03T00:00:00Z") })
    await makeArtwork(db, alice.uid, { deletedAt: new Date() })
    await makeArtwork(db, bob.uid, { title: "别人的作品" })
    const all = await list({}, alice.token)
    expect(all).toMatchObject({ code: 0, data: { total: 3 } })
    const items = (all.data as { list: Array<Record<string, unknown>> }).list
    expect(items.map((item) => item.id)).toEqual([published.id, rejected.id, draft.id])
    expect(items[1]).toMatchObject({ audit_status: "rejected", audit_reason: "请修改后重新提交", type: "quick" })
    expect(items[2]).toMatchObject({ audit_status: "draft", is_public: false })
    expect(JSON.stringify(all.data)).not.toContain("别人的作品")
    expect((await list({ type: "agent" }, alice.token)).data).toMatchObject({ total: 1, list: [{ id: published.id }] })
    expect((await list({ audit_status: "draft" }, alice.token)).data).toMatchObject({ total: 1, list: [{ id: draft.id }] })
    expect((await list({ page: 2, size: 2 }, alice.token)).data).toMatchObject({ total: 3, list: [{ id: draft.id }] })
  })

  it("counts the caller's works in all six tabs (LB1)", async () => {
    const answer = await runWebApp(server, alice.token, Effect.flatMap(ApiClient, (api) => api.call(Api.artwork.types, {})))
    expect(answer._tag === "Right" ? answer.right.list : answer.left).toEqual([
      { type: "quick", name: "快捷绘画", count: 1 },
      { type: "quick_mj", name: "MJ 模型", count: 0 },
      { type: "sd", name: "在线 SD", count: 1 },
      { type: "agent", name: "智能助手", count: 1 },
      { type: "upload", name: "上传", count: 0 },
      { type: "tool", name: "工具", count: 0 }
    ])
  })

  it.each([["an unknown status", { audit_status: "deleted" }], ["an unknown type", { type: "video" }], ["size 101", { size: 101 }]])(
    "refuses %s",
    async (_name, query) => expect((await list(query, alice.token)).code).toBe(400)
  )

  it("-401 without a token", async () => {
    expect(await list({})).toMatchObject({ code: -401 })
    expect(await server.request("GET", "/api/v2/artwork/types")).toMatchObject({ code: -401 })
  })
})

describe("POST /api/v1/user/profile/artwork/delete (withdraw from the square)", () => {
  it("turns an own published work back into a draft, off the square (R11)", async () => {
    const work = await makeArtwork(server.deps.db, alice.uid)
    expect(await inFeed(work.id)).toBe(true)
    expect(await server.request("POST", "/api/v1/user/profile/artwork/delete", { id: work.id }, bob.token)).toMatchObject({ code: 404 })
    expect(await rowOf(work.id)).toMatchObject({ auditStatus: "approved", isPublic: true })
    const answer = await server.request("POST", "/api/v1/user/profile/artwork/delete", { id: work.id }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { artwork_id: work.id, audit_status: "draft" } })
    expect(await inFeed(work.id)).toBe(false)
    expect(await rowOf(work.id)).toMatchObject({ auditStatus: "draft", isPublic: false, deletedAt: null })
  })

  it("refuses bad input and answers -401 without a token", async () => {
    expect((await server.request("POST", "/api/v1/user/profile/artwork/delete", { id: "x" }, alice.token)).code).toBe(400)
    expect((await server.request("POST", "/api/v1/user/profile/artwork/delete", {}, alice.token)).code).toBe(400)
    expect(await server.request("POST", "/api/v1/user/profile/artwork/delete", { id: 1 })).toMatchObject({ code: -401 })
  })
})

describe("POST /api/v2/artwork/delete (for good)", () => {
  it("deletes the caller's own ids; own ones already gone are skipped", async () => {
    const mine = [await makeArtwork(server.deps.db, alice.uid), await makeArtwork(server.deps.db, alice.uid)]
    const answer = await server.request("POST", "/api/v2/artwork/delete", { ids: [mine[0]!.id, mine[1]!.id, mine[0]!.id] }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { deleted: 2 } })
    expect((await rowOf(mine[0]!.id)).deletedAt).not.toBeNull()
    expect(await server.request("GET", withQuery("/api/v2/open/artwork/info", { id: mine[1]!.id }), undefined, alice.token)).toMatchObject({ code: 404 })
    expect((await server.request("POST", "/api/v2/artwork/delete", { ids: [mine[0]!.id] }, alice.token)).data).toEqual({ deleted: 0 })
  })

  it("R11: a batch naming another user's artwork is refused whole and deletes nothing", async () => {
    const mine = await makeArtwork(server.deps.db, alice.uid)
    const theirs = await makeArtwork(server.deps.db, bob.uid)
    const answer = await server.request("POST", "/api/v2/artwork/delete", { ids: [mine.id, theirs.id] }, alice.token)
    expect(answer).toMatchObject({ code: 403, msg: "只能删除自己的作品" })
    expect((await rowOf(mine.id)).deletedAt).toBeNull()
    expect((await rowOf(theirs.id)).deletedAt).toBeNull()
  })

  it.each([["an empty list", { ids: [] }], ["101 ids", { ids: Array.from({ length: 101 }, (_, index) => index + 1) }], ["a negative id", { ids: [-1] }]])(
    "refuses %s",
    async (_name, body) => expect((await server.request("POST", "/api/v2/artwork/delete", body, alice.token)).code).toBe(400)
  )

  it("-401 without a token", async () => {
    expect(await server.request("POST", "/api/v2/artwork/delete", { ids: [1] })).toMatchObject({ code: -401 })
  })
})

describe("POST /api/v1/artwork/audit/submit", () => {
  const submit = (body: unknown, token?: string) => server.request("POST", "/api/v1/artwork/audit/submit", body, token)

  it("sends an own draft to review with a title and category; the review puts it on the square", async () => {
    const draft = await makeArtwork(server.deps.db, alice.uid, { isPublic: false, auditStatus: "draft", title: null })
    const answer = await submit({ artwork_id: draft.id, title: "  雪夜江南  ", category_id: 2 }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { artwork_id: draft.id, audit_status: "pending" } })
    expect(await rowOf(draft.id)).toMatchObject({ title: "雪夜江南", categoryId: 2, isPublic: true, auditStatus: "pending" })
    expect(await submit({ artwork_id: draft.id, title: "再提交" }, alice.token)).toMatchObject({ code: 409 })
    expect(await inFeed(draft.id)).toBe(false)
    expect(await approvePendingArtworks(server.deps.db, server.deps.feedCache, new Date())).toBeGreaterThanOrEqual(1)
    expect(await inFeed(draft.id)).toBe(true)
    expect(await submit({ artwork_id: draft.id, title: "再提交" }, alice.token)).toMatchObject({ code: 409, msg: "作品已发布，无需重复提交" })
  })

  it("refuses another user's artwork (R11), an unknown category and bad input, writing nothing", async () => {
    const draft = await makeArtwork(server.deps.db, alice.uid, { isPublic: false, auditStatus: "draft", title: null })
    expect(await submit({ artwork_id: draft.id, title: "抢发" }, bob.token)).toMatchObject({ code: 404 })
    expect(await submit({ artwork_id: draft.id, title: "雪夜", category_id: 999 }, alice.token)).toMatchObject({ code: 400, msg: "分类不存在" })
    expect(await submit({ artwork_id: draft.id, title: "   " }, alice.token)).toMatchObject({ code: 400, msg: "请输入标题" })
    expect((await submit({ artwork_id: draft.id, title: "长".repeat(51) }, alice.token)).code).toBe(400)
    expect((await submit({ artwork_id: draft.id, title: "雪夜", audit_status: "approved" }, alice.token)).code).toBe(400)
    expect(await rowOf(draft.id)).toMatchObject({ title: null, auditStatus: "draft", categoryId: null })
  })

  it("-401 without a token", async () => {
    expect(await submit({ artwork_id: 1, title: "x" })).toMatchObject({ code: -401 })
  })
})

describe("POST /api/v2/artwork/upload", () => {
  const store = async (key: string, bytes: Uint8Array | Buffer) => {
    mkdirSync(dirname(join(uploadDir, key)), { recursive: true })
    writeFileSync(join(uploadDir, key), bytes)
    return `${STORAGE_URL}/uploads/${key}`
  }
  const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#3a0ca3" } }).png().toBuffer()
  const upload = (body: unknown, token?: string) => server.request("POST", "/api/v2/artwork/upload", body, token)

  it("saves an own stored image as a draft, with the size read from the file (R12)", async () => {
    const url = await store(`u/${alice.uid}/202611/183000_k3f9.png`, await png(96, 128))
    const prompt = "<img src=x onerror=alert(1)>{{7*7}} 雪夜"
    const answer = await upload({ type: "sd", url, title: "雪夜江南", parameters: { ...sdParameters(prompt), negative_prompt: undefined } }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { type: "sd", library_type: "upload", cover: url, width: 96, height: 128, audit_status: "draft", is_public: false, title: "雪夜江南" } })
    const id = (answer.data as { id: number }).id
    expect(await rowOf(id)).toMatchObject({ userUid: alice.uid, parameters: { prompt, negative_prompt: "" } })
    expect(await inFeed(id)).toBe(false)
  })

  it("refuses another user's upload, a foreign host, a missing file and a non-image (R11, R12)", async () => {
    const bobs = await store(`u/${bob.uid}/202611/bob.png`, await png(10, 10))
    const text = await store(`u/${alice.uid}/202611/note.png`, Buffer.from("not an image"))
    const cases: Array<[string, string]> = [
      [bobs, "图片地址无效，请先上传图片"],
      [`https://evil.example.com/uploads/u/${alice.uid}/x.png`, "图片地址无效，请先上传图片"],
      [`${STORAGE_URL}/uploads/u/${alice.uid}/../${bob.uid}/202611/bob.png`, "图片地址无效，请先上传图片"],
      [`${STORAGE_URL}/uploads/u/${alice.uid}/202611/missing.png`, "图片不存在或已过期，请重新上传"],
      [text, "仅支持 PNG 或 JPEG 图片"]
    ]
    const before = (await list({}, alice.token)).data as { total: number }
    for (const [url, msg] of cases) {
      expect(await upload({ type: "sd", url, parameters: sdParameters() }, alice.token)).toMatchObject({ code: 400, msg })
    }
    expect((await list({}, alice.token)).data).toMatchObject({ total: before.total })
  })

  it.each([
    ["another type", { type: "quick" }],
    ["a client-set size (R12)", { width: 4096 }],
    ["a client-set status (R12)", { audit_status: "approved" }],
    ["a prompt over 5000 characters", { parameters: sdParameters("词".repeat(5001)) }]
  ])("refuses %s", async (_name, change) => {
    const url = `${STORAGE_URL}/uploads/u/${alice.uid}/202611/183000_k3f9.png`
    expect((await upload({ type: "sd", url, parameters: sdParameters(), ...change }, alice.token)).code).toBe(400)
  })

  it("-401 without a token", async () => {
    expect(await upload({ type: "sd", url: `${STORAGE_URL}/uploads/u/1/x.png`, parameters: sdParameters() })).toMatchObject({ code: -401 })
  })
})
