import { Effect, Layer, Logger } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { messageDrawerFooter, messageDrawerFooterText } from "../domain/message/messageDrawer.js"
import { MESSAGE_LIST_END_TEXT } from "../domain/message/messagePaging.js"
import { HttpFailure, type HttpRequest, type HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { Inbox, InboxLive } from "./Inbox.js"
import { StorageKeys } from "./storageKeys.js"

const LIST = "/api/v1/user/message/list"
const READ = "/api/v1/user/message/read"
const UNREAD = "/api/v1/user/message/unread_count"

const counts = { total: 12, system: 3, mention: 2, like: 5, follow: 2 }
const afterRead = { total: 4, system: 1, mention: 1, like: 1, follow: 1 }

const message = (id: number, is_read: 0 | 1, type = "system") => ({
  id,
  type,
  is_read,
  created_at: 1795338600 - id,
  content: JSON.stringify({ title: `消息 ${id}`, content: "你的作品已通过审核", target_id: id })
})

/** `count` messages of a tab from id `from` down; every third one is already read. */
const messages = (from: number, count: number, type = "system") =>
  Array.from({ length: count }, (_, i) => message(from - i, (from - i) % 3 === 0 ? 1 : 0, type))

type Pages = Record<string, { list: ReadonlyArray<unknown>; total: number }>
type Answer = (request: HttpRequest) => HttpResponse | Effect.Effect<HttpResponse, HttpFailure>

const server = (pages: Pages, read: Answer = () => envelope(0, { updated: 1, unread: afterRead })) => (request: HttpRequest) => {
  if (request.url === LIST) {
    const page = pages[`${String(request.query?.type)}:${String(request.query?.page)}`]
    return envelope(0, page ?? { list: [], total: 0 })
  }
  if (request.url === READ) return read(request)
  if (request.url === UNREAD) return envelope(0, counts)
  return undefined
}

const setup = (handler: (request: HttpRequest) => HttpResponse | Effect.Effect<HttpResponse, HttpFailure> | undefined) => {
  const core = makeTestCore(handler, storedLogin())
  return { ...core, layer: Layer.provideMerge(InboxLive, core.layer) }
}

const readBodies = (requests: ReadonlyArray<HttpRequest>) =>
  requests.filter((request) => request.url === READ).map((request) => (request.body?.kind === "json" ? request.body.value : undefined))

const systemPages: Pages = {
  "system:1": { list: messages(100, 20), total: 45 },
  "system:2": { list: messages(80, 20), total: 45 },
  "system:3": { list: messages(60, 5), total: 45 }
}
const unreadOf = (list: ReadonlyArray<{ id: number; is_read: number }>) => list.filter((m) => m.is_read === 0).map((m) => m.id)

describe("Inbox: unread counts (spec §3, §7)", () => {
  it("reads the total and the four tabs and remembers them for the badge", async () => {
    const { memory, layer } = setup(server({}))
    const result = await runTest(Effect.flatMap(Inbox, (inbox) => Effect.zip(inbox.unreadCounts, inbox.unread)).pipe(Effect.provide(layer)))
    expect(result).toEqual([counts, counts])
    expect(memory.requests[0]).toMatchObject({ method: "GET", url: UNREAD })
    expect(memory.requests[0]?.headers?.Authorization).toMatch(/^Bearer /)
  })

  it("knows no unread messages before the first answer", async () => {
    const { layer } = setup(server({}))
    expect(await runTest(Effect.flatMap(Inbox, (inbox) => inbox.unread).pipe(Effect.provide(layer)))).toEqual({
      total: 0, system: 0, like: 0, follow: 0, mention: 0
    })
  })
})

describe("Inbox: pages of 20 (spec §4, §7, §9)", () => {
  it("asks for page, size 20 and type, and reads each message's content", async () => {
    const { memory, layer } = setup(server(systemPages))
    const page = await runTest(Effect.flatMap(Inbox, (inbox) => inbox.page("system", 1)).pipe(Effect.provide(layer)))
    expect(memory.requests[0]?.query).toEqual({ page: "1", size: "20", type: "system" })
    expect(page).toMatchObject({ type: "system", page: 1, total: 45, markedRead: [] })
    expect(page.list).toHaveLength(20)
    expect(page.list[0]?.parsed).toMatchObject({ title: "消息 100", content: "你的作品已通过审核", target_id: "100", parsed: true })
    expect(readBodies(memory.requests)).toEqual([])
  })

  it("content that is not JSON is kept as text with parsed false (R14)", async () => {
    const { layer } = setup(server({ "system:1": { list: [{ ...message(1, 0), content: "<b>不是 JSON</b>" }], total: 1 } }))
    const page = await runTest(Effect.flatMap(Inbox, (inbox) => inbox.page("system", 1)).pipe(Effect.provide(layer)))
    expect(page.list[0]).toMatchObject({ content: "<b>不是 JSON</b>", parsed: { title: "", parsed: false } })
  })

  it("an empty total is an empty page with nothing more", async () => {
    const { layer } = setup(server({}))
    const result = await runTest(
      Effect.flatMap(Inbox, (inbox) => Effect.map(inbox.page("mention", 1), (page) => ({ page, more: inbox.hasMore(page.list.length, page.total) }))).pipe(
        Effect.provide(layer)
      )
    )
    expect(result).toEqual({ page: { type: "mention", page: 1, list: [], total: 0, markedRead: [] }, more: false })
  })

  it.each([
    ["20 of 45 loaded", 20, 45, true],
    ["45 of 45 loaded", 45, 45, false],
    ["none of 0", 0, 0, false]
  ] as const)("hasMore: %s", async (_name, loaded, total, expected) => {
    const { layer } = setup(server({}))
    expect(await runTest(Effect.map(Inbox, (inbox) => inbox.hasMore(loaded, total)).pipe(Effect.provide(layer)))).toBe(expected)
  })
})

describe("Inbox: a later page marks the loaded messages read (spec §4)", () => {
  it("page 2 marks page 1's unread messages, and the counts follow the answer", async () => {
    const { memory, layer } = setup(server(systemPages))
    const result = await runTest(
      Effect.gen(function* () {
        const inbox = yield* Inbox
        yield* inbox.page("system", 1)
        const second = yield* inbox.page("system", 2)
        return { second, unread: yield* inbox.unread }
      }).pipe(Effect.provide(layer))
    )
    const expected = unreadOf(messages(100, 20))
    expect(readBodies(memory.requests)).toEqual([{ ids: expected }])
    expect(result.second.markedRead).toEqual(expected)
    expect(result.unread).toEqual(afterRead)
  })

  it("page 3 marks only page 2's: page 1's are read already", async () => {
    const { memory, layer } = setup(server(systemPages))
    await runTest(
      Effect.flatMap(Inbox, (inbox) => Effect.forEach([1, 2, 3], (n) => inbox.page("system", n))).pipe(Effect.provide(layer))
    )
    expect(readBodies(memory.requests)).toEqual([{ ids: unreadOf(messages(100, 20)) }, { ids: unreadOf(messages(80, 20)) }])
  })

  it("nothing unread loaded: no read call", async () => {
    const allRead = { "like:1": { list: [message(5, 1, "like")], total: 2 }, "like:2": { list: [message(4, 0, "like")], total: 2 } }
    const { memory, layer } = setup(server(allRead))
    const second = await runTest(
      Effect.flatMap(Inbox, (inbox) => Effect.zipRight(inbox.page("like", 1), inbox.page("like", 2))).pipe(Effect.provide(layer))
    )
    expect(second.markedRead).toEqual([])
    expect(readBodies(memory.requests)).toEqual([])
  })

  it("tabs are apart: page 2 of like never marks system messages", async () => {
    const pages: Pages = { ...systemPages, "like:2": { list: [message(7, 0, "like")], total: 21 } }
    const { memory, layer } = setup(server(pages))
    await runTest(Effect.flatMap(Inbox, (inbox) => Effect.zipRight(inbox.page("system", 1), inbox.page("like", 2))).pipe(Effect.provide(layer)))
    expect(readBodies(memory.requests)).toEqual([])
  })

  it("more than 100 to mark go in batches of 100", async () => {
    const pages: Pages = { "follow:1": { list: Array.from({ length: 130 }, (_, i) => message(1000 - i, 0, "follow")), total: 131 } }
    const { memory, layer } = setup(server(pages))
    const second = await runTest(
      Effect.flatMap(Inbox, (inbox) => Effect.zipRight(inbox.page("follow", 1), inbox.page("follow", 2))).pipe(Effect.provide(layer))
    )
    expect(readBodies(memory.requests).map((body) => (body as { ids: Array<number> }).ids.length)).toEqual([100, 30])
    expect(second.markedRead).toHaveLength(130)
  })

  it.each([
    ["code ≠ 0", () => envelope(1001, null, "操作过于频繁")],
    ["a network failure", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false }))]
  ] as const)("marking read fails (%s): the page still shows, and the next page tries again", async (_name, failing) => {
    let calls = 0
    const logs: Array<string> = []
    const capture = Logger.replace(Logger.defaultLogger, Logger.make(({ logLevel, message }) => void logs.push(`${logLevel.label} ${String(message)}`)))
    const { memory, layer } = setup(server(systemPages, () => (calls++ === 0 ? failing() : envelope(0, { updated: 1, unread: afterRead }))))
    const result = await runTest(
      Effect.gen(function* () {
        const inbox = yield* Inbox
        yield* inbox.page("system", 1)
        const second = yield* inbox.page("system", 2)
        const third = yield* inbox.page("system", 3)
        return { second, third, unread: yield* inbox.unread }
      }).pipe(Effect.provide(layer), Effect.provide(capture))
    )
    expect(logs).toEqual([expect.stringMatching(/^WARN could not mark 13 messages read/)])
    expect(result.second.list).toHaveLength(20)
    expect(result.second.markedRead).toEqual([])
    expect(readBodies(memory.requests)[1]).toEqual({ ids: [...unreadOf(messages(100, 20)), ...unreadOf(messages(80, 20))] })
    expect(result.unread).toEqual(afterRead)
  })
})

