import { describe, expect, it } from "vitest"
import { type SeasonKey, seasonalActivityDates } from "./activityDates.js"

/** A China date (YYYY-MM-DD) at noon China time, as the seed's clock would read. */
const chinaNoon = (day: string) => new Date(`${day}T12:00:00+08:00`)
/** A China date of an instant. */
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
/** The last day of a window, from its exclusive end. */
const lastDay = (end: Date) => chinaDay(new Date(end.getTime() - 1))

type Row = readonly [string, string, Readonly<Record<SeasonKey, string>>]

// AC7–AC9: [rule, today, each season's first…last China day]
const rows: ReadonlyArray<Row> = [
  ["AC8", "2026-11-27", { autumn: "2026-09-01…2026-11-30", winter: "2026-12-01…2027-02-28", spring: "2026-03-01…2026-05-28", boat: "2026-05-29…2026-06-26", summer: "2026-06-27…2026-08-31" }],
  ["AC8", "2026-06-01", { boat: "2026-05-29…2026-06-26", summer: "2026-06-27…2026-08-31", spring: "2026-03-01…2026-05-28", autumn: "2025-09-01…2025-11-30", winter: "2025-12-01…2026-02-28" }],
  ["AC9", "2027-01-15", { winter: "2026-12-01…2027-02-28", spring: "2027-03-01…2027-05-18", autumn: "2026-09-01…2026-11-30", summer: "2026-06-27…2026-08-31", boat: "2026-05-29…2026-06-26" }],
  ["AC7", "2028-02-29", { winter: "2027-12-01…2028-02-29", spring: "2028-03-01…2028-05-06", boat: "2027-05-19…2027-06-16", summer: "2027-06-17…2027-08-31", autumn: "2027-09-01…2027-11-30" }],
  ["AC7", "2027-05-19", { boat: "2027-05-19…2027-06-16", summer: "2027-06-17…2027-08-31", spring: "2027-03-01…2027-05-18", winter: "2026-12-01…2027-02-28", autumn: "2026-09-01…2026-11-30" }],
  ["AC9", "2040-07-01", { summer: "2040-06-18…2040-08-31", autumn: "2040-09-01…2040-11-30", boat: "2040-05-20…2040-06-17", spring: "2040-03-01…2040-05-19", winter: "2039-12-01…2040-02-29" }]
]

describe("AC7–AC9: the demo activities' dates for the day the demo is seeded", () => {
  it.each(rows)("%s today %s", (_rule, today, expected) => {
    const dates = seasonalActivityDates(chinaNoon(today))
    const shown = Object.fromEntries(Object.entries(dates).map(([key, { startAt, endAt }]) => [key, `${chinaDay(startAt)}…${lastDay(endAt)}`]))
    expect(shown).toEqual(expected)
  })

  it.each(["2026-01-01", "2026-03-01", "2026-05-28", "2026-05-29", "2026-08-31", "2026-12-31", "2031-07-02"])("AC8 %s: exactly one ongoing, one upcoming, the rest ended", (today) => {
    const now = chinaNoon(today)
    const states = Object.values(seasonalActivityDates(now)).map(({ startAt, endAt }) => (startAt > now ? "upcoming" : endAt <= now ? "ended" : "ongoing"))
    expect(states.filter((state) => state === "ongoing")).toHaveLength(1)
    expect(states.filter((state) => state === "upcoming")).toHaveLength(1)
    expect(states.filter((state) => state === "ended")).toHaveLength(3)
  })

  it("AC7 a window starts and ends at China midnight", () => {
    const { boat } = seasonalActivityDates(chinaNoon("2026-06-01"))
    expect(boat.startAt.toISOString()).toBe("2026-05-28T16:00:00.000Z")
    expect(boat.endAt.toISOString()).toBe("2026-06-26T16:00:00.000Z")
  })
})
