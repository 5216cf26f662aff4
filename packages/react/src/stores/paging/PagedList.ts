import { hasMoreMessages } from "@mido/core/account"
import { computed, makeAutoObservable, observable, runInAction } from "mobx"
import { LatestOnly } from "./LatestOnly.js"
import type { FetchPage, Page } from "./Page.js"

export type PagedListStatus = "idle" | "loading" | "ready" | "error"

export interface PagedListOptions<Item, Cursor, Params> {
  readonly fetchPage: FetchPage<Item, Cursor, Params>
  /** The filter the list starts with and returns to on `reset()`. */
  readonly params: Params
  /** Items whose key is already shown are not added again (new items push older ones onto the next page). */
  readonly keyOf?: (item: Item) => string | number
}

/** What a component reads of a list (`usePagedList`): one object per change. */
export interface PagedListView<Item> {
  readonly items: ReadonlyArray<Item>
  readonly status: PagedListStatus
  readonly error: unknown
  readonly total: number | undefined
  readonly hasMore: boolean
  readonly isEmpty: boolean
  readonly isEnd: boolean
  readonly refreshing: boolean
}

interface FailedPage<Cursor> {
  readonly cursor: Cursor | undefined
  readonly first: boolean
}

/**
 * A list loaded a page at a time, for page/size lists (the cursor is the page number) and keyset
 * lists (the cursor is the server's) alike: load more, refresh, a filter (`params`) whose change
 * starts over, the error of the last page kept for `retry()`, empty and end states. The latest answer
 * wins: an answer for a request that a refresh, reset or filter change left behind is dropped.
 *
 * Framework-free (MobX only); `usePagedList` binds it to React. Nothing loads until `start()`.
 */
export class PagedList<Item, Cursor = number, Params = undefined> {
  items: ReadonlyArray<Item> = []
  params: Params
  total: number | undefined = undefined
  status: PagedListStatus = "idle"
  /** The failure of the last page asked for (the list's own call), until a page loads. */
  error: unknown = null
  /** Pages written since the first page of the current params (0: none yet). */
  pagesLoaded = 0
  /** A refresh's first page is loading over the items still shown. */
  refreshing = false

  readonly #fetchPage: FetchPage<Item, Cursor, Params>
  readonly #initialParams: Params
  readonly #keyOf: ((item: Item) => string | number) | undefined
  readonly #latest = new LatestOnly()
  #next: Cursor | null = null
  #failed: FailedPage<Cursor> | null = null
  #inFlight: AbortController | null = null

  constructor({ fetchPage, params, keyOf }: PagedListOptions<Item, Cursor, Params>) {
    this.#fetchPage = fetchPage
    this.#initialParams = params
    this.#keyOf = keyOf
    this.params = params
    makeAutoObservable(
      this,
      { items: observable.ref, params: observable.ref, error: observable.ref, view: computed({ keepAlive: true }) },
      { autoBind: true }
    )
  }

  get loading(): boolean {
    return this.status === "loading"
  }

  /** More pages before the first has loaded; then while the server gives a next cursor and fewer are shown than its total. */
  get hasMore(): boolean {
    if (this.pagesLoaded === 0) return true
    return this.#next !== null && (this.total === undefined || hasMoreMessages(this.items.length, this.total))
  }

  /** The empty state: a loaded list with nothing in it. */
  get isEmpty(): boolean {
    return this.pagesLoaded > 0 && this.items.length === 0 && !this.hasMore
  }

  /** Everything is loaded (没有更多了); not the empty state. */
  get isEnd(): boolean {
    return this.pagesLoaded > 0 && this.items.length > 0 && !this.hasMore
  }

  get view(): PagedListView<Item> {
    const { items, status, error, total, hasMore, isEmpty, isEnd, refreshing } = this
    return { items, status, error, total, hasMore, isEmpty, isEnd, refreshing }
  }

  /** Loads the first page unless the list has loaded or is loading one (a second start does nothing). */
  start(): Promise<void> {
    if (this.status !== "idle" || this.pagesLoaded > 0) return Promise.resolve()
    return this.#load(undefined, true)
  }

  /** The next page (scrolled to the end); nothing while one loads or at the end; after a failure, that page again. */
  loadMore(): Promise<void> {
    if (this.loading) return Promise.resolve()
    if (this.#failed !== null) return this.retry()
    if (!this.hasMore) return Promise.resolve()
    return this.pagesLoaded === 0 ? this.#load(undefined, true) : this.#load(this.#next ?? undefined, false)
  }

  /** Asks again for the page that failed. */
  retry(): Promise<void> {
    const failed = this.#failed
    if (failed === null || this.loading) return Promise.resolve()
    return this.#load(failed.cursor, failed.first)
  }

  /** The first page again; the items stay shown until it answers, and any answer in flight is dropped. */
  refresh(): Promise<void> {
    return this.#load(undefined, true)
  }

  /** Another filter starts the list over from its first page. */
  setParams(params: Params): Promise<void> {
    this.#clear()
    this.params = params
    return this.#load(undefined, true)
  }

  /** Forgets every page and returns to the first filter without loading; answers in flight are dropped. */
  reset(): void {
    this.#clear()
    this.params = this.#initialParams
  }

  #clear(): void {
    this.#latest.cancel()
    this.#inFlight?.abort()
    this.#inFlight = null
    this.items = []
    this.total = undefined
    this.status = "idle"
    this.error = null
    this.pagesLoaded = 0
    this.refreshing = false
    this.#next = null
    this.#failed = null
  }

  async #load(cursor: Cursor | undefined, first: boolean): Promise<void> {
    this.#inFlight?.abort()
    const request = this.#latest.begin()
    const inFlight = new AbortController()
    this.#inFlight = inFlight
    this.status = "loading"
    this.refreshing = first && this.pagesLoaded > 0
    const shown = first ? 0 : this.items.length
    let page: Page<Item, Cursor> | undefined
    try {
      page = await this.#fetchPage({ cursor, params: this.params, shown, signal: inFlight.signal })
    } catch (error) {
      runInAction(() => {
        if (!request.current) return
        this.#settle()
        this.status = "error"
        this.error = error
        this.#failed = { cursor, first }
      })
      return
    }
    runInAction(() => {
      if (!request.current) return
      this.#settle()
      if (page === undefined) {
        // interrupted: nothing arrived, and nothing failed
        this.status = this.pagesLoaded > 0 ? "ready" : "idle"
        return
      }
      this.#write(page, first)
    })
  }

  #settle(): void {
    this.#inFlight = null
    this.refreshing = false
  }

  #write(page: Page<Item, Cursor>, first: boolean): void {
    const kept = first ? [] : (page.reviseShown?.(this.items) ?? this.items)
    const keyOf = this.#keyOf
    const shownKeys = keyOf === undefined ? undefined : new Set(kept.map(keyOf))
    const added = shownKeys === undefined || keyOf === undefined ? page.items : page.items.filter((item) => !shownKeys.has(keyOf(item)))
    this.items = [...kept, ...added]
    this.pagesLoaded = first ? 1 : this.pagesLoaded + 1
    this.total = page.total
    this.#next = page.next
    this.status = "ready"
    this.error = null
    this.#failed = null
  }
}
