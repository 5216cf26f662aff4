import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { chinaDateTimeParts, chinaDayBounds, formatChinaDate, formatChinaDateTime, parseChinaDateTime } from "./chinaTime.js"

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

describe("FM2 the China-time date", () => {
  it.each([
    ["FM2", "the epoch is 08:00 in China", 0, "1970-01-01"],
    ["FM2", "China midnight after the epoch day", Date.UTC(1970, 0, 1, 16), "1970-01-02"],
    ["FM2", "one ms before China midnight", Date.UTC(2024, 0, 1, 15, 59, 59, 999), "2024-01-01"],
    ["FM2", "China midnight is 16:00 UTC the day before", Date.UTC(2024, 0, 1, 16), "2024-01-02"],
    ["FM2", "new year arrives 8 hours early", Date.UTC(2023, 11, 31, 16), "2024-01-01"],
    ["FM2", "leap day", Date.UTC(2024, 1, 28, 16), "2024-02-29"],
    ["FM2", "2100 is not a leap year", Date.UTC(2100, 1, 28, 16), "2100-03-01"],
    ["FM2", "2000 is a leap year", Date.UTC(2000, 1, 28, 16), "2000-02-29"],
    ["FM2", "before the epoch", Date.UTC(1969, 11, 31, 15, 59), "1969-12-31"],
    ["FM2", "before the epoch, China next day", Date.UTC(1969, 11, 31, 16), "1970-01-01"]
  ] as const)("%s %s", (_rule, _name, time, expected) => {
    expect(formatChinaDate(time)).toBe(expected)
  })

  it("FM2 agrees with a UTC calendar shifted by 8 hours, for any instant in years 1900–9999", () => {
    const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(9999, 11, 30) })
    fc.assert(
      fc.property(instant, (time) => formatChinaDate(time) === new Date(time + 8 * HOUR_MS).toISOString().slice(0, 10))
    )
  })
})

describe("FM6 reading server and ISO date-times", () => {
  it.each([
    ["FM6", "server text without a zone is China time", "2025-03-01 00:00:00", Date.UTC(2025, 1, 28, 16)],
    ["FM6", "ISO without a zone is China time too", "2025-03-01T08:30:00", Date.UTC(2025, 2, 1, 0, 30)],
    ["FM6", "an explicit +08:00", "2025-03-01T00:00:00+08:00", Date.UTC(2025, 1, 28, 16)],
    ["FM6", "UTC with Z", "2025-03-01T00:00:00Z", Date.UTC(2025, 2, 1)],
    ["FM6", "lower-case z", "2025-03-01T00:00:00z", Date.UTC(2025, 2, 1)],
    ["FM6", "milliseconds", "2025-03-01T00:00:00.123Z", Date.UTC(2025, 2, 1, 0, 0, 0, 123)],
    ["FM6", "one fraction digit is tenths", "2025-03-01T00:00:00.5Z", Date.UTC(2025, 2, 1, 0, 0, 0, 500)],
    ["FM6", "microseconds are cut to ms", "2025-03-01T00:00:00.123999Z", Date.UTC(2025, 2, 1, 0, 0, 0, 123)],
    ["FM6", "a negative offset without colon", "2025-03-01T00:00:00-0130", Date.UTC(2025, 2, 1, 1, 30)],
    ["FM6", "an hour-only offset", "2025-03-01T09:00:00+09", Date.UTC(2025, 2, 1)],
    ["FM6", "no seconds", "2025-03-01T10:20", Date.UTC(2025, 2, 1, 2, 20)],
    ["FM6", "a date alone is China midnight", "2025-03-01", Date.UTC(2025, 1, 28, 16)],
    ["FM6", "surrounding blanks", "  2025-03-01 00:00:00 ", Date.UTC(2025, 1, 28, 16)],
    ["FM6", "leap day", "2024-02-29 12:00:00", Date.UTC(2024, 1, 29, 4)],
    ["FM6", "empty", "", undefined],
    ["FM6", "words", "next tuesday", undefined],
    ["FM6", "epoch digits", "1735660800000", undefined],
    ["FM6", "slashes", "2025/03/01", undefined],
    ["FM6", "February 30th", "2025-02-30", undefined],
    ["FM6", "February 29th in a common year", "2025-02-29 00:00:00", undefined],
    ["FM6", "month 13", "2025-13-01", undefined],
    ["FM6", "day 0", "2025-01-00", undefined],
    ["FM6", "hour 24", "2025-01-01T24:00:00", undefined],
    ["FM6", "minute 60", "2025-01-01T10:60", undefined],
    ["FM6", "second 60", "2025-01-01T10:00:60Z", undefined],
    ["FM6", "offset +25:00", "2025-01-01T00:00:00+25:00", undefined],
    ["FM6", "a zone without a time", "2025-01-01Z", undefined],
    ["FM6", "trailing text", "2025-01-01T00:00:00Z now", undefined]
  ] as const)("%s %s", (_rule, _name, text, expected) => {
    expect(parseChinaDateTime(text)).toBe(expected)
  })

  it("FM6 reads back every instant written by toISOString", () => {
    const instant = fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) })
    fc.assert(fc.property(instant, (time) => parseChinaDateTime(new Date(time).toISOString()) === time))
  })

  it("FM2 + FM6 a China date reads back as the start of that China day", () => {
    const instant = fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 30) })
    fc.assert(
      fc.property(instant, (time) => {
        const dayStart = parseChinaDateTime(formatChinaDate(time))
        return dayStart !== undefined && dayStart <= time && time < dayStart + DAY_MS
      })
    )
  })
})

