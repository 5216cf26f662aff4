/**
 * GR1–GR4: the beans to give back when a task that cost `cost` made `made` of the `asked` images.
 * GR1 nothing made (failed, timed out, cancelled): all of it.
 * GR2 everything made: nothing.
 * GR3 part made: cost − ⌊cost × made / asked⌋, so the user pays only for what was made and any
 *     rounding falls in the user's favour.
 * GR4 never negative, never more than the cost, whatever the figures: made ≥ asked counts as all,
 *     made ≤ 0 (or not a number) as none, asked < 1 as all made, a fractional cost is floored.
 * A tool asks for one image, so a failed tool run is refunded in full by GR1.
 */
export const refundShare = (cost: number, asked: number, made: number): number => {
  const paid = Number.isFinite(cost) && cost > 0 ? Math.floor(cost) : 0
  if (!(made > 0)) return paid
  if (!(asked > 0) || made >= asked) return 0
  const kept = Math.floor((paid * Math.floor(made)) / asked)
  return Math.min(paid, Math.max(0, paid - kept))
}