describe("Inbox: the drawer (spec §2, §4)", () => {
  it("opens on system with page 1, changes tab to page 1 of like, closes back to system with nothing", async () => {
    const pages: Pages = { ...systemPages, "like:1": { list: messages(30, 3, "like"), total: 3 } }
    const { memory, layer } = setup(server(pages))
    const result = await runTest(
      Effect.gen(function* () {
        const inbox = yield* Inbox
        const opened = yield* inbox.openDrawer
        const liked = yield* inbox.selectTab(opened, "like")
        const again = yield* inbox.selectTab(liked, "like")
        const closed = yield* inbox.closeDrawer
        return { opened, liked, again, closed }
      }).pipe(Effect.provide(layer))
    )
    expect(result.opened).toMatchObject({ open: true, tab: "system", page: 1, total: 45 })
    expect(result.opened.list).toHaveLength(20)
    expect(result.liked).toMatchObject({ open: true, tab: "like", page: 1, total: 3 })
    expect(result.again).toBe(result.liked)
    expect(result.closed).toEqual({ open: false, tab: "system", page: 0, list: [], total: 0 })
    expect(memory.requests.filter((request) => request.url === LIST).map((request) => request.query)).toEqual([
      { page: "1", size: "20", type: "system" },
      { page: "1", size: "20", type: "like" }
    ])
    // MD6: leaving 系统 marks its loaded unread; closing marks 点赞's
    expect(readBodies(memory.requests)).toEqual([{ ids: unreadOf(messages(100, 20)) }, { ids: unreadOf(messages(30, 3)) }])
  })

  it("scrolls to the end: page 2 marks page 1 read in the drawer, page 3 ends with 没有更多了, then no more calls", async () => {
    const { memory, layer } = setup(server(systemPages))
    const result = await runTest(
      Effect.gen(function* () {
        const inbox = yield* Inbox
        const first = yield* inbox.openDrawer
        const second = yield* inbox.loadMore(first)
        const third = yield* inbox.loadMore(second)
        const after = yield* inbox.loadMore(third)
        return { first, second, third, after }
      }).pipe(Effect.provide(layer))
    )
    expect(result.second.list.slice(0, 20).every((m) => m.is_read === 1)).toBe(true)
    expect(result.second.list.slice(20).some((m) => m.is_read === 0)).toBe(true)
    expect(messageDrawerFooter(result.second)).toBe("more")
    expect(result.third.list).toHaveLength(45)
    expect(messageDrawerFooterText(result.third)).toBe(MESSAGE_LIST_END_TEXT)
    expect(MESSAGE_LIST_END_TEXT).toBe("没有更多了")
    expect(result.after).toBe(result.third)
    expect(memory.requests.filter((request) => request.url === LIST)).toHaveLength(3)
  })

  it("an empty tab shows the empty state, not 没有更多了", async () => {
    const { layer } = setup(server({}))
    const opened = await runTest(Effect.flatMap(Inbox, (inbox) => inbox.openDrawer).pipe(Effect.provide(layer)))
    expect(messageDrawerFooter(opened)).toBe("empty")
    expect(messageDrawerFooterText(opened)).toBe("")
  })

  it("after closing, nothing counts as loaded: page 2 marks nothing (closing itself marked page 1, MD6)", async () => {
    const { memory, layer } = setup(server(systemPages))
    await runTest(
      Effect.gen(function* () {
        const inbox = yield* Inbox
        yield* inbox.openDrawer
        yield* inbox.closeDrawer
        yield* inbox.page("system", 2)
      }).pipe(Effect.provide(layer))
    )
    expect(readBodies(memory.requests)).toEqual([{ ids: unreadOf(messages(100, 20)) }])
  })

  it("MD6: a single page that is the whole tab is marked read when the drawer closes, and the badge follows", async () => {
    const welcome = { "system:1": { list: [message(7, 0)], total: 1 } }
    const { memory, layer } = setup(server(welcome, () => envelope(0, { updated: 1, unread: { total: 0, system: 0, mention: 0, like: 0, follow: 0 } })))
    const result = await runTest(
      Effect.gen(function* () {
        const inbox = yield* Inbox
        yield* inbox.unreadCounts
        const before = yield* inbox.unread
        const seen: Array<number> = []
        inbox.subscribe((fresh) => seen.push(fresh.total))
        yield* inbox.page("system", 1)
        const whileOpen = yield* inbox.unread
        yield* inbox.closeDrawer
        return { before, whileOpen, after: yield* inbox.unread, seen }
      }).pipe(Effect.provide(layer))
    )
    expect(result.before.total).toBe(12)
    expect(result.whileOpen.total).toBe(12)
    expect(readBodies(memory.requests)).toEqual([{ ids: [7] }])
    expect(result.after.total).toBe(0)
    expect(result.seen).toEqual([0])
  })

  it("MD6: leaving a tab marks only that tab's loaded unread, once; a tab left with nothing unread sends nothing", async () => {
    const pages: Pages = { ...systemPages, "like:1": { list: [message(9, 1, "like")], total: 1 } }
    const { memory, layer } = setup(server(pages))
    const marked = await runTest(
      Effect.gen(function* () {
        const inbox = yield* Inbox
        yield* inbox.page("system", 1)
        yield* inbox.page("like", 1)
        const system = yield* inbox.leaveTab("system")
        const again = yield* inbox.leaveTab("system")
        const like = yield* inbox.leaveTab("like")
        return { system, again, like }
      }).pipe(Effect.provide(layer))
    )
    expect(marked).toEqual({ system: unreadOf(messages(100, 20)), again: [], like: [] })
    expect(readBodies(memory.requests)).toEqual([{ ids: unreadOf(messages(100, 20)) }])
  })
})

