import { formatChinaDate } from "./chinaTime.js"

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
const WEEK_MS = 7 * DAY_MS

/**
 * FM1–FM2: how long ago `time` was, as the feed shows it: 刚刚 under a minute, then whole minutes,
 * hours and days (rounded down) below 7 days, then the China-time date YYYY-MM-DD. A time ahead of
 * `now` (the device clock is behind the server's) reads 刚刚 rather than a negative age. A time or
 * now that is not a finite number gives "" so a broken timestamp shows nothing instead of NaN.
 */
export const formatRelativeTime = (time: number, now: number): string => {
  if (!Number.isFinite(time) || !Number.isFinite(now)) return ""
  const elapsed = now - time
  if (elapsed < MINUTE_MS) return "刚刚"
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}分钟前`
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}小时前`
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}天前`
  return formatChinaDate(time)
}
