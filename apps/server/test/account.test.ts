import { ApiClient, ApiClientLive, AuthTokenLive, StorageKeys } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Api } from "@mido/core/contract"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { users } from "../src/db/schema/users.js"
import { issueToken, revokeToken } from "../src/platform/tokens.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let token: string
let uid: number

beforeAll(async () => {
  server = await startTestServer()
  const [inviter] = await server.deps.db.insert(users).values({ phone: "13900000001", nickname: "画画的阿雪", inviteCode: "XUE001", nid: "10000001" }).returning()
  const [user] = await server.deps.db.insert(users).values({
    phone: "13800138000", nickname: "星河画师", inviteCode: "MD8K2Q", nid: "10000002", invitedBy: inviter!.uid,
    vipLevel: 2, vipExpiredAt: new Date(Date.now() + 10 * 86_400_000)
  }).returning()
  uid = user!.uid
  token = await issueToken(server.deps.db, uid, new Date())
})
afterAll(() => server.stop())

/** The web app's own client (core ApiClient over ofetch) against the real server. */
const asClient = <A, E>(effect: Effect.Effect<A, E, ApiClient>, withToken = token) => {
  const ports = Layer.merge(FetchHttpLayer({ baseUrl: server.url }), MemoryKeyValueStoreLayer({ [StorageKeys.auth]: JSON.stringify({ token: withToken }) }))
  return Effect.runPromise(Effect.either(effect).pipe(Effect.provide(Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports)))))
}

describe("user/info and user/edit (spec §7; R7, R10, R12)", () => {
  it("answers the current user, decoded by the core's own schema, with the phone masked", async () => {
    const result = await asClient(Effect.flatMap(ApiClient, (api) => api.call(Api.user.info, {})))
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") {
      expect(result.right).toMatchObject({ uid, nickname: "星河画师", is_vip: true, vip_level: 2, vip_name: "月度会员", invite_user_name: "画画的阿雪", phone: "138****8000" })
      expect(JSON.stringify(result.right)).not.toMatch(/13800138000/)
    }
  })

  it.each([
    ["no token", undefined],
    ["a made-up token", "tok_not_a_real_session_000"]
  ])("-401 with %s", async (_name, bearer) => {
    expect(await server.request("GET", "/api/v1/user/info", undefined, bearer)).toMatchObject({ code: -401 })
  })

  it("edits the nickname and bio", async () => {
    const answer = await server.request("POST", "/api/v1/user/edit", { nickname: "星河画师Pro", bio: "国风山水" }, token)
    expect(answer).toMatchObject({ code: 0, data: { nickname: "星河画师Pro", bio: "国风山水" } })
  })

  it.each([
    ["a server-owned field (R12)", { nickname: "x", vip_level: 3 }],
    ["a too-long nickname", { nickname: "长".repeat(40) }],
    ["a wrong type", { nickname: 42 }]
  ])("refuses %s and writes nothing", async (_name, body) => {
    const answer = await server.request("POST", "/api/v1/user/edit", body, token)
    expect(answer.code).toBe(400)
    expect(answer.msg).not.toBe("")
    const info = await server.request("GET", "/api/v1/user/info", undefined, token)
    expect(info.data).toMatchObject({ nickname: "星河画师Pro", vip_level: 2 })
  })

  it("a route without fields refuses any field (R12)", async () => {
    const answer = await server.request("GET", "/api/v1/user/info?is_vip=1", undefined, token)
    expect(answer.code).toBe(400)
  })

  it("a malformed JSON body is a clear error", async () => {
    const response = await fetch(`${server.url}/api/v1/user/edit`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{nick" })
    expect(await response.json()).toMatchObject({ code: 400, msg: "请求格式错误" })
  })

  it("a revoked token is -401 (R7)", async () => {
    const other = await issueToken(server.deps.db, uid, new Date())
    await revokeToken(server.deps.db, other, new Date())
    expect(await server.request("GET", "/api/v1/user/info", undefined, other)).toMatchObject({ code: -401 })
  })

  it("unknown API paths answer in the envelope; the health check sees the database", async () => {
    expect(await server.request("GET", "/api/v1/nope")).toMatchObject({ code: 404 })
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" })
  })
})
