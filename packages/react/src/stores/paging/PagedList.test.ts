import { describe, expect, it } from "vitest"
import { numberedPage, type Page, type PageRequest } from "./Page.js"
import { PagedList } from "./PagedList.js"

interface Item {
  readonly id: number
  readonly read?: boolean
}

type Params = { readonly type: string }

/** A fake server whose answers the test gives, one request at a time and in any order. */
const fakeServer = () => {
  const pending: Array<{
    readonly request: PageRequest<string, Params>
    readonly resolve: (page: Page<Item, string> | undefined) => void
    readonly reject: (error: unknown) => void
  }> = []
  const fetchPage = (request: PageRequest<string, Params>) =>
    new Promise<Page<Item, string> | undefined>((resolve, reject) => void pending.push({ request, resolve, reject }))
  const at = (index: number) => {
    const call = pending[index]
    if (call === undefined) throw new Error(`no request #${index}`)
    return call
  }
  return { fetchPage, pending, at }
}

const items = (...ids: Array<number>): Array<Item> => ids.map((id) => ({ id }))
const page = (ids: Array<number>, next: string | null, total?: number): Page<Item, string> => ({ items: items(...ids), next, total })
const ids = (list: PagedList<Item, string, Params>) => list.items.map((item) => item.id)

const setup = () => {
  const server = fakeServer()
  const list = new PagedList<Item, string, Params>({ fetchPage: server.fetchPage, params: { type: "" }, keyOf: (item) => item.id })
  return { server, list }
}

describe("PagedList: states (keyset cursors and totals)", () => {
  it.each([
    ["a first page with a next cursor: ready, more to load", page([1, 2], "c2"), { status: "ready", items: [1, 2], hasMore: true, isEmpty: false, isEnd: false }],
    ["a first page that is the last: the end", page([1, 2], null), { status: "ready", items: [1, 2], hasMore: false, isEmpty: false, isEnd: true }],
    ["an empty first page: the empty state", page([], null), { status: "ready", items: [], hasMore: false, isEmpty: true, isEnd: false }],
    ["a total reached ends the list even with a cursor", page([1, 2], "c2", 2), { status: "ready", items: [1, 2], hasMore: false, isEmpty: false, isEnd: true }],
    ["fewer shown than the total: more", page([1, 2], "c2", 5), { status: "ready", items: [1, 2], hasMore: true, isEmpty: false, isEnd: false }]
  ] as const)("%s", async (_name, answer, expected) => {
    const { server, list } = setup()
    expect(list.status).toBe("idle")
    const loading = list.start()
    expect(list.status).toBe("loading")
    server.at(0).resolve(answer)
    await loading
    expect({ status: list.status, items: ids(list), hasMore: list.hasMore, isEmpty: list.isEmpty, isEnd: list.isEnd }).toEqual(expected)
  })

  it("loads more from the cursor, skips items already shown, stops at the end", async () => {
    const { server, list } = setup()
    const first = list.start()
    server.at(0).resolve(page([1, 2], "c2"))
    await first
    const second = list.loadMore()
    expect(server.at(1).request).toMatchObject({ cursor: "c2", shown: 2, params: { type: "" } })
    server.at(1).resolve(page([2, 3], null))
    await second
    expect(ids(list)).toEqual([1, 2, 3])
    expect(list.pagesLoaded).toBe(2)
    await list.loadMore()
    expect(server.pending).toHaveLength(2)
  })

  it("one request at a time: loadMore and start while loading do nothing", async () => {
    const { server, list } = setup()
    void list.start()
    void list.loadMore()
    void list.start()
    expect(server.pending).toHaveLength(1)
  })

  it("a page may revise the items shown (the inbox marks them read)", async () => {
    const { server, list } = setup()
    const first = list.start()
    server.at(0).resolve(page([1, 2], "c2"))
    await first
    const second = list.loadMore()
    server.at(1).resolve({ ...page([3], null), reviseShown: (shown) => shown.map((item) => ({ ...item, read: true })) })
    await second
    expect(list.items).toEqual([{ id: 1, read: true }, { id: 2, read: true }, { id: 3 }])
  })

  it("page numbers work as cursors (numberedPage): an empty page ends the list whatever the total", async () => {
    const requests: Array<number | undefined> = []
    const list = new PagedList<Item>({
      params: undefined,
      fetchPage: ({ cursor }) => {
        requests.push(cursor)
        const number = cursor ?? 1
        return Promise.resolve(numberedPage(number, { list: number < 3 ? items(number) : [], total: 10 }))
      }
    })
    await list.start()
    await list.loadMore()
    await list.loadMore()
    expect(requests).toEqual([undefined, 2, 3])
    expect(list.isEnd).toBe(true)
    await list.loadMore()
    expect(requests).toHaveLength(3)
  })
})

