import { formatBadge } from "@mido/core"

/**
 * The text of an unread badge by the core rule FM4 (spec §9): "" for nothing, the count up to 99,
 * "99+" above. Components stay prop-only (lint), so callers format here and pass the text to Badge.
 */
export const badgeText = (count: number): string => formatBadge(count)
