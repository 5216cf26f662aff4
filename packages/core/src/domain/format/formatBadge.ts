const BADGE_MAX = 99

/**
 * FM4: the text of a red unread badge (spec §9): "" when there is nothing to show (0, negative or
 * NaN, so the badge hides), the count up to 99, "99+" above. A fractional count is rounded down.
 */
export const formatBadge = (count: number): string => {
  if (Number.isNaN(count)) return ""
  const whole = Math.floor(count)
  if (whole > BADGE_MAX) return `${BADGE_MAX}+`
  return whole <= 0 ? "" : String(whole)
}
