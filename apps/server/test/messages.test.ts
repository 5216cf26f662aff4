import { Api, MessageContentFromString } from "@mido/core/contract"
import { Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createMessage, messageContentText } from "../src/features/messages/messages.js"
import { makeUser, runWebApp, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { ApiClient } from "@mido/core"

let server: TestServer
let alice: TestUser
let bob: TestUser
const ids: Record<string, Array<number>> = { like: [], system: [], follow: [], mention: [] }

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  alice = await makeUser(db, "画画的阿雪")
  bob = await makeUser(db, "星河画师")
  const base = Date.UTC(2026, 10, 22, 10, 0, 0)
  for (let index = 0; index < 25; index++) {
    const id = await createMessage(db, {
      uid: alice.uid,
      type: "like",
      createdAt: new Date(base + index * 1000),
      content: { title: "赞了你的作品", content: `星河画师 赞了你的作品《江南烟雨 ${index}》`, user_uid: bob.uid, user_name: "星河画师", type: "artwork", target_id: 52000 + index }
    })
    ids.like!.push(id!)
  }
  ids.system!.push((await createMessage(db, { uid: alice.uid, type: "system", content: { title: "系统通知", content: "<b>欢迎</b>来到米豆", jump_url: "https://mido.example.com/help" } }))!)
  ids.follow!.push((await createMessage(db, { uid: alice.uid, type: "follow", content: { title: "新增关注", content: "星河画师 关注了你" } }))!)
  ids.mention!.push((await createMessage(db, { uid: alice.uid, type: "mention", content: "plain text, not JSON" }))!)
  await createMessage(db, { uid: bob.uid, type: "system", content: { title: "系统通知", content: "仅 bob 可见" } })
})
afterAll(() => server.stop())

const unread = (token?: string) => server.request("GET", "/api/v1/user/message/unread_count", undefined, token)

describe("createMessage (for other modules)", () => {
  it("writes the spec §3 JSON string with only the given fields", () => {
    expect(messageContentText({ title: "系统通知", content: "", target_id: 7 })).toBe("{\"title\":\"系统通知\",\"target_id\":7}")
    expect(messageContentText("already a string")).toBe("already a string")
  })

  it("a dedupe key sends a repeated event once", async () => {
    const first = await createMessage(server.deps.db, { uid: bob.uid, type: "like", dedupeKey: "like:1:2", content: { title: "赞" } })
    const again = await createMessage(server.deps.db, { uid: bob.uid, type: "like", dedupeKey: "like:1:2", content: { title: "赞" } })
    expect(first).toBeGreaterThan(0)
    expect(again).toBeUndefined()
    await server.request("POST", "/api/v1/user/message/read", { type: "like" }, bob.token)
  })
})

describe("GET /api/v1/user/message/unread_count", () => {
  it("counts the caller's unread messages per tab", async () => {
    expect(await unread(alice.token)).toMatchObject({ code: 0, data: { total: 28, system: 1, mention: 1, like: 25, follow: 1 } })
    expect((await unread(bob.token)).data).toEqual({ total: 1, system: 1, mention: 0, like: 0, follow: 0 })
  })

  it("-401 without a token", async () => {
    expect(await unread()).toMatchObject({ code: -401 })
  })
})