describe("Inbox: failures (spec §8)", () => {
  const failing = (answer: Answer) => (request: HttpRequest) => (request.url === LIST || request.url === UNREAD ? answer(request) : undefined)

  it.each([
    ["code ≠ 0 carries the server's msg", () => envelope(1001, null, "消息服务繁忙"), { _tag: "ApiError", msg: "消息服务繁忙" }],
    ["-401 is Unauthorized", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }],
    ["a transport failure is a NetworkError", () => Effect.fail(new HttpFailure({ reason: "timeout", timeout: true })), { _tag: "NetworkError", reason: "timeout" }],
    ["a malformed page is a DecodeError", () => envelope(0, { list: [{ id: "x" }], total: 1 }), { _tag: "DecodeError", field: "list.0.id" }]
  ] as const)("page: %s", async (_name, answer, expected) => {
    const { layer } = setup(failing(answer))
    const error = await runTest(Effect.flatMap(Inbox, (inbox) => Effect.flip(inbox.page("system", 1))).pipe(Effect.provide(layer)))
    expect(error).toMatchObject(expected)
  })

  it("-401 on the counts logs out: the token is cleared", async () => {
    const { kv, layer } = setup(failing(() => envelope(-401, null, "请先登录")))
    const error = await runTest(Effect.flatMap(Inbox, (inbox) => Effect.flip(inbox.unreadCounts)).pipe(Effect.provide(layer)))
    expect(error._tag).toBe("Unauthorized")
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })

  it("malformed counts are a DecodeError and the remembered counts stay", async () => {
    const { layer } = setup(failing(() => envelope(0, { ...counts, like: -1 })))
    const result = await runTest(
      Effect.flatMap(Inbox, (inbox) => Effect.zip(Effect.flip(inbox.unreadCounts), inbox.unread)).pipe(Effect.provide(layer))
    )
    expect(result[0]).toMatchObject({ _tag: "DecodeError", field: "like" })
    expect(result[1].total).toBe(0)
  })

  it("a failed first page leaves the drawer to the caller: the error, nothing loaded", async () => {
    const { layer } = setup(failing(() => envelope(500, null, "服务器错误")))
    const error = await runTest(Effect.flatMap(Inbox, (inbox) => Effect.flip(inbox.openDrawer)).pipe(Effect.provide(layer)))
    expect(error).toMatchObject({ _tag: "ApiError", msg: "服务器错误" })
  })
})