describe("FM2 China days and clock times, for the server's reports and *_str fields", () => {
  it.each([
    ["FM2", "the epoch is 08:00:00 in China", 0, "1970-01-01 08:00:00"],
    ["FM2", "16:00 UTC is the next China midnight", Date.UTC(2024, 0, 1, 16), "2024-01-02 00:00:00"],
    ["FM2", "one second before China midnight", Date.UTC(2024, 0, 1, 15, 59, 59), "2024-01-01 23:59:59"],
    ["FM2", "milliseconds are dropped, not rounded", Date.UTC(2026, 10, 22, 10, 30, 0, 999), "2026-11-22 18:30:00"],
    ["FM2", "a Date is read like its epoch ms", new Date(Date.UTC(2026, 10, 22, 10, 30)), "2026-11-22 18:30:00"],
    ["FM2", "before the epoch", Date.UTC(1969, 11, 31, 15, 59, 59), "1969-12-31 23:59:59"]
  ] as const)("%s %s", (_rule, _name, at, expected) => {
    expect(formatChinaDateTime(at)).toBe(expected)
  })

  it.each([
    ["FM2", "an afternoon in China", Date.UTC(2026, 10, 22, 6), Date.UTC(2026, 10, 21, 16)],
    ["FM2", "China midnight starts its own day", Date.UTC(2026, 10, 21, 16), Date.UTC(2026, 10, 21, 16)],
    ["FM2", "one ms before China midnight is the day before", Date.UTC(2026, 10, 21, 15, 59, 59, 999), Date.UTC(2026, 10, 20, 16)],
    ["FM2", "before the epoch", Date.UTC(1969, 11, 31, 12), Date.UTC(1969, 11, 30, 16)]
  ] as const)("%s the day of %s starts at 00:00 China time and lasts 24 hours", (_rule, _name, at, start) => {
    expect(chinaDayBounds(at)).toEqual({ start, end: start + DAY_MS })
    expect(chinaDayBounds(new Date(at))).toEqual({ start, end: start + DAY_MS })
  })

  it("FM2 any instant lies in its day, the day starts at 00:00:00 and is the date formatChinaDate gives", () => {
    const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(9999, 11, 30) })
    fc.assert(
      fc.property(instant, (time) => {
        const { start, end } = chinaDayBounds(time)
        expect(start <= time && time < end).toBe(true)
        expect(chinaDateTimeParts(start)).toMatchObject({ hour: 0, minute: 0, second: 0 })
        expect(formatChinaDate(start)).toBe(formatChinaDate(time))
        expect(parseChinaDateTime(formatChinaDate(time))).toBe(start)
      })
    )
  })

  it("FM2 the date-time text reads back as the instant, to the second", () => {
    const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 30) })
    fc.assert(fc.property(instant, (time) => parseChinaDateTime(formatChinaDateTime(time)) === Math.floor(time / 1000) * 1000))
  })
})
