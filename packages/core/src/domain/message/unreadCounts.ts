/** The drawer's tabs in their order (spec §2); the drawer opens on the first. */
export const MESSAGE_TABS = ["system", "like", "follow", "mention"] as const

export type MessageTab = (typeof MESSAGE_TABS)[number]

export const DEFAULT_MESSAGE_TAB: MessageTab = MESSAGE_TABS[0]

/** Unread counts (spec §3): the total and one count per tab. */
export type UnreadCounts = { readonly total: number } & { readonly [K in MessageTab]: number }

export const noUnread: UnreadCounts = { total: 0, system: 0, like: 0, follow: 0, mention: 0 }

/** A count from the wire: a non-negative integer, from a number or a numeric string; anything else is 0. */
const readCount = (value: unknown): number | undefined => {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN
  return Number.isFinite(number) && number >= 0 ? Math.floor(number) : undefined
}

/**
 * MS5: the unread counts read safely from the unread_count response. A missing or bad type count is 0;
 * a missing or bad total is the sum of the types, so the badge never shows less than the tabs do.
 */
export const readUnreadCounts = (raw: unknown): UnreadCounts => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return noUnread
  const source = raw as Readonly<Record<string, unknown>>
  const field = (name: string): number | undefined => (Object.hasOwn(source, name) ? readCount(source[name]) : undefined)
  const system = field("system") ?? 0
  const like = field("like") ?? 0
  const follow = field("follow") ?? 0
  const mention = field("mention") ?? 0
  return { total: field("total") ?? system + like + follow + mention, system, like, follow, mention }
}
