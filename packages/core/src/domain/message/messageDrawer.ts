import { hasMoreMessages, MESSAGE_LIST_END_TEXT, messageListFooter, type MessageListFooter } from "./messagePaging.js"
import { DEFAULT_MESSAGE_TAB, type MessageTab } from "./unreadCounts.js"

/** What the drawer needs of a message: its id and whether it is read (1) or not (0). */
export interface DrawerMessage {
  readonly id: number
  readonly is_read: 0 | 1
}

/**
 * The message drawer (spec §2, §4): open or not, the tab, how many pages of that tab are loaded
 * (0 = none yet), the loaded messages in order, and the total the last page reported.
 */
export interface MessageDrawerState<M extends DrawerMessage = DrawerMessage> {
  readonly open: boolean
  readonly tab: MessageTab
  readonly page: number
  readonly list: ReadonlyArray<M>
  readonly total: number
}

/** One loaded page of one tab, as the drawer receives it. */
export interface MessagePageLoad<M extends DrawerMessage = DrawerMessage> {
  readonly type: MessageTab
  readonly page: number
  readonly list: ReadonlyArray<M>
  readonly total: number
  /** Ids of already loaded messages that were marked read when this page loaded (spec §4). */
  readonly markedRead: ReadonlyArray<number>
}

const empty = { page: 0, list: [], total: 0 } as const

/** MD1: closed, on the system tab, nothing loaded. Closing returns here (resets page and tab). */
export const closedMessageDrawer: MessageDrawerState<never> = { open: false, tab: DEFAULT_MESSAGE_TAB, ...empty }

/** MD1: the bell opens the drawer on the system tab with nothing loaded; its first page loads next. */
export const openMessageDrawer = <M extends DrawerMessage>(): MessageDrawerState<M> => ({
  open: true,
  tab: DEFAULT_MESSAGE_TAB,
  ...empty
})

/** MD1: closing resets page and tab, whatever was loaded. */
export const closeMessageDrawer = <M extends DrawerMessage>(): MessageDrawerState<M> => closedMessageDrawer

/** MD2: another tab starts over at its first page; the tab already shown stays as it is. */
export const selectMessageTab = <M extends DrawerMessage>(state: MessageDrawerState<M>, tab: MessageTab): MessageDrawerState<M> =>
  state.tab === tab ? state : { ...state, tab, ...empty }

/** MD3: the page to load next: 1 when nothing is loaded, else the one after the last. */
export const nextDrawerPage = (state: MessageDrawerState<DrawerMessage>): number => state.page + 1

/** MD3: more loads while the drawer is open and fewer messages are loaded than the total (spec §4). */
export const canLoadMoreMessages = (state: MessageDrawerState<DrawerMessage>): boolean =>
  state.open && (state.page === 0 || hasMoreMessages(state.list.length, state.total))

/** MD4: the given messages become read; the others are kept as they are (the same objects). */
export const markMessagesRead = <M extends DrawerMessage>(list: ReadonlyArray<M>, ids: ReadonlyArray<number>): ReadonlyArray<M> => {
  if (ids.length === 0) return list
  const read = new Set(ids)
  return list.map((message) => (message.is_read === 0 && read.has(message.id) ? { ...message, is_read: 1 as const } : message))
}

/** MD4: the ids of the unread messages of a list, each once, in order. */
export const unreadMessageIds = (list: ReadonlyArray<DrawerMessage>): ReadonlyArray<number> => [
  ...new Set(list.filter((message) => message.is_read === 0).map((message) => message.id))
]

/**
 * MD3–MD4: a page arrives. It counts only when it is the page the drawer waits for (same tab, the next
 * page, drawer open), so a late answer for a tab already left changes nothing. The first page replaces
 * the list; a later one marks the messages it names read and appends its own, skipping ids already
 * shown (new messages push older ones onto the next page).
 */
export const receiveMessagePage = <M extends DrawerMessage>(state: MessageDrawerState<M>, load: MessagePageLoad<M>): MessageDrawerState<M> => {
  if (!state.open || load.type !== state.tab || load.page !== nextDrawerPage(state)) return state
  const kept = load.page === 1 ? [] : markMessagesRead(state.list, load.markedRead)
  const shown = new Set(kept.map((message) => message.id))
  const added = load.list.filter((message) => !shown.has(message.id))
  return { ...state, page: load.page, list: [...kept, ...added], total: load.total }
}

/**
 * MD5: the list's footer: "empty" (empty state), "more" (loading on scroll) or "end" (没有更多了).
 * Before the first page has arrived nothing is known yet, so it is "more", never the empty state.
 */
export const messageDrawerFooter = (state: MessageDrawerState<DrawerMessage>): MessageListFooter =>
  state.page === 0 ? "more" : messageListFooter(state.list.length, state.total)

/** MD5: the footer text: 没有更多了 at the end (spec §4), nothing otherwise. */
export const messageDrawerFooterText = (state: MessageDrawerState<DrawerMessage>): string =>
  messageDrawerFooter(state) === "end" ? MESSAGE_LIST_END_TEXT : ""
