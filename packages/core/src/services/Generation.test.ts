import { Chunk, Effect, Exit, Fiber, Layer, Stream, TestClock } from "effect"
import { describe, expect, it } from "vitest"
import { envelope, type MemoryHandler } from "../adapters/MemoryHttp.js"
import { type MemoryEventsHandler, makeMemoryServerEvents, MemoryServerEventsLayer, refusedWithEnvelope, taskEvents } from "../adapters/MemoryServerEvents.js"
import { HttpFailure } from "../ports/Http.js"
import { runTest, runTestExit } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { Generation, GenerationLayer } from "./Generation.js"

const ID = "0b7c6a52-3f1e-4d8a-9c2b-5e4f1a2b3c4d"
const TOKEN = "tok_0123456789abcdef"
const params = { type: "sd", prompt: "a cat", checkpoint: "m", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 512, height: 512, seed: 1, num: 1 }
const base = { id: ID, type: "sd", status: "queued", progress: 0, images: [], num: 1, cost: 4, refunded: 0, prompt: "a cat", engine: "本地演示引擎", params, created_at: "2026-11-25 20:15:02" }
const queued = (position: number) => ({ ...base, position })
const running = (progress: number) => ({ ...base, status: "running", progress })
const succeeded = { ...base, status: "succeeded", progress: 100, images: [{ artwork_id: 3101, url: "https://oss.test/1.png", width: 512, height: 512 }] }

/** The core in memory with Generation on top; `answers` are the successive /task/info answers (the last repeats). */
const setup = (events: MemoryEventsHandler, answers: ReadonlyArray<ReturnType<typeof envelope> | HttpFailure> = [], other: MemoryHandler = () => undefined) => {
  let polls = 0
  const core = makeTestCore((request) => {
    if (request.url !== "/api/v2/task/info") return other(request)
    const answer = answers[Math.min(polls++, answers.length - 1)]
    return answer instanceof HttpFailure ? Effect.fail(answer) : answer
  }, storedLogin(TOKEN))
  const sse = makeMemoryServerEvents(events)
  const layer = Layer.provideMerge(GenerationLayer({ pollIntervalMs: 1500 }), Layer.merge(core.layer, MemoryServerEventsLayer(sse)))
  const infoCalls = () => core.memory.requests.filter((request) => request.url === "/api/v2/task/info").length
  return { core, sse, layer, infoCalls }
}

const statesOf = (chunk: Chunk.Chunk<{ status: string; progress: number; position?: number | undefined }>) =>
  Chunk.toArray(chunk).map((task) => `${task.status}${task.status === "queued" ? ` #${task.position}` : ` ${task.progress}`}`)

/** Watches on the TestClock: forks the watch, moves time by `ms`, then joins it. */
const watchFor = (ms: number) => Effect.gen(function* () {
  const generation = yield* Generation
  const fiber = yield* Effect.fork(Stream.runCollect(generation.watch(ID)))
  yield* TestClock.adjust(ms)
  return yield* Fiber.join(fiber)
})

describe("Generation.watch over the task's events", () => {
  it("gives each new state once, sends the token, ends with the finished state and closes the stream", async () => {
    const world = setup(() => taskEvents(queued(2), queued(2), queued(1), running(45), running(45), succeeded, running(99)))
    const states = await runTest(watchFor(0).pipe(Effect.provide(world.layer)))
    expect(statesOf(states)).toEqual(["queued #2", "queued #1", "running 45", "succeeded 100"])
    expect(world.sse.requests).toEqual([{ url: "/api/v2/task/events", query: { id: ID }, headers: { source: "PC", Authorization: `Bearer ${TOKEN}` } }])
    expect([world.infoCalls(), world.sse.open()]).toEqual([0, 0])
  })

  it("ignores events of other names (the stream may grow)", async () => {
    const world = setup(() => Stream.concat(Stream.make({ event: "notice", data: "hello" }), taskEvents(succeeded)))
    expect(statesOf(await runTest(watchFor(0).pipe(Effect.provide(world.layer))))).toEqual(["succeeded 100"])
  })

  it("an event that does not decode fails the watch with a DecodeError naming the field", async () => {
    const world = setup(() => taskEvents(queued(1), { ...running(45), progress: 140 }))
    const exit = await runTestExit(watchFor(0).pipe(Effect.provide(world.layer)))
    expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "DecodeError", route: "generation.events", field: "progress" } })
  })

  it("-401 instead of the stream logs out (R9) and fails with Unauthorized, without polling", async () => {
    const world = setup(() => refusedWithEnvelope(-401, "请先登录"), [envelope(0, succeeded)])
    const exit = await runTestExit(watchFor(10_000).pipe(Effect.provide(world.layer)))
    expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "Unauthorized", msg: "请先登录" } })
    expect([world.infoCalls(), world.core.kv.entries.has("mido.auth")]).toEqual([0, false])
  })
})

