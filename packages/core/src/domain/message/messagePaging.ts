/** The message list's page size (spec §7, §9). */
export const MESSAGE_PAGE_SIZE = 20

/** The text under the list once every message is loaded (spec §4), verbatim. */
export const MESSAGE_LIST_END_TEXT = "没有更多了"

const count = (value: number): number => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0)

/**
 * MS4: more pages load while fewer messages are loaded than the total says. An unreadable total counts
 * as 0, so a bad response ends the scrolling instead of asking for pages forever.
 */
export const hasMoreMessages = (loaded: number, total: number): boolean => count(loaded) < count(total)

export type MessageListFooter = "empty" | "more" | "end"

/** MS4: an empty total shows the empty state; the end shows 没有更多了; otherwise more can load. */
export const messageListFooter = (loaded: number, total: number): MessageListFooter =>
  count(total) === 0 ? "empty" : hasMoreMessages(loaded, total) ? "more" : "end"

/** MS4: the page to ask for next, 1-based, from how many are loaded. */
export const nextMessagePage = (loaded: number, pageSize: number = MESSAGE_PAGE_SIZE): number =>
  Math.floor(count(loaded) / Math.max(1, count(pageSize))) + 1
