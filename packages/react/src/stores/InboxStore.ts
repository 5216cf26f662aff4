import { type CoreServices, Inbox, type InboxMessage, type MessageType, type Unsubscribe, type UnreadCounts } from "@mido/core"
import {
  DEFAULT_MESSAGE_TAB,
  markMessagesRead,
  MESSAGE_LIST_END_TEXT,
  messageBadgeText,
  type MessageListFooter,
  messageListFooter,
  noUnread
} from "@mido/core/account"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { numberedPage } from "./paging/Page.js"
import { PagedList } from "./paging/PagedList.js"
import { pagesFromCore } from "./paging/pagesFromCore.js"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"

/** The drawer's filter: one tab of messages (spec §4). */
export interface MessageParams {
  readonly type: MessageType
}

/**
 * The unread counts (bell, gift badge; 99+ above 99) and the message drawer (spec §2, §4). The drawer's
 * list is a PagedList of 20 a page (page numbers as cursors, the tab as its filter); the core's
 * Inbox.page marks the messages already loaded read when a later page loads, and the list marks them
 * read on screen as that page arrives; leaving a tab or closing the drawer marks what it showed (MD6).
 * The bell and the tabs' badges follow every read call's answer at once (the core's subscription).
 */
export class InboxStore implements Store {
  unread: UnreadCounts = noUnread
  isOpen = false
  readonly messageList: PagedList<InboxMessage, number, MessageParams>

  readonly #runner: ServiceRunner

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    this.messageList = new PagedList({
      params: { type: DEFAULT_MESSAGE_TAB },
      keyOf: (message) => message.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        Effect.map(Effect.flatMap(Inbox, (inbox) => inbox.page(params.type, cursor)), (load) => ({
          ...numberedPage(cursor, load),
          reviseShown: (shown: ReadonlyArray<InboxMessage>) => markMessagesRead(shown, load.markedRead)
        })))
    })
    makeAutoObservable(this, { unread: observable.ref, messageList: false, start: false, tabBadgeText: false }, { autoBind: true })
  }

  /** The bell's badge text: "" hides it, "99+" above 99 (MS3). */
  get badgeText(): string {
    return messageBadgeText(this.unread.total)
  }

  get tab(): MessageType {
    return this.messageList.params.type
  }

  get messages(): ReadonlyArray<InboxMessage> {
    return this.messageList.items
  }

  get loading(): boolean {
    return this.messageList.loading
  }

  /** empty state, more (loads on scroll) or end (没有更多了), MD5; before the first page it is "more". */
  get footer(): MessageListFooter {
    const list = this.messageList
    return list.pagesLoaded === 0 ? "more" : messageListFooter(list.items.length, list.total ?? 0)
  }

  get footerText(): string {
    return this.footer === "end" ? MESSAGE_LIST_END_TEXT : ""
  }

  /** A tab's unread count as its badge text ("" for none, 99+ above 99). */
  tabBadgeText(tab: MessageType): string {
    return messageBadgeText(this.unread[tab])
  }

  /** Asks for the unread counts; the answer arrives through the subscription. */
  async refreshUnread(): Promise<boolean> {
    return (await this.#runner.attempt(Effect.flatMap(Inbox, (inbox) => inbox.unreadCounts))).ok
  }

  /** The bell: opens on the system tab with its first page. */
  openDrawer(): Promise<void> {
    this.isOpen = true
    return this.messageList.setParams({ type: DEFAULT_MESSAGE_TAB })
  }

  /**
   * MD2: another tab starts over at its first page; the tab shown (or loading) stays as it is. MD6:
   * the tab left behind has its loaded unread messages marked read, so its badge and the bell drop.
   */
  async selectTab(tab: MessageType): Promise<void> {
    const list = this.messageList
    if (!this.isOpen || (tab === this.tab && (list.pagesLoaded > 0 || list.loading))) return
    const left = this.tab
    await Promise.all([
      tab === left ? undefined : this.#runner.exit(Effect.flatMap(Inbox, (inbox) => inbox.leaveTab(left))),
      list.setParams({ type: tab })
    ])
  }

  /** Scrolled to the end: the next page (marking the loaded ones read); nothing while one loads. */
  loadMore(): Promise<void> {
    return this.isOpen ? this.messageList.loadMore() : Promise.resolve()
  }

  /** Closing resets page and tab (MD1); what was loaded and still unread is marked read, then forgotten (MD6). */
  async closeDrawer(): Promise<void> {
    this.isOpen = false
    this.messageList.reset()
    await this.#runner.exit(Effect.flatMap(Inbox, (inbox) => inbox.closeDrawer))
  }

  /** Starts from the counts the core knows and follows every change (unread_count, marking read). */
  start(): Effect.Effect<Unsubscribe, never, CoreServices> {
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

  /** Logout or -401: the drawer and the counts go. */
  reset(): void {
    this.isOpen = false
    this.messageList.reset()
    this.unread = noUnread
  }
}