describe("GET /api/v1/user/message/list", () => {
  it("pages one tab newest first, 20 by default, decoded by the core's client", async () => {
    const first = await runWebApp(server, alice.token, Effect.flatMap(ApiClient, (api) => api.call(Api.message.list, { type: "like", page: 1, size: 20 })))
    expect(first._tag).toBe("Right")
    if (first._tag !== "Right") return
    expect(first.right.total).toBe(25)
    expect(first.right.list.map((message) => message.id)).toEqual([...ids.like!].reverse().slice(0, 20))
    const content = Schema.decodeSync(MessageContentFromString)(first.right.list[0]!.content)
    expect(content).toMatchObject({ parsed: true, title: "赞了你的作品", user_name: "星河画师", target_id: "52024" })
    const second = await server.request("GET", withQuery("/api/v1/user/message/list", { type: "like", page: 2 }), undefined, alice.token)
    expect((second.data as { list: Array<{ id: number }> }).list.map((message) => message.id)).toEqual([...ids.like!].reverse().slice(20))
  })

  it("keeps text as text (R16) and serves non-JSON content as it is", async () => {
    const system = await server.request("GET", withQuery("/api/v1/user/message/list", { type: "system" }), undefined, alice.token)
    expect(JSON.parse((system.data as { list: Array<{ content: string }> }).list[0]!.content)).toMatchObject({ content: "<b>欢迎</b>来到米豆" })
    const mention = await server.request("GET", withQuery("/api/v1/user/message/list", { type: "mention" }), undefined, alice.token)
    expect(mention.data).toMatchObject({ total: 1, list: [{ content: "plain text, not JSON", is_read: 0, type: "mention" }] })
  })

  it("lists only the caller's own messages (R11)", async () => {
    const list = await server.request("GET", withQuery("/api/v1/user/message/list", { type: "system" }), undefined, bob.token)
    expect(list.data).toMatchObject({ total: 1, list: [{ type: "system" }] })
    expect(JSON.stringify(list.data)).not.toContain("欢迎")
  })

  it.each([
    ["a missing type", {}],
    ["an unknown type", { type: "order" }],
    ["a page size over 100", { type: "like", size: 500 }],
    ["page 0", { type: "like", page: 0 }]
  ])("refuses %s", async (_name, query) => {
    const answer = await server.request("GET", withQuery("/api/v1/user/message/list", query), undefined, alice.token)
    expect(answer.code).toBe(400)
    expect(answer.msg).not.toBe("")
  })

  it("-401 without a token", async () => {
    expect(await server.request("GET", withQuery("/api/v1/user/message/list", { type: "like" }))).toMatchObject({ code: -401 })
  })
})

describe("POST /api/v1/user/message/read", () => {
  it("skips another user's ids and changes nothing of theirs (R11)", async () => {
    const answer = await server.request("POST", "/api/v1/user/message/read", { ids: [ids.like![0]!, ids.system![0]!] }, bob.token)
    expect(answer).toMatchObject({ code: 0, data: { updated: 0 } })
    expect((await unread(alice.token)).data).toMatchObject({ total: 28, like: 25, system: 1 })
  })

  it("marks the given ids read and answers the new counts", async () => {
    const answer = await server.request("POST", "/api/v1/user/message/read", { ids: ids.like!.slice(0, 5) }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { updated: 5, unread: { total: 23, like: 20 } } })
    const again = await server.request("POST", "/api/v1/user/message/read", { ids: ids.like!.slice(0, 5) }, alice.token)
    expect(again.data).toMatchObject({ updated: 0 })
    const list = await server.request("GET", withQuery("/api/v1/user/message/list", { type: "like", page: 2 }), undefined, alice.token)
    expect((list.data as { list: Array<{ is_read: number }> }).list.map((message) => message.is_read)).toEqual([1, 1, 1, 1, 1])
  })

  it("marks a whole tab, then everything", async () => {
    expect((await server.request("POST", "/api/v1/user/message/read", { type: "like" }, alice.token)).data).toMatchObject({ updated: 20, unread: { total: 3, like: 0 } })
    expect((await server.request("POST", "/api/v1/user/message/read", { type: "all" }, alice.token)).data).toEqual({
      updated: 3,
      unread: { total: 0, system: 0, mention: 0, like: 0, follow: 0 }
    })
    expect((await unread(bob.token)).data).toMatchObject({ total: 1 })
  })

  it.each([
    ["neither ids nor type", {}],
    ["both ids and type", { ids: [1], type: "like" }],
    ["an empty id list", { ids: [] }],
    ["more than 100 ids", { ids: Array.from({ length: 101 }, (_, index) => index + 1) }],
    ["an unknown field (R12)", { type: "all", uid: 1 }]
  ])("refuses %s", async (_name, body) => {
    const answer = await server.request("POST", "/api/v1/user/message/read", body, bob.token)
    expect(answer.code).toBe(400)
    expect((await unread(bob.token)).data).toMatchObject({ total: 1 })
  })

  it("-401 without a token", async () => {
    expect(await server.request("POST", "/api/v1/user/message/read", { type: "all" })).toMatchObject({ code: -401 })
  })
})