describe("Generation.watch falls back to polling /task/info every pollIntervalMs", () => {
  it("when the server has no event stream (refused): asks at once, then every 1500 ms until finished", async () => {
    const world = setup(() => undefined, [envelope(0, queued(1)), envelope(0, running(10)), envelope(0, running(10)), envelope(0, succeeded)])
    const states = await runTest(watchFor(1500 * 3).pipe(Effect.provide(world.layer)))
    expect(statesOf(states)).toEqual(["queued #1", "running 10", "succeeded 100"])
    expect(world.infoCalls()).toBe(4)
  })

  it("when the stream drops after some events: polling goes on from there", async () => {
    const dropped = Stream.concat(taskEvents(queued(1), running(10)), Stream.fail(new HttpFailure({ reason: "socket hang up", timeout: false })))
    const world = setup(() => dropped, [envelope(0, running(10)), envelope(0, running(60)), envelope(0, succeeded)])
    expect(statesOf(await runTest(watchFor(1500 * 2).pipe(Effect.provide(world.layer))))).toEqual(["queued #1", "running 10", "running 60", "succeeded 100"])
  })

  it("when the stream ends before a finished state", async () => {
    const world = setup(() => taskEvents(running(30)), [envelope(0, succeeded)])
    expect(statesOf(await runTest(watchFor(0).pipe(Effect.provide(world.layer))))).toEqual(["running 30", "succeeded 100"])
    expect(world.infoCalls()).toBe(1)
  })

  it("rides out network errors of a poll, and fails on -401 (logged out)", async () => {
    const offline = new HttpFailure({ reason: "offline", timeout: false })
    const world = setup(() => undefined, [envelope(0, running(10)), offline, offline, envelope(0, succeeded)])
    expect(statesOf(await runTest(watchFor(1500 * 3).pipe(Effect.provide(world.layer))))).toEqual(["running 10", "succeeded 100"])
    const loggedOut = setup(() => undefined, [envelope(0, running(10)), envelope(-401, null, "请先登录")])
    const exit = await runTestExit(watchFor(1500 * 5).pipe(Effect.provide(loggedOut.layer)))
    expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "Unauthorized" } })
    expect(loggedOut.infoCalls()).toBe(2)
  })

  it("interrupting the watch stops the polling: no request after it", async () => {
    const world = setup(() => undefined, [envelope(0, running(10))])
    const calls = await runTest(Effect.gen(function* () {
      const generation = yield* Generation
      const fiber = yield* Effect.fork(Stream.runDrain(generation.watch(ID)))
      yield* TestClock.adjust(1500 * 2)
      const before = world.infoCalls()
      yield* Fiber.interrupt(fiber)
      yield* TestClock.adjust(1500 * 10)
      return [before, world.infoCalls()]
    }).pipe(Effect.provide(world.layer)))
    expect(calls).toEqual([3, 3])
  })

  it("interrupting the watch closes the event stream", async () => {
    const world = setup(() => Stream.concat(taskEvents(running(5)), Stream.never))
    const open = await runTest(Effect.gen(function* () {
      const generation = yield* Generation
      const fiber = yield* Effect.fork(Stream.runDrain(generation.watch(ID)))
      yield* TestClock.adjust(10)
      const during = world.sse.open()
      yield* Fiber.interrupt(fiber)
      return [during, world.sse.open()]
    }).pipe(Effect.provide(world.layer)))
    expect(open).toEqual([1, 0])
  })
})