describe("PagedList: errors and retry", () => {
  it("a failed first page keeps its error; retry asks for it again and clears it", async () => {
    const { server, list } = setup()
    const failure = new Error("busy")
    const first = list.start()
    server.at(0).reject(failure)
    await first
    expect({ status: list.status, error: list.error, isEmpty: list.isEmpty, hasMore: list.hasMore }).toEqual({ status: "error", error: failure, isEmpty: false, hasMore: true })
    const again = list.retry()
    expect(server.at(1).request.cursor).toBeUndefined()
    server.at(1).resolve(page([1], null))
    await again
    expect({ status: list.status, error: list.error, items: ids(list) }).toEqual({ status: "ready", error: null, items: [1] })
  })

  it("a failed later page keeps the items; loadMore re-runs that page, not the one after", async () => {
    const { server, list } = setup()
    const first = list.start()
    server.at(0).resolve(page([1], "c2"))
    await first
    const second = list.loadMore()
    server.at(1).reject(new Error("timeout"))
    await second
    expect(ids(list)).toEqual([1])
    const again = list.loadMore()
    expect(server.at(2).request).toMatchObject({ cursor: "c2", shown: 1 })
    server.at(2).resolve(page([2], null))
    await again
    expect(ids(list)).toEqual([1, 2])
  })

  it("retry without a failure does nothing; an interrupted call is no error", async () => {
    const { server, list } = setup()
    await list.retry()
    expect(server.pending).toHaveLength(0)
    const first = list.start()
    server.at(0).resolve(undefined)
    await first
    expect({ status: list.status, error: list.error }).toEqual({ status: "idle", error: null })
  })
})

describe("PagedList: refresh, filters, reset and the latest answer", () => {
  it("refresh keeps the items until its first page answers, then replaces them", async () => {
    const { server, list } = setup()
    const first = list.start()
    server.at(0).resolve(page([1, 2], "c2"))
    await first
    const refreshing = list.refresh()
    expect({ refreshing: list.refreshing, items: ids(list) }).toEqual({ refreshing: true, items: [1, 2] })
    server.at(1).resolve(page([9], null))
    await refreshing
    expect({ refreshing: list.refreshing, items: ids(list), pages: list.pagesLoaded }).toEqual({ refreshing: false, items: [9], pages: 1 })
  })

  it("a filter change clears the list and loads the first page with the new params", async () => {
    const { server, list } = setup()
    const first = list.start()
    server.at(0).resolve(page([1], "c2"))
    await first
    const income = list.setParams({ type: "income" })
    expect(ids(list)).toEqual([])
    expect(server.at(1).request).toMatchObject({ cursor: undefined, params: { type: "income" } })
    server.at(1).resolve(page([5], null))
    await income
    expect(ids(list)).toEqual([5])
  })

  it("reset forgets the pages, returns to the first params and loads nothing", async () => {
    const { server, list } = setup()
    void list.setParams({ type: "expense" })
    list.reset()
    expect({ status: list.status, params: list.params, items: ids(list) }).toEqual({ status: "idle", params: { type: "" }, items: [] })
    expect(server.at(0).request.signal.aborted).toBe(true)
  })

  it.each([
    ["refresh during load more", (list: PagedList<Item, string, Params>) => list.refresh()],
    ["a filter change during load more", (list: PagedList<Item, string, Params>) => list.setParams({ type: "income" })],
    ["a reset during load more", (list: PagedList<Item, string, Params>) => {
      list.reset()
      return list.start()
    }]
  ])("race: %s, then the older answer arrives after the newer one and is dropped", async (_name, supersede) => {
    const { server, list } = setup()
    const first = list.start()
    server.at(0).resolve(page([1], "c2"))
    await first
    const older = list.loadMore()
    const newer = supersede(list)
    expect(server.at(1).request.signal.aborted).toBe(true)
    server.at(2).resolve(page([7, 8], null))
    await newer
    server.at(1).resolve(page([2, 3], null))
    await older
    expect({ items: ids(list), status: list.status, pages: list.pagesLoaded }).toEqual({ items: [7, 8], status: "ready", pages: 1 })
  })

  it("race: a stale failure is dropped too", async () => {
    const { server, list } = setup()
    const older = list.start()
    const newer = list.refresh()
    server.at(1).resolve(page([1], null))
    await newer
    server.at(0).reject(new Error("late"))
    await older
    expect({ status: list.status, error: list.error, items: ids(list) }).toEqual({ status: "ready", error: null, items: [1] })
  })

  it("the view is one object per change", async () => {
    const { server, list } = setup()
    const before = list.view
    expect(list.view).toBe(before)
    const first = list.start()
    server.at(0).resolve(page([1], null))
    await first
    expect(list.view).not.toBe(before)
    expect(list.view).toMatchObject({ items: [{ id: 1 }], status: "ready", isEnd: true })
  })
})
