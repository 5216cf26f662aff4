import { CHINA_UTC_OFFSET_MS, chinaCalendarDate, formatChinaDate, parseChinaDateTime } from "@mido/core"

/**
 * The server's China-time (UTC+8) forms, all on the core's one calendar (domain/format/chinaTime.ts):
 * business days, upload months, the API's "YYYY-MM-DD HH:mm:ss" strings and trade numbers.
 */

const DAY_MS = 86_400_000

/** The China calendar date of an instant, YYYY-MM-DD (a statement's business day). */
export const chinaDate = (at: Date): string => formatChinaDate(at.getTime())

/** The China-time calendar day (UTC+8) that contains `now`, as a half-open instant range. */
export const chinaDayRange = (now: Date): { start: Date; end: Date } => {
  const start = Math.floor((now.getTime() + CHINA_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_UTC_OFFSET_MS
  return { start: new Date(start), end: new Date(start + DAY_MS) }
}

/** The instant a China day (YYYY-MM-DD) starts. */
export const chinaDayStart = (day: string): Date => {
  const start = parseChinaDateTime(day)
  if (start === undefined) throw new Error(`not a date: ${day}`)
  return new Date(start)
}

/** yyyyMM in China time, the product's clock (upload folders). */
export const chinaMonth = (now: Date): string => {
  const { year, month } = chinaCalendarDate(now.getTime())
  return `${year}${String(month).padStart(2, "0")}`
}

/**
 * Server time as the API writes it: "2026-11-22 18:30:00" in China time. The core has no date-time
 * formatter yet (only formatChinaDate), so the clock part is the offset arithmetic here.
 */
export const chinaDateTime = (date: Date): string =>
  new Date(date.getTime() + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ")

/** Seconds since the epoch, the API's created_at form. */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)
