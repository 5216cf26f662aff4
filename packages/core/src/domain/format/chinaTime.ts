/**
 * Calendar arithmetic in China time (UTC+8, no daylight saving), the product's clock. Dates are
 * computed from the epoch by arithmetic, never through the host's time zone, so a server in UTC and a
 * browser in Berlin show the same date as a user in Shanghai. Every UTC+8 computation of the core and
 * the server goes through here: nothing else adds 8 hours by hand.
 */

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
export const CHINA_UTC_OFFSET_MS = 8 * 60 * MINUTE_MS

/** A moment: epoch milliseconds (the core's clock) or a Date (the server's rows). */
export type Instant = number | Date

const epochMsOf = (at: Instant): number => (typeof at === "number" ? at : at.getTime())

export interface CalendarDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

/** A calendar date and a wall-clock time of day (whole seconds). */
export interface ChinaDateTimeParts extends CalendarDate {
  readonly hour: number
  readonly minute: number
  readonly second: number
}

// Days since 1970-01-01 ⇄ proleptic Gregorian dates (H. Hinnant's civil_from_days / days_from_civil).
const civilFromDays = (days: number): CalendarDate => {
  const shifted = days + 719_468
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

const daysFromCivil = ({ year, month, day }: CalendarDate): number => {
  const marchYear = month <= 2 ? year - 1 : year
  const era = Math.floor(marchYear / 400)
  const yearOfEra = marchYear - era * 400
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

const daysInMonth = (year: number, month: number): number =>
  daysFromCivil(month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 }) -
  daysFromCivil({ year, month, day: 1 })

/** FM2: the calendar date in China of an instant. */
export const chinaCalendarDate = (at: Instant): CalendarDate =>
  civilFromDays(Math.floor((epochMsOf(at) + CHINA_UTC_OFFSET_MS) / DAY_MS))

/** FM2: the date and the time of day (whole seconds) on a clock in China at an instant. */
export const chinaDateTimeParts = (at: Instant): ChinaDateTimeParts => {
  const shifted = epochMsOf(at) + CHINA_UTC_OFFSET_MS
  const days = Math.floor(shifted / DAY_MS)
  const secondOfDay = Math.floor((shifted - days * DAY_MS) / 1000)
  return {
    ...civilFromDays(days),
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor(secondOfDay / 60) % 60,
    second: secondOfDay % 60
  }
}

/**
 * The China calendar day (00:00 to 24:00 UTC+8) that contains an instant, as epoch ms, half-open:
 * start <= t < end. What "today" means for daily limits and reports.
 */
export const chinaDayBounds = (at: Instant): { readonly start: number; readonly end: number } => {
  const start = Math.floor((epochMsOf(at) + CHINA_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_UTC_OFFSET_MS
  return { start, end: start + DAY_MS }
}

const pad = (value: number, width: number): string =>
  `${value < 0 ? "-" : ""}${String(Math.abs(value)).padStart(width, "0")}`

/** FM2: an instant as YYYY-MM-DD in China time. */
export const formatChinaDate = (at: Instant): string => {
  const { year, month, day } = chinaCalendarDate(at)
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

/** An instant as "YYYY-MM-DD HH:mm:ss" in China time: the server's `*_str` fields (spec §3), read back by parseChinaDateTime. */
export const formatChinaDateTime = (at: Instant): string => {
  const { hour, minute, second } = chinaDateTimeParts(at)
  return `${formatChinaDate(at)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}`
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

const zoneOffsetMs = (zone: string | undefined): number | undefined => {
  if (zone === undefined) return CHINA_UTC_OFFSET_MS
  if (zone.toUpperCase() === "Z") return 0
  const digits = zone.slice(1).replace(":", "")
  const hours = Number(digits.slice(0, 2))
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0
  if (hours > 23 || minutes > 59) return undefined
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes) * MINUTE_MS
}

/**
 * FM6: an ISO 8601 date or date-time (also the server's "YYYY-MM-DD HH:mm:ss" form) as epoch ms.
 * Without a zone designator the text is China time, because that is what the server's *_str fields
 * hold; JavaScript's Date.parse would read it in the host's zone instead. Anything else, or an
 * impossible date such as 2025-02-30, gives undefined.
 */
export const parseChinaDateTime = (text: string): number | undefined => {
  const match = DATE_TIME.exec(text.trim())
  if (match === null) return undefined
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "", zone] = match
  const date = { year: Number(year), month: Number(month), day: Number(day) }
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) return undefined
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined
  const offset = zoneOffsetMs(zone)
  if (offset === undefined) return undefined
  const millis = Number(fraction.padEnd(3, "0").slice(0, 3))
  const clockMs = ((Number(hour) * 60 + Number(minute)) * 60 + Number(second)) * 1000 + millis
  return daysFromCivil(date) * DAY_MS + clockMs - offset
}
