import { envelope, makeMemoryServerEvents, taskEvents } from "@mido/core/testing"
import { Stream } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { type Answers, loggedIn, makeWorld, settle, type World } from "../../../test/world.js"

const ID = "0b7c6a52-3f1e-4d8a-9c2b-5e4f1a2b3c4d"
const OLD = "1c8d7b63-4f2a-4e9b-8d3c-6f5a2b3c4d5e"
const params = { type: "quick", num: 2, style_group: "pro", style_name: "水彩", base_image_url: "https://oss.test/u/base.png", hd: false }
const task = (over: Record<string, unknown> = {}) => ({
  id: ID, type: "quick", status: "queued", position: 2, progress: 0, images: [], num: 2, cost: 12, refunded: 0,
  prompt: "", engine: "本地演示引擎", params, created_at: "2026-11-25 20:15:02", ...over
})
const running = task({ status: "running", position: undefined, progress: 40 })
const done = task({ status: "succeeded", position: undefined, progress: 100, images: [{ artwork_id: 31, url: "https://oss.test/1.png", width: 512, height: 512 }] })

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

/** A logged-in world with the task routes; `events` answers the task's live stream. */
const open = (events: Parameters<typeof makeMemoryServerEvents>[0], extra: Answers = {}, balance = 100) => {
  const sse = makeMemoryServerEvents(events)
  world = makeWorld({
    stored: loggedIn(),
    host: { serverEvents: sse.events },
    answers: {
      ...startupAnswers,
      "/api/v1/user/points": () => envelope(0, { balance, today_consumed: 0 }),
      "/api/v2/quick/task/points": () => envelope(0, { points: 12, balance }),
      "/api/v2/task/submit": () => envelope(0, task()),
      "/api/v2/task/list": () => envelope(0, { list: [] }),
      ...extra
    }
  })
  return { ...world, sse }
}

