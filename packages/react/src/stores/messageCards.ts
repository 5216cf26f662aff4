import { formatRelativeTime, type InboxMessage, type MessageType } from "@mido/core"
import { MESSAGE_TABS, messageLink, type MessageLink } from "@mido/core/account"

/**
 * What the message drawer's cards show, apart from the InboxStore so that only the drawer's lazy chunk
 * carries it (the bell in the top bar needs none of it; ADR 0007).
 */

/** The drawer's tabs in their order with their Chinese labels (spec §2: system, like, follow, mention). */
export const MESSAGE_TAB_LABELS: ReadonlyArray<{ readonly key: MessageType; readonly label: string }> = MESSAGE_TABS.map((key) => ({
  key,
  label: { system: "系统", like: "点赞", follow: "关注", mention: "提及" }[key]
}))

/** MS2 (R14): where a message's jump url may lead; the drawer links only to what this gives. */
export const messageLinkOf = (message: InboxMessage): MessageLink => messageLink(message.parsed.jump_url)

/** When a message arrived, as the core's formatter says it (刚刚, minutes, hours, days, then a date). */
export const messageTimeText = (message: InboxMessage, now: number = Date.now()): string => formatRelativeTime(message.created_at * 1000, now)
