/**
 * R37: how long a refused request waits before its limit lets it through (the 429's `Retry-After`),
 * in seconds; answerFailure rounds up to whole seconds.
 */

/**
 * A sliding window of `windowMs` that holds `limit` events (`created_at > now - window`: an event
 * exactly `windowMs` old no longer counts): the request passes again once the limit-th newest event
 * has left the window.
 */
export const slidingWindowWait = (limitThNewest: Date, windowMs: number, now: Date): number =>
  (limitThNewest.getTime() + windowMs - now.getTime()) / 1000

/** A fixed window (`floor(now / window)`): the request passes again when the next window starts. */
export const fixedWindowWait = (windowMs: number, now: Date): number => (windowMs - (now.getTime() % windowMs)) / 1000

/**
 * A rolling budget (bytes over the last `windowMs`, an event older than that no longer counts): the
 * wait until enough of the oldest amounts have left that `needed` fits under `budget`. `events` in
 * any order; undefined when it never fits (the request alone is over the budget).
 */
export const rollingBudgetWait = (
  events: ReadonlyArray<{ readonly at: Date; readonly amount: number }>,
  needed: number,
  budget: number,
  windowMs: number,
  now: Date
): number | undefined => {
  if (needed > budget) return undefined
  let total = events.reduce((sum, event) => sum + event.amount, 0)
  if (total + needed <= budget) return 0
  for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    total -= event.amount
    if (total + needed <= budget) return (event.at.getTime() + windowMs - now.getTime()) / 1000
  }
  return undefined
}
