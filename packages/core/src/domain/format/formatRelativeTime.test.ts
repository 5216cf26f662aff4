import { describe, expect, it } from "vitest"
import { formatRelativeTime } from "./formatRelativeTime.js"

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** 2025-06-15 12:00 in China. */
const now = Date.UTC(2025, 5, 15, 4)

describe("relative time (spec §5, docs/spec/formatting.md)", () => {
  it.each([
    ["FM1", "the same instant", now, now, "刚刚"],
    ["FM1", "59.999 seconds ago", now - MINUTE + 1, now, "刚刚"],
    ["FM1", "exactly a minute ago", now - MINUTE, now, "1分钟前"],
    ["FM1", "minutes round down", now - 5 * MINUTE - 59 * SECOND, now, "5分钟前"],
    ["FM1", "one ms short of an hour", now - HOUR + 1, now, "59分钟前"],
    ["FM1", "exactly an hour ago", now - HOUR, now, "1小时前"],
    ["FM1", "hours round down", now - 23 * HOUR - 59 * MINUTE, now, "23小时前"],
    ["FM1", "exactly a day ago", now - DAY, now, "1天前"],
    ["FM1", "days round down", now - 2 * DAY - 23 * HOUR, now, "2天前"],
    ["FM1", "one ms short of 7 days", now - 7 * DAY + 1, now, "6天前"],
    ["FM1", "a few seconds in the future (clock skew)", now + 5 * SECOND, now, "刚刚"],
    ["FM1", "days in the future", now + 3 * DAY, now, "刚刚"],
    ["FM2", "exactly 7 days ago is a date", now - 7 * DAY, now, "2025-06-08"],
    ["FM2", "a year ago", Date.UTC(2024, 5, 15, 4), now, "2024-06-15"],
    ["FM2", "the date is China's, not UTC's (01:00 China = 17:00 UTC the day before)", Date.UTC(2025, 0, 1, 17), now, "2025-01-02"],
    ["FM2", "23:59 China stays on its day", Date.UTC(2025, 0, 1, 15, 59), now, "2025-01-01"],
    ["FM1", "bad input: time is NaN", Number.NaN, now, ""],
    ["FM1", "bad input: now is NaN", now, Number.NaN, ""],
    ["FM1", "bad input: time is infinite", Number.NEGATIVE_INFINITY, now, ""]
  ] as const)("%s %s", (_rule, _name, time, at, expected) => {
    expect(formatRelativeTime(time, at)).toBe(expected)
  })
})
