import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect, Exit, Layer, Schema } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { type CallError, userMessage } from "../api/ApiErrors.js"
import { defineRoute } from "../api/Route.js"
import { makeMemoryKeyValueStore } from "./MemoryKeyValueStore.js"
import { Http } from "../ports/Http.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { ApiClient, ApiClientLive } from "../services/ApiClient.js"
import { AuthTokenLive } from "../services/AuthToken.js"
import { type HttpRequestInfo, makeFetchHttp } from "./FetchHttp.js"
import { type OfetchModule, ofetchOnFirstUse } from "./ofetchOnFirstUse.js"

// What ofetch brings to the live Http port (ADR 0007), against a real server on loopback: a GET asked
// once more after a gateway error, never a POST; a timeout as the typed error the app shows; the
// server's envelope (code, msg) kept whatever the HTTP status.

const hits = new Map<string, number>()
let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    const key = `${req.method} ${url.pathname}`
    const hit = (hits.get(key) ?? 0) + 1
    hits.set(key, hit)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === "/flaky") return hit === 1 ? json(503, { code: 503, msg: "busy", data: null }) : json(200, { code: 0, msg: "ok", data: { hit } })
    if (url.pathname === "/down") return json(502, { code: 502, msg: "down", data: null })
    if (url.pathname === "/broken") return json(500, { code: 500, msg: "服务器错误", data: null })
    if (url.pathname === "/refused") return json(400, { code: 1001, msg: "米豆不足", data: null })
    if (url.pathname === "/slow") return void setTimeout(() => json(200, { code: 0, msg: "ok", data: { hit } }), 400)
    if (url.pathname === "/headers") return json(200, { code: 0, msg: "ok", data: { trace: req.headers["x-trace"] ?? null, query: url.search } })
    return json(404, { code: 404, msg: "not found", data: null })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => hits.clear())

const http = () => makeFetchHttp({ baseUrl, retryDelayMs: 10 })
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.either(effect))

describe("FetchHttp on ofetch: retries", () => {
  it("asks a GET once more after a 503 and gives the second answer", async () => {
    const result = await run(http().request({ method: "GET", url: "/flaky" }))
    expect(result._tag === "Right" && [result.right.status, result.right.body]).toEqual([200, { code: 0, msg: "ok", data: { hit: 2 } }])
    expect(hits.get("GET /flaky")).toBe(2)
  })

  it("asks a GET at most twice: a lasting 502 is the answer", async () => {
    const result = await run(http().request({ method: "GET", url: "/down" }))
    expect(result._tag === "Right" && result.right.status).toBe(502)
    expect(hits.get("GET /down")).toBe(2)
  })

  it.each(["POST", "PUT", "DELETE"] as const)("never asks a %s twice (a payment or a drawing would happen twice)", async (method) => {
    const result = await run(http().request({ method, url: "/flaky", body: { kind: "json", value: { order: 1 } } }))
    expect(result._tag === "Right" && result.right.status).toBe(503)
    expect(hits.get(`${method} /flaky`)).toBe(1)
  })

  it("does not retry a 500 (a defect, not a restart)", async () => {
    await run(http().request({ method: "GET", url: "/broken" }))
    expect(hits.get("GET /broken")).toBe(1)
  })
})

describe("FetchHttp on ofetch: through the ApiClient", () => {
  const route = (path: `/${string}`, method: "GET" | "POST" = "GET") =>
    defineRoute({ name: `test${path}`, method, path, auth: "optional", encoding: method === "GET" ? "query" : "json", input: Schema.Struct({}), data: Schema.Unknown, summary: path })
  /** The live adapter, with every call's timeout cut to `timeoutMs` (the ApiClient's own is 15 s). */
  const liveHttp = (timeoutMs?: number) =>
    Layer.sync(Http, () => {
      const live = makeFetchHttp({ baseUrl, retryDelayMs: 10 })
      return Http.of({ ...live, request: (request) => live.request(timeoutMs === undefined ? request : { ...request, timeoutMs }) })
    })
  const call = (path: `/${string}`, method: "GET" | "POST", timeoutMs?: number) => {
    const base = Layer.merge(liveHttp(timeoutMs), Layer.succeed(KeyValueStore, makeMemoryKeyValueStore().store))
    const client = ApiClientLive.pipe(Layer.provide(Layer.merge(base, AuthTokenLive.pipe(Layer.provide(base)))))
    return Effect.runPromiseExit(Effect.flatMap(ApiClient, (api) => api.call(route(path, method), {})).pipe(Effect.provide(client)))
  }
  const failureOf = (exit: Exit.Exit<unknown, unknown>) => (Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error : exit)

  it("keeps the server's code and msg when the envelope comes with an HTTP error status", async () => {
    const error = failureOf(await call("/refused", "POST"))
    expect(error).toMatchObject({ _tag: "ApiError", code: 1001, msg: "米豆不足" })
    expect(userMessage(error as CallError)).toBe("米豆不足")
  })

  it("gives the data of a GET that a gateway refused once", async () => {
    const exit = await call("/flaky", "GET")
    expect(Exit.isSuccess(exit) && exit.value).toEqual({ hit: 2 })
  })

  it("a timeout is a NetworkError, shown as 网络异常, and the slow GET was asked once", async () => {
    const error = failureOf(await call("/slow", "GET", 80))
    expect(error).toMatchObject({ _tag: "NetworkError", reason: "timeout" })
    expect(userMessage(error as CallError)).toBe("网络异常，请检查网络后重试")
    expect(hits.get("GET /slow")).toBe(1)
  })
})

describe("FetchHttp on ofetch: query and interceptors", () => {
  it("drops absent query values and runs the request interceptor on every attempt", async () => {
    const seen: Array<string> = []
    const onRequest = (request: HttpRequestInfo) => {
      seen.push(`${request.method} ${request.url}`)
      request.headers.set("x-trace", "t-1")
    }
    const result = await run(makeFetchHttp({ baseUrl, onRequest }).request({ method: "GET", url: "/headers", query: { page: 1, q: "米豆 AI", none: null, skip: undefined } }))
    expect(result._tag === "Right" && result.right.body).toMatchObject({ data: { trace: "t-1", query: "?page=1&q=%E7%B1%B3%E8%B1%86+AI" } })
    expect(seen).toEqual(["GET /headers"])
  })
})

describe("FetchHttp: ofetch as a chunk of its own (ADR 0029)", () => {
  it("a call made when ofetch's chunk could not be fetched fails, and the next call fetches it again and is answered", async () => {
    let loads = 0
    const flakyChunk = async (): Promise<OfetchModule> => {
      loads += 1
      if (loads === 1) throw new TypeError("Failed to fetch dynamically imported module")
      return import("ofetch")
    }
    const ofetch = ofetchOnFirstUse(flakyChunk, globalThis.fetch)
    await expect(ofetch()).rejects.toThrow("Failed to fetch dynamically imported module")
    const client = await ofetch()
    expect(await client(`${baseUrl}/headers`)).toMatchObject({ code: 0 })
    expect(await ofetch()).toBe(client)
    expect(loads).toBe(2)
  })
})