describe("GenerationStore: submit after the cost check, follow, cancel, retry, reload", () => {
  it("asks the points call with the submit's price figures, submits with a request_id and follows the task to its end", async () => {
    const { store, boot, calls, sse } = open(() => taskEvents(task(), running, done))
    await boot()
    const generation = await store.generationStore()
    const submitted = await generation.submit(params as never)
    expect(submitted?.id).toBe(ID)
    await vi.waitFor(() => expect(generation.tasksOf(["quick"])[0]?.status).toBe("succeeded"))
    expect(calls("/api/v2/quick/task/points")[0]?.body).toEqual({ kind: "json", value: { type: "quick", num: 2, hd: false, style_group: "pro" } })
    const body = (calls("/api/v2/task/submit")[0]?.body as { value: Record<string, unknown> }).value
    expect(body.request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(sse.requests[0]?.query).toEqual({ id: ID })
    expect(generation.tasksOf(["quick_mj"])).toEqual([])
    expect(generation.tasks).toHaveLength(1)
  })

  it("gives every state the watch brings, in order", async () => {
    const { store, boot } = open(() => Stream.concat(taskEvents(task(), running), Stream.never))
    await boot()
    const generation = await store.generationStore()
    await generation.submit(params as never)
    await vi.waitFor(() => expect(generation.tasks[0]).toMatchObject({ status: "running", progress: 40 }))
  })

  it("refuses before submitting when the balance is short: a clear toast and the purchase dialog on 米豆套餐", async () => {
    const { store, boot, calls, toasts } = open(() => undefined, {
      "/api/v1/open/config/membership_plan/list": () => envelope(0, { list: [] }),
      "/api/v1/open/config/points_package/list": () => envelope(0, { list: [] })
    }, 5)
    await boot()
    const generation = await store.generationStore()
    expect(store.purchaseWanted).toBe(false)
    expect(await generation.submit(params as never)).toBeNull()
    expect(calls("/api/v2/task/submit")).toHaveLength(0)
    expect(toasts()).toContain("error:米豆不足：本次需要 12 米豆，当前余额 5 米豆，请先充值")
    expect(store.purchaseWanted).toBe(true)
    const checkout = await store.checkoutStore()
    await vi.waitFor(() => expect(checkout.isOpen).toBe(true))
    expect(checkout.state.tab).toBe("points")
  })

  it("a form's cost button refuses the same way once the server said the balance is short (TaskCost.refuse)", async () => {
    const { store, boot, toasts } = open(() => undefined, {
      "/api/v1/open/config/membership_plan/list": () => envelope(0, { list: [] }),
      "/api/v1/open/config/points_package/list": () => envelope(0, { list: [] })
    }, 5)
    await boot()
    const cost = (await store.generationStore()).costEstimate(0)
    expect(cost.refuse()).toBe(false)
    cost.update({ type: "quick", num: 2, hd: false, style_group: "pro" })
    await vi.waitFor(() => expect(cost.points).toBe(12))
    expect(cost.refuse()).toBe(true)
    expect(toasts()).toContain("error:米豆不足：本次需要 12 米豆，当前余额 5 米豆，请先充值")
    await vi.waitFor(async () => expect((await store.checkoutStore()).state.tab).toBe("points"))
    cost.stop()
  })

  it("a click asks a short quote again first: beans bought since the page asked are not refused (TaskCost.check)", async () => {
    let balance = 5
    const { store, boot, toasts } = open(() => undefined, { "/api/v2/quick/task/points": () => envelope(0, { points: 12, balance }) })
    await boot()
    const cost = (await store.generationStore()).costEstimate(0)
    cost.update({ type: "quick", num: 2, hd: false, style_group: "pro" })
    await vi.waitFor(() => expect(cost.enough).toBe(false))
    balance = 3_000
    expect(await cost.check()).toBe(false)
    expect(cost.enough).toBe(true)
    balance = 1
    cost.update({ type: "quick", num: 1, hd: false, style_group: "pro" })
    await vi.waitFor(() => expect(cost.enough).toBe(false))
    expect(await cost.check()).toBe(true)
    expect(toasts()).toContain("error:米豆不足：本次需要 12 米豆，当前余额 1 米豆，请先充值")
    cost.stop()
  })

  it("the server's refusal of a submit is its toast, and nothing is kept", async () => {
    const { store, boot, toasts } = open(() => undefined, { "/api/v2/task/submit": () => envelope(1001, null, "米豆不足") })
    await boot()
    const generation = await store.generationStore()
    expect(await generation.submit(params as never)).toBeNull()
    expect(toasts()).toContain("error:米豆不足")
    expect(generation.tasks).toEqual([])
  })

  it("cancel stops the watch, shows the refunded task and asks for the balance again", async () => {
    const cancelled = task({ status: "cancelled", position: undefined, refunded: 12 })
    const { store, boot, calls, sse } = open(() => Stream.concat(taskEvents(task()), Stream.never), { "/api/v2/task/cancel": () => envelope(0, cancelled) })
    await boot()
    const generation = await store.generationStore()
    await generation.submit(params as never)
    await vi.waitFor(() => expect(sse.open()).toBe(1))
    const balanceCalls = calls("/api/v1/user/points").length
    await generation.cancel(ID)
    await settle()
    expect(generation.tasks[0]).toMatchObject({ status: "cancelled", refunded: 12 })
    expect(sse.open()).toBe(0)
    expect(calls("/api/v1/user/points").length).toBeGreaterThan(balanceCalls)
  })

  it("retry puts the new task first and follows it", async () => {
    const failed = task({ id: OLD, status: "failed", position: undefined, reason: "引擎无响应", refunded: 12, created_at: "2026-11-25 20:10:00" })
    const retried = task({ retry_of: OLD, created_at: "2026-11-25 20:16:00" })
    const { store, boot, calls } = open(() => taskEvents(retried, done), {
      "/api/v2/task/list": () => envelope(0, { list: [failed] }),
      "/api/v2/task/retry": () => envelope(0, retried)
    })
    await boot()
    const generation = await store.generationStore()
    await generation.loadRecent(["quick"])
    await generation.retry(OLD)
    expect(calls("/api/v2/task/retry")[0]?.body).toMatchObject({ value: { id: OLD } })
    await vi.waitFor(() => expect(generation.tasks.map((t) => `${t.id.slice(0, 4)} ${t.status}`)).toEqual(["0b7c succeeded", "1c8d failed"]))
  })

  it("after a reload the page's tasks come back from list (once per type), the unfinished ones followed again", async () => {
    const { store, boot, calls, sse } = open(() => taskEvents(running, done), {
      "/api/v2/task/list": (request: { query?: Record<string, unknown> }) =>
        envelope(0, { list: request.query?.type === "quick" ? [task(), task({ id: OLD, status: "succeeded", position: undefined, progress: 100 })] : [] })
    })
    await boot()
    const generation = await store.generationStore()
    await generation.loadRecent(["quick", "quick_mj"])
    await generation.loadRecent(["quick"])
    expect(calls("/api/v2/task/list").map((request) => request.query?.type)).toEqual(["quick", "quick_mj"])
    await vi.waitFor(() => expect(generation.tasks.map((t) => t.status)).toEqual(["succeeded", "succeeded"]))
    expect(sse.requests.map((request) => request.query?.id)).toEqual([ID])
  })

  it("a logout stops every watch and empties the tasks", async () => {
    const { store, boot, sse } = open(() => Stream.concat(taskEvents(task()), Stream.never), { "/api/v1/user/logout": () => envelope(0, null) })
    await boot()
    const generation = await store.generationStore()
    await generation.submit(params as never)
    await vi.waitFor(() => expect(sse.open()).toBe(1))
    await store.session.logout()
    await settle()
    expect([generation.tasks.length, sse.open()]).toEqual([0, 0])
  })
})

describe("TaskCost: the button's cost, debounced, the latest answer wins", () => {
  it("asks once after the options stop changing and says whether the balance is enough", async () => {
    const { store, boot, calls } = open(() => undefined, {
      "/api/v2/quick/task/points": (request) => envelope(0, { points: 6 * ((request.body as { value: { num: number } } | undefined)?.value.num ?? 1), balance: 20 })
    })
    await boot()
    const cost = (await store.generationStore()).costEstimate(20)
    cost.update({ type: "quick", num: 1 })
    cost.update({ type: "quick", num: 2 })
    expect(cost.loading).toBe(true)
    await vi.waitFor(() => expect(cost.points).toBe(12))
    expect([cost.loading, cost.enough, calls("/api/v2/quick/task/points").length]).toEqual([false, true, 1])
    cost.update({ type: "quick", num: 4 })
    await vi.waitFor(() => expect(cost.points).toBe(24))
    expect(cost.enough).toBe(false)
    cost.update({ type: "quick", num: 4 })
    expect(cost.loading).toBe(false)
    cost.stop()
  })
})
