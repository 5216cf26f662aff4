/**
 * AC7–AC9 (docs/spec/activity.md): the demo activities' dates, computed from the seed's clock so that
 * a demo seeded on any day shows each activity in its season (端午 around the Dragon Boat Festival,
 * 夏日 in July and August, 冬日 from December to February) with sensible states: the season of today
 * ongoing, the next one upcoming, the others ended. Pure: today in, dates out.
 */

/** The demo's seasonal activities; their windows tile the year, so one is always ongoing. */
export type SeasonKey = "winter" | "spring" | "boat" | "summer" | "autumn"

/** The Dragon Boat Festival (lunar 5/5) in the Gregorian calendar, [month, day]. */
const DRAGON_BOAT: Readonly<Record<number, readonly [number, number]>> = {
  2023: [6, 22], 2024: [6, 10], 2025: [5, 31], 2026: [6, 19], 2027: [6, 9], 2028: [5, 28], 2029: [6, 16],
  2030: [6, 5], 2031: [6, 24], 2032: [6, 12], 2033: [6, 1], 2034: [6, 20], 2035: [6, 10]
}
/** Outside the table: its middle, close enough for a demo. */
const DRAGON_BOAT_USUAL: readonly [number, number] = [6, 10]

const DAY = 86_400_000
const CHINA_OFFSET = 8 * 3_600_000

/** A China calendar day as a day number (days since 1970-01-01). */
const dayOf = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / DAY
const chinaDayNumber = (at: Date): number => Math.floor((at.getTime() + CHINA_OFFSET) / DAY)
const chinaYear = (at: Date): number => new Date(at.getTime() + CHINA_OFFSET).getUTCFullYear()

interface Window {
  readonly key: SeasonKey
  /** first and last China day, inclusive */
  readonly first: number
  readonly last: number
}

/** AC7: the windows of the seasons that start in `year`, in order. */
const windowsOf = (year: number): ReadonlyArray<Window> => {
  const [month, day] = DRAGON_BOAT[year] ?? DRAGON_BOAT_USUAL
  const festival = dayOf(year, month, day)
  const boat = { first: festival - 21, last: festival + 7 }
  return [
    { key: "spring", first: dayOf(year, 3, 1), last: boat.first - 1 },
    { key: "boat", ...boat },
    { key: "summer", first: boat.last + 1, last: dayOf(year, 8, 31) },
    { key: "autumn", first: dayOf(year, 9, 1), last: dayOf(year, 11, 30) },
    // to the last day of February, a day before March 1
    { key: "winter", first: dayOf(year, 12, 1), last: dayOf(year + 1, 3, 1) - 1 }
  ]
}

export interface ActivityDates {
  readonly startAt: Date
  /** the end, exclusive: the start of the day after the last */
  readonly endAt: Date
}

const datesOf = (window: Window): ActivityDates => ({
  startAt: new Date(window.first * DAY - CHINA_OFFSET),
  endAt: new Date((window.last + 1) * DAY - CHINA_OFFSET)
})

/**
 * AC8–AC9: each season's dates for a demo seeded at `now`: the window holding today (ongoing), the
 * window right after it (upcoming), and for every other season its latest window before today (ended).
 */
export const seasonalActivityDates = (now: Date): Readonly<Record<SeasonKey, ActivityDates>> => {
  const today = chinaDayNumber(now)
  const year = chinaYear(now)
  const windows = [year - 2, year - 1, year, year + 1].flatMap(windowsOf)
  const current = windows.findIndex((window) => window.first <= today && today <= window.last)
  const ongoing = windows[current]!
  const upcoming = windows[current + 1]!
  const chosen = (key: SeasonKey): Window =>
    key === ongoing.key ? ongoing : key === upcoming.key ? upcoming : windows.filter((window) => window.key === key && window.last < today).at(-1)!
  const keys: ReadonlyArray<SeasonKey> = ["winter", "spring", "boat", "summer", "autumn"]
  return Object.fromEntries(keys.map((key) => [key, datesOf(chosen(key))])) as Record<SeasonKey, ActivityDates>
}
