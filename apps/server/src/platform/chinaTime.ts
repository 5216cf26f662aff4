import { chinaCalendarDate, chinaDayBounds, formatChinaDate, formatChinaDateTime, parseChinaDateTime } from "@mido/core"

/**
 * The server's China-time (UTC+8) forms, all on the core's one calendar (domain/format/chinaTime.ts):
 * business days, upload months, the API's "YYYY-MM-DD HH:mm:ss" strings and trade numbers.
 */

/** The China calendar date of an instant, YYYY-MM-DD (a statement's business day). */
export const chinaDate = (at: Date): string => formatChinaDate(at.getTime())

/** The China-time calendar day (UTC+8) that contains `now`, as a half-open instant range. */
export const chinaDayRange = (now: Date): { start: Date; end: Date } => {
  const { start, end } = chinaDayBounds(now)
  return { start: new Date(start), end: new Date(end) }
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

/** Server time as the API writes it: "2026-11-22 18:30:00" in China time. */
export const chinaDateTime = (date: Date): string => formatChinaDateTime(date)

/** Seconds since the epoch, the API's created_at form. */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)
