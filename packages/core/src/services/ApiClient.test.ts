import { Effect, Exit, Layer, Option, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { defineRoute } from "../api/Route.js"
import { envelope, makeMemoryHttp, MemoryHttpLayer } from "../adapters/MemoryHttp.js"
import { makeMemoryKeyValueStore } from "../adapters/MemoryKeyValueStore.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { HttpFailure } from "../ports/Http.js"
import { runTest, runTestExit } from "../testing/runTest.js"
import { ApiClient, ApiClientLive } from "./ApiClient.js"
import { AUTH_STORAGE_KEY, AuthToken, AuthTokenLive } from "./AuthToken.js"

const points = defineRoute({
  name: "user.points",
  method: "GET",
  path: "/api/v1/user/points",
  auth: "required",
  encoding: "query",
  input: Schema.Struct({}),
  data: Schema.Struct({ balance: Schema.Number, today_consumed: Schema.Number }),
  summary: "balance"
})

const like = defineRoute({
  name: "user.like",
  method: "POST",
  path: "/api/v1/user/like",
  auth: "required",
  encoding: "json",
  input: Schema.Struct({ target_id: Schema.Number, target_type: Schema.Literal("artwork") }),
  data: Schema.Unknown,
  summary: "like"
})

const setup = (handler: Parameters<typeof makeMemoryHttp>[0], stored: Record<string, string> = {}) => {
  const memory = makeMemoryHttp(handler)
  const kv = makeMemoryKeyValueStore(stored)
  const base = Layer.merge(MemoryHttpLayer(memory), Layer.succeed(KeyValueStore, kv.store))
  const auth = AuthTokenLive.pipe(Layer.provide(base))
  const layer = Layer.merge(ApiClientLive.pipe(Layer.provide(Layer.merge(base, auth))), auth)
  return { memory, kv, layer }
}

const loggedIn = { [AUTH_STORAGE_KEY]: JSON.stringify({ token: "tok_0123456789abcdef" }) }

describe("ApiClient (spec §7 envelope, R9)", () => {
  it("sends source: PC always and the bearer token when logged in, and decodes data", async () => {
    const { memory, layer } = setup(() => envelope(0, { balance: 120, today_consumed: 8 }), loggedIn)
    const data = await runTest(Effect.flatMap(ApiClient, (api) => api.call(points, {})).pipe(Effect.provide(layer)))
    expect(data).toEqual({ balance: 120, today_consumed: 8 })
    expect(memory.requests[0]?.headers).toEqual({ source: "PC", Authorization: "Bearer tok_0123456789abcdef" })
    expect(memory.requests[0]?.url).toBe("/api/v1/user/points")
  })

  it("sends no Authorization header when logged out, and JSON bodies for POST routes", async () => {
    const { memory, layer } = setup(() => envelope(0, null))
    await runTest(Effect.flatMap(ApiClient, (api) => api.call(like, { target_id: 7, target_type: "artwork" })).pipe(Effect.provide(layer)))
    expect(memory.requests[0]?.headers).toEqual({ source: "PC" })
    expect(memory.requests[0]?.body).toEqual({ kind: "json", value: { target_id: 7, target_type: "artwork" } })
  })

  it.each([
    ["code ≠ 0 is an ApiError with the server's msg", () => envelope(1001, null, "米豆不足"), { _tag: "ApiError", code: 1001, msg: "米豆不足" }],
    ["a body that is not an envelope is a NetworkError", () => ({ status: 502, headers: {}, body: "Bad Gateway" }), { _tag: "NetworkError", reason: "HTTP 502: not an API answer" }],
    ["a transport failure is a NetworkError", () => Effect.fail(new HttpFailure({ reason: "timeout", timeout: true })), { _tag: "NetworkError", reason: "timeout" }],
    ["data that does not decode is a DecodeError naming the field", () => envelope(0, { balance: "many", today_consumed: 1 }), { _tag: "DecodeError", field: "balance" }]
  ] as const)("%s", async (_name, answer, expected) => {
    const { layer } = setup(answer as never, loggedIn)
    const exit = await runTestExit(Effect.flatMap(ApiClient, (api) => api.call(points, {})).pipe(Effect.provide(layer)))
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit) && exit.cause._tag === "Fail") expect(exit.cause.error).toMatchObject(expected)
    else throw new Error("expected a typed failure")
  })

  it("R9: code -401 is Unauthorized and clears the stored token", async () => {
    const { kv, layer } = setup(() => envelope(-401, null, "请先登录"), loggedIn)
    const result = await runTest(
      Effect.gen(function* () {
        const api = yield* ApiClient
        const error = yield* Effect.flip(api.call(points, {}))
        const token = yield* Effect.flatMap(AuthToken, (auth) => auth.get)
        return { tag: error._tag, token }
      }).pipe(Effect.provide(layer))
    )
    expect(result).toEqual({ tag: "Unauthorized", token: Option.none() })
    expect(kv.entries.has(AUTH_STORAGE_KEY)).toBe(false)
  })

  it("a corrupt stored token counts as logged out and is removed", async () => {
    const { memory, kv, layer } = setup(() => envelope(0, { balance: 1, today_consumed: 0 }), { [AUTH_STORAGE_KEY]: "{not json" })
    await runTest(Effect.flatMap(ApiClient, (api) => api.call(points, {})).pipe(Effect.provide(layer)))
    expect(memory.requests[0]?.headers).toEqual({ source: "PC" })
    expect(kv.entries.has(AUTH_STORAGE_KEY)).toBe(false)
  })
})
