import { formatBadge } from "../format/formatBadge.js"

/**
 * MS3: the unread badge of the message bell and the floating gift button is the general badge rule
 * (FM4): "" hides it, the count up to 99, "99+" above.
 */
export const messageBadgeText = (unread: number): string => formatBadge(unread)