describe("Generation's calls", () => {
  const calls = () => setup(() => undefined, [envelope(0, running(45))], (request) => {
    if (request.url === "/api/v2/task/submit" || request.url === "/api/v2/task/retry" || request.url === "/api/v2/task/cancel") return envelope(0, queued(3))
    if (request.url === "/api/v2/task/list") return envelope(0, { list: [succeeded], next_cursor: "c2" })
    if (request.url === "/api/v2/quick/task/points") return envelope(0, { points: 4, balance: 100 })
    if (request.url === "/api/v2/task/catalog") return envelope(0, { engine: "本地演示引擎", offline: true, checkpoints: ["m"], loras: [], samplers: ["Euler a"], schedulers: [], upscalers: [] })
    return undefined
  })
  const bodyOf = (world: ReturnType<typeof calls>, url: string) =>
    world.core.memory.requests.filter((request) => request.url === url).map((request) => request.body?.kind === "json" ? request.body.value : undefined)

  it("submit checks the input by the route's schema first: a Chinese message, nothing sent", async () => {
    const world = calls()
    const exit = await runTestExit(Effect.flatMap(Generation, (generation) => generation.submit({ ...params, type: "sd", steps: 0 })).pipe(Effect.provide(world.layer)))
    expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "InvalidInput", field: "steps", message: "迭代步数需在 1 到 150 之间" } })
    expect(world.core.memory.requests).toEqual([])
  })

  it("submit adds a request_id once per call, so running the same submit again repeats the key", async () => {
    const world = calls()
    const views = await runTest(Effect.gen(function* () {
      const generation = yield* Generation
      const submit = generation.submit({ ...params, type: "sd" })
      return [yield* submit, yield* submit, yield* generation.submit({ ...params, type: "sd", request_id: "mine_12345" })]
    }).pipe(Effect.provide(world.layer)))
    expect(views.map((view) => view.position)).toEqual([3, 3, 3])
    const keys = bodyOf(world, "/api/v2/task/submit").map((body) => (body as { request_id: string }).request_id)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys).toEqual([keys[0], keys[0], "mine_12345"])
  })

  it("task, cancel and retry refuse an id that is not a task's (任务编号无效) without asking", async () => {
    const world = calls()
    for (const member of ["task", "cancel", "retry"] as const) {
      const exit = await runTestExit(Effect.flatMap(Generation, (generation) => generation[member]("42")).pipe(Effect.provide(world.layer)))
      expect(Exit.isFailure(exit) && exit.cause).toMatchObject({ error: { _tag: "InvalidInput", message: "任务编号无效" } })
    }
    expect(world.core.memory.requests).toEqual([])
  })

  it("task, list, cost, cancel, retry and catalog call their routes and decode the answers", async () => {
    const world = calls()
    const answers = await runTest(Effect.gen(function* () {
      const generation = yield* Generation
      return {
        task: (yield* generation.task(ID)).progress,
        page: (yield* generation.list({ cursor: "c1", q: "cat" })).next_cursor,
        cost: (yield* generation.cost({ type: "sd", num: 2, hires: true })).points,
        cancel: (yield* generation.cancel(ID)).status,
        retry: (yield* generation.retry(ID)).position,
        catalog: (yield* generation.catalog("sd")).offline
      }
    }).pipe(Effect.provide(world.layer)))
    expect(answers).toEqual({ task: 45, page: "c2", cost: 4, cancel: "queued", retry: 3, catalog: true })
    expect(world.core.memory.requests.map((request) => [request.method, request.url, request.query ?? request.body])).toMatchObject([
      ["GET", "/api/v2/task/info", { id: ID }],
      ["GET", "/api/v2/task/list", { cursor: "c1", q: "cat", size: "20" }],
      ["POST", "/api/v2/quick/task/points", { kind: "json", value: { type: "sd", num: 2, hires: true } }],
      ["POST", "/api/v2/task/cancel", { kind: "json", value: { id: ID } }],
      ["POST", "/api/v2/task/retry", { kind: "json", value: { id: ID } }],
      ["GET", "/api/v2/task/catalog", { type: "sd" }]
    ])
    expect(bodyOf(world, "/api/v2/task/retry")[0]).toMatchObject({ request_id: expect.stringMatching(/^[0-9a-f]{32}$/) })
  })
})
