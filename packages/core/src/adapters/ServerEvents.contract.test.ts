import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { Chunk, Effect, Exit, Fiber, Stream } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HttpFailure } from "../ports/Http.js"
import { EventStreamRefused, type ServerEvent, type ServerEventsShape } from "../ports/ServerEvents.js"
import { makeFetchServerEvents } from "./FetchServerEvents.js"
import { makeMemoryServerEvents } from "./MemoryServerEvents.js"

/** What the fake server does for a path: events then an end (close, hang, drop), or a refusal. */
type Scenario =
  | { readonly events: ReadonlyArray<ServerEvent>; readonly then: "close" | "hang" | "drop" }
  | { readonly refuse: { readonly status: number; readonly contentType: string; readonly body: string } }

const scenarioOf = (path: string, query: URLSearchParams, authorization: string | undefined): Scenario => {
  const echo = { event: "task", data: JSON.stringify({ id: query.get("id"), authorization }) }
  switch (path) {
    case "/events":
      return { events: [echo, { event: "task", data: "line one\nline two" }, { event: "done", data: "{}" }], then: "close" }
    case "/hang":
      return { events: [echo], then: "hang" }
    case "/drop":
      return { events: [echo], then: "drop" }
    case "/refused":
      return { refuse: { status: 200, contentType: "application/json", body: JSON.stringify({ code: -401, msg: "请先登录", data: null }) } }
    default:
      return { refuse: { status: 404, contentType: "text/plain", body: "Not Found" } }
  }
}

/** How many requests the live server holds open now (a hung stream until the client aborts it). */
let liveOpen = 0
let server: Server
let live: ServerEventsShape

const handle = (req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? "/", "http://x")
  const scenario = scenarioOf(url.pathname, url.searchParams, req.headers.authorization)
  if ("refuse" in scenario) {
    res.writeHead(scenario.refuse.status, { "content-type": scenario.refuse.contentType })
    return res.end(scenario.refuse.body)
  }
  liveOpen++
  res.on("close", () => liveOpen--)
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" })
  res.write(": ping\r\n\r\n")
  for (const event of scenario.events) res.write(`event: ${event.event}\r\n${event.data.split("\n").map((line) => `data: ${line}\r\n`).join("")}\r\n`)
  if (scenario.then === "close") res.end()
  if (scenario.then === "drop") setTimeout(() => res.socket?.destroy(), 20)
}

beforeAll(async () => {
  server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  live = makeFetchServerEvents({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

const memory = makeMemoryServerEvents((request) => {
  const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([key, value]) => [key, String(value)]))
  const scenario = scenarioOf(request.url, query, request.headers?.Authorization)
  if ("refuse" in scenario) {
    const { status, contentType, body } = scenario.refuse
    return status === 404 ? undefined : Stream.fail(new EventStreamRefused({ status, contentType, body: JSON.parse(body) }))
  }
  const events = Stream.fromIterable(scenario.events)
  if (scenario.then === "close") return events
  if (scenario.then === "hang") return Stream.concat(events, Stream.never)
  return Stream.concat(events, Stream.fail(new HttpFailure({ reason: "other side closed", timeout: false })))
})

const adapters = [
  ["fetch", () => ({ events: live, openNow: () => liveOpen })],
  ["memory", () => ({ events: memory.events, openNow: memory.open })]
] as const

const collect = (events: ServerEventsShape, url: string) =>
  Effect.runPromise(Stream.runCollect(events.open({ url, query: { id: "t1", empty: undefined }, headers: { Authorization: "Bearer tok" } })).pipe(Effect.map(Chunk.toArray), Effect.exit))

// a deadline, not a count of 10-ms sleeps: on a loaded CI machine each sleep can take far longer
const eventually = async (check: () => boolean, withinMs = 10_000) => {
  const deadline = Date.now() + withinMs
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  return check()
}

describe.each(adapters)("ServerEvents port contract: %s", (_name, make) => {
  it("gives the events in order with their names, multi-line data and the request's query and headers, then ends", async () => {
    const exit = await collect(make().events, "/events")
    expect(exit).toEqual(Exit.succeed([
      { event: "task", data: JSON.stringify({ id: "t1", authorization: "Bearer tok" }) },
      { event: "task", data: "line one\nline two" },
      { event: "done", data: "{}" }
    ]))
  })

  it("an answer that is not an event stream is EventStreamRefused with the status and the parsed body", async () => {
    const exit = await collect(make().events, "/refused")
    expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "EventStreamRefused", body: { code: -401, msg: "请先登录" } } })
    const missing = await collect(make().events, "/nowhere")
    expect(Exit.isFailure(missing) && missing.cause).toMatchObject({ error: { _tag: "EventStreamRefused", status: 404, body: "Not Found" } })
  })

  it("a dropped connection fails the stream with HttpFailure after the events before it", async () => {
    const { events } = make()
    const seen: Array<string> = []
    const exit = await Effect.runPromise(Stream.runForEach(events.open({ url: "/drop" }), (event) => Effect.sync(() => seen.push(event.event))).pipe(Effect.exit))
    expect(seen).toEqual(["task"])
    expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "HttpFailure" } })
  })

  it("interrupting the stream closes the request", async () => {
    const { events, openNow } = make()
    let resolveFirst = () => {}
    const first = new Promise<void>((resolve) => (resolveFirst = resolve))
    const fiber = Effect.runFork(Stream.runForEach(events.open({ url: "/hang" }), () => Effect.sync(resolveFirst)))
    await first
    expect(openNow()).toBe(1)
    await Effect.runPromise(Fiber.interrupt(fiber))
    expect(await eventually(() => openNow() === 0)).toBe(true)
  })
})

describe("FetchServerEvents", () => {
  it("a connection that sends nothing for idleTimeoutMs fails with a timeout HttpFailure", async () => {
    const { port } = server.address() as AddressInfo
    const quiet = makeFetchServerEvents({ baseUrl: `http://127.0.0.1:${port}/`, idleTimeoutMs: 100 })
    const exit = await collect(quiet, "/hang")
    expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "HttpFailure", timeout: true } })
    expect(await eventually(() => liveOpen === 0)).toBe(true)
  })

  it("a server that is not there is an HttpFailure", async () => {
    const nowhere = makeFetchServerEvents({ baseUrl: "http://127.0.0.1:9" })
    const exit = await collect(nowhere, "/events")
    expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "HttpFailure", timeout: false } })
  })
})
