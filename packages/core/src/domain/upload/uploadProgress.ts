/** UP5: a progress value for the bar: an integer from 0 to 100; NaN (and anything unreadable) is 0. */
export const clampProgress = (percent: number): number => {
  if (Number.isNaN(percent)) return 0
  return Math.round(Math.min(100, Math.max(0, percent)))
}

/** UP5: percent from the bytes sent so far; an unknown or empty total reads as no progress yet. */
export const progressFromBytes = (loaded: number, total: number): number =>
  Number.isFinite(total) && total > 0 ? clampProgress((loaded / total) * 100) : 0
