import type { Circle } from "@mido/core"
import type { CircleScope, CirclesShape } from "@mido/core/circle"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { MembershipChange } from "./circleCalls.js"

/** Circles per page on /community/circle-list; the discover page shows one page of the hottest. */
export const CIRCLES_PAGE_SIZE = 12
export const HOT_CIRCLES_SIZE = 8

/** What a circle list shows: every circle or mine, narrowed by a search. */
export interface CircleListParams {
  readonly scope: CircleScope
  readonly keyword: string
}

const ALL: CircleListParams = { scope: "all", keyword: "" }

/**
 * /community/circle (discover: 热门圈子 — every circle, most members first —, 我加入的, search) and
 * /community/circle-list (all circles paged, or mine: a tab). The join buttons on the cards change
 * `changes`, which `view(circle)` lays over the lists' pages, so a card moves at once.
 */
export class CirclesStore implements Store {
  /** Join / leave answers seen here, by circle id. */
  changes = new Map<number, MembershipChange>()
  /** Circle ids whose join / leave is on its way. */
  pending = new Set<number>()
  readonly hot: PagedList<Circle, number, CircleListParams>
  readonly joined: PagedList<Circle, number, CircleListParams>
  readonly list: PagedList<Circle, number, CircleListParams>

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #toasts: ToastStore
  readonly #calls: CirclesShape

  constructor(runner: ServiceRunner, session: SessionStore, toasts: ToastStore, calls: CirclesShape) {
    this.#runner = runner
    this.#session = session
    this.#toasts = toasts
    this.#calls = calls
    const paged = (size: number, params: CircleListParams) => new PagedList<Circle, number, CircleListParams>({
      params,
      keyOf: (circle) => circle.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params: { scope, keyword } }) =>
        scope !== "all" && !session.hasToken
          ? Effect.succeed(numberedPage<Circle>(cursor, { list: [], total: 0 }))
          : Effect.map(calls.circles(scope, keyword, cursor, size), (answer) => numberedPage(cursor, answer)))
    })
    this.hot = paged(HOT_CIRCLES_SIZE, ALL)
    this.joined = paged(HOT_CIRCLES_SIZE, { scope: "joined", keyword: "" })
    this.list = paged(CIRCLES_PAGE_SIZE, ALL)
    makeAutoObservable(this, { changes: observable.shallow, pending: observable.shallow, hot: false, joined: false, list: false }, { autoBind: true })
  }

  /** The circle as the card shows it: its membership and count after a join or leave here. */
  view(circle: Circle): Circle {
    const change = this.changes.get(circle.id)
    return change === undefined ? circle : { ...circle, ...change }
  }

  /** The list page's filter: its tab (全部圈子 / 我加入的) and its search words; each change starts over. */
  setListParams(params: Partial<CircleListParams>): void {
    const next = { ...this.list.params, ...params }
    if (next.scope === this.list.params.scope && next.keyword === this.list.params.keyword) return
    void this.list.setParams(next)
  }

  /** Joins (or leaves) from a card; a visitor gets "login" and nothing is sent. */
  async toggleJoin(circle: Circle): Promise<"login" | "done" | "failed"> {
    if (!this.#session.hasUser) return "login"
    const current = this.view(circle)
    if (current.is_owner || this.pending.has(circle.id)) return "failed"
    this.pending.add(circle.id)
    const result = await this.#runner.attempt(current.is_joined ? this.#calls.leave(circle.id) : this.#calls.join(circle.id))
    runInAction(() => {
      this.pending.delete(circle.id)
      if (result.ok) this.changes.set(circle.id, result.value)
    })
    if (!result.ok) return "failed"
    this.#toasts.success(result.value.is_joined ? `已加入「${circle.name}」` : `已退出「${circle.name}」`)
    if (this.joined.pagesLoaded > 0) void this.joined.refresh()
    if (this.list.params.scope !== "all" && this.list.pagesLoaded > 0) void this.list.refresh()
    return "done"
  }

  /** A logout: what was mine goes (the joined list, the membership changes); the public lists reload. */
  reset(): void {
    this.changes.clear()
    this.pending.clear()
    this.joined.reset()
    this.hot.reset()
    this.list.reset()
  }
}
