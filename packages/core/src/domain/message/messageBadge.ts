/** The badge's cap (spec §9): above it the badge reads "99+". */
export const MESSAGE_BADGE_CAP = 99

/**
 * MS3: the text of the unread badge: the count up to 99, "99+" above, and "" when there is nothing to
 * show (0, negative, NaN), which tells the caller to hide the badge rather than print "0".
 */
export const messageBadgeText = (unread: number): string => {
  if (Number.isNaN(unread)) return ""
  const count = Math.floor(unread)
  if (count <= 0) return ""
  return count > MESSAGE_BADGE_CAP ? `${MESSAGE_BADGE_CAP}+` : String(count)
}
