import type { Assignment, Circle, CircleMember, Post } from "@mido/core"
import { type CircleAction, circleAction, type CirclesShape } from "@mido/core/circle"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ConfirmStore } from "../ConfirmStore.js"
import { LatestOnly } from "../paging/LatestOnly.js"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"

export const MEMBERS_PAGE_SIZE = 20
export const CIRCLE_POSTS_PAGE_SIZE = 20
export const ASSIGNMENTS_PAGE_SIZE = 10

/** The tabs of /community/circle-detail. */
export type CircleTab = "posts" | "members" | "assignments"

/** Whose lists: 0 until a circle is opened (nothing loads for 0). */
interface CircleParams {
  readonly id: number
}

const NONE: CircleParams = { id: 0 }

/**
 * /community/circle-detail?id=: the header (cover, name, description, owner, member count, the
 * membership button of CI2) and the tabs 动态 (the circle's posts, postList filtered by circle), 成员
 * (the circle user list, paged) and 作业 (its assignments). Join and leave answer the new state, which
 * the header shows at once; the member list is asked again so the person appears or goes.
 */
export class CircleDetailStore implements Store {
  id = 0
  circle: Circle | null = null
  status: "idle" | "loading" | "ready" | "missing" = "idle"
  tab: CircleTab = "posts"
  busy = false
  readonly posts: PagedList<Post, string, CircleParams>
  readonly members: PagedList<CircleMember, number, CircleParams>
  readonly assignments: PagedList<Assignment, number, CircleParams>

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #toasts: ToastStore
  readonly #confirm: ConfirmStore
  readonly #calls: CirclesShape
  readonly #latest = new LatestOnly()

  constructor(runner: ServiceRunner, session: SessionStore, toasts: ToastStore, confirm: ConfirmStore, calls: CirclesShape) {
    this.#runner = runner
    this.#session = session
    this.#toasts = toasts
    this.#confirm = confirm
    this.#calls = calls
    this.posts = new PagedList<Post, string, CircleParams>({
      params: NONE,
      keyOf: (post) => post.id,
      fetchPage: pagesFromCore(runner, ({ cursor, params }) =>
        params.id === 0
          ? Effect.succeed({ items: [], next: null })
          : Effect.map(calls.posts(params.id, cursor, CIRCLE_POSTS_PAGE_SIZE), (answer) => ({ items: answer.list, next: answer.next_cursor ?? null })))
    })
    const numbered = <Item>(load: (id: number, page: number) => Effect.Effect<{ list: ReadonlyArray<Item>; total: number }, unknown>, keyOf: (item: Item) => number) =>
      new PagedList<Item, number, CircleParams>({
        params: NONE,
        keyOf,
        fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
          params.id === 0
            ? Effect.succeed(numberedPage<Item>(cursor, { list: [], total: 0 }))
            : Effect.map(load(params.id, cursor), (answer) => numberedPage(cursor, answer)))
      })
    this.members = numbered((id, page) => calls.members(id, page, MEMBERS_PAGE_SIZE), (member) => member.user.uid)
    this.assignments = numbered((id, page) => calls.assignments(id, page, ASSIGNMENTS_PAGE_SIZE), (assignment) => assignment.id)
    makeAutoObservable(this, { circle: observable.ref, posts: false, members: false, assignments: false }, { autoBind: true })
  }

  /** CI2: what the header's button does for this viewer. */
  get action(): CircleAction {
    return this.circle === null ? "login" : circleAction(this.circle, this.#session.hasUser)
  }

  /** Opens the circle `id` (the same one again keeps its lists, reloading the header). */
  async open(id: number): Promise<void> {
    const call = this.#latest.begin()
    if (id !== this.id) {
      this.id = id
      this.circle = null
      this.tab = "posts"
      for (const list of [this.posts, this.members, this.assignments] as const) void list.setParams({ id })
    }
    this.status = this.circle === null ? "loading" : this.status
    const exit = await this.#runner.attempt(this.#calls.circle(id))
    if (!call.current) return
    runInAction(() => {
      if (exit.ok) this.circle = exit.value
      this.status = exit.ok ? "ready" : this.circle === null ? "missing" : "ready"
    })
  }

  selectTab(tab: CircleTab): void {
    this.tab = tab
  }

  /** Joins, or leaves after a confirm; a visitor gets "login" and nothing is sent. */
  async toggleJoin(): Promise<"login" | "done" | "failed"> {
    const circle = this.circle
    const action = this.action
    if (action === "login") return "login"
    if (circle === null || action === "owner" || this.busy) return "failed"
    if (action === "leave" && !(await this.#confirm.ask({ title: "退出圈子", message: `确定退出「${circle.name}」吗？`, confirmText: "退出" }))) return "failed"
    this.busy = true
    const result = await this.#runner.attempt(action === "join" ? this.#calls.join(circle.id) : this.#calls.leave(circle.id))
    runInAction(() => {
      this.busy = false
      if (result.ok && this.circle?.id === circle.id) this.circle = { ...this.circle, ...result.value }
    })
    if (!result.ok) return "failed"
    this.#toasts.success(result.value.is_joined ? "已加入圈子" : "已退出圈子")
    void this.members.refresh()
    return "done"
  }

  /** A logout: the viewer's flags (joined, owner) are asked again as a visitor. */
  reset(): void {
    this.#latest.cancel()
    this.id = 0
    this.circle = null
    this.status = "idle"
    this.busy = false
    this.posts.reset()
    this.members.reset()
    this.assignments.reset()
  }
}
