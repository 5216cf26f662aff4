import {
  closedMessageDrawer,
  type CoreServices,
  Inbox,
  type InboxDrawer,
  type InboxMessage,
  type MessageListFooter,
  type MessageType,
  messageBadgeText,
  messageDrawerFooter,
  messageDrawerFooterText,
  noUnread,
  openMessageDrawer,
  selectMessageTab,
  type Unsubscribe,
  type UnreadCounts
} from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"

/**
 * The unread counts (bell, gift badge; 99+ above 99) and the message drawer (spec §2, §4). The
 * drawer's rules are the core's (Inbox.openDrawer / selectTab / loadMore / closeDrawer); the store
 * keeps the state they return and drops an answer that arrives after the drawer moved on.
 */
export class InboxStore {
  unread: UnreadCounts = noUnread
  drawer: InboxDrawer = closedMessageDrawer
  loading = false

  readonly #runner: ServiceRunner
  /** Bumped by open, tab change and close; a page for an older generation is dropped. */
  #generation = 0

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    makeAutoObservable(this, { unread: observable.ref, drawer: observable.ref, attach: false }, { autoBind: true })
  }

  /** The total's badge text: "" hides it, "99+" above 99 (MS3). */
  get badge(): string {
    return messageBadgeText(this.unread.total)
  }

  get messages(): ReadonlyArray<InboxMessage> {
    return this.drawer.list
  }

  /** empty state, more (loads on scroll) or end (没有更多了), MD5. */
  get footer(): MessageListFooter {
    return messageDrawerFooter(this.drawer)
  }

  get footerText(): string {
    return messageDrawerFooterText(this.drawer)
  }

  /** Asks for the unread counts; the answer arrives through the subscription. */
  async refreshUnread(): Promise<boolean> {
    return (await this.#runner.attempt(Effect.flatMap(Inbox, (inbox) => inbox.unreadCounts))).ok
  }

  /** The bell: opens on the system tab with its first page. */
  openDrawer(): Promise<void> {
    this.drawer = openMessageDrawer()
    return this.#load(Effect.flatMap(Inbox, (inbox) => inbox.openDrawer), true)
  }

  selectTab(tab: MessageType): Promise<void> {
    if (!this.drawer.open) return Promise.resolve()
    const state = this.drawer
    if (state.tab !== tab) this.drawer = selectMessageTab(state, tab)
    return this.#load(Effect.flatMap(Inbox, (inbox) => inbox.selectTab(state, tab)), true)
  }

  /** Scrolled to the end: the next page (marking the loaded ones read); nothing while one loads. */
  loadMore(): Promise<void> {
    if (!this.drawer.open || this.loading) return Promise.resolve()
    const state = this.drawer
    return this.#load(Effect.flatMap(Inbox, (inbox) => inbox.loadMore(state)), false)
  }

  /** Closing resets page and tab (MD1). */
  async closeDrawer(): Promise<void> {
    this.#generation += 1
    this.loading = false
    this.drawer = closedMessageDrawer
    await this.#runner.exit(Effect.flatMap(Inbox, (inbox) => inbox.closeDrawer))
  }

  /** Logging out forgets the drawer and the counts. */
  reset(): void {
    this.#generation += 1
    this.loading = false
    this.drawer = closedMessageDrawer
    this.unread = noUnread
  }

  /** Starts from the counts the core knows and follows every change (unread_count, marking read). */
  attach(): Effect.Effect<Unsubscribe, never, CoreServices> {
    return Effect.gen(this, function* () {
      const inbox = yield* Inbox
      const unread = yield* inbox.unread
      runInAction(() => {
        this.unread = unread
      })
      return inbox.subscribe((counts) =>
        runInAction(() => {
          this.unread = counts
        }))
    })
  }

  async #load(effect: Effect.Effect<InboxDrawer, unknown, CoreServices>, restart: boolean): Promise<void> {
    if (restart) this.#generation += 1
    const generation = this.#generation
    this.loading = true
    const result = await this.#runner.attempt(effect)
    runInAction(() => {
      if (generation !== this.#generation) return
      this.loading = false
      if (result.ok) this.drawer = result.value
    })
  }
}
