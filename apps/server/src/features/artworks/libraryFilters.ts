import { type AuditStatus, parseChinaDateTime } from "@mido/core"
import type { LibraryTypeKey } from "@mido/core/generation"
import { and, eq, gte, lt, or, type SQL, sql } from "drizzle-orm"
import { artworks } from "../../db/schema/artworks.js"
import { badInput } from "./artworkRefusal.js"

const DAY_MS = 24 * 60 * 60 * 1000

/** The instant a China day (YYYY-MM-DD) starts; a day that does not exist (02-31) is refused. */
const dayStart = (day: string): Date => {
  const start = parseChinaDateTime(day)
  if (start === undefined) throw badInput("日期无效")
  return new Date(start)
}

/** `text` as a LIKE pattern that matches it literally anywhere: \, % and _ are escaped (the ESCAPE below). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * Words of the prompt (sd parameters) or the title, case-insensitive and literal: the text is a
 * bound parameter, never SQL, and its wildcards are escaped, so 100% finds "100%" only.
 */
const promptContains = (q: string): SQL => {
  const pattern = containsPattern(q)
  return or(
    sql`(${artworks.parameters} ->> 'prompt') ilike ${pattern} escape '\\'`,
    sql`${artworks.title} ilike ${pattern} escape '\\'`
  )!
}

/** LB2: the rows of a library tab: uploads and tool results by their origin, drawings by their type. */
export const libraryTypeIs = (type: LibraryTypeKey): SQL =>
  type === "upload" || type === "tool" ? eq(artworks.origin, type) : and(eq(artworks.type, type), eq(artworks.origin, "draw"))!

/** The library's filters as conditions: type, review state, China days (both inclusive), search words. */
export const libraryFilters = (query: {
  readonly type?: LibraryTypeKey | undefined
  readonly audit_status?: AuditStatus | undefined
  readonly q?: string | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
}): Array<SQL> => {
  const conditions: Array<SQL> = []
  if (query.type !== undefined) conditions.push(libraryTypeIs(query.type))
  if (query.audit_status !== undefined) conditions.push(eq(artworks.auditStatus, query.audit_status))
  const from = query.from === undefined ? undefined : dayStart(query.from)
  const to = query.to === undefined ? undefined : new Date(dayStart(query.to).getTime() + DAY_MS)
  if (from !== undefined && to !== undefined && from >= to) throw badInput("开始日期不能晚于结束日期")
  if (from !== undefined) conditions.push(gte(artworks.createdAt, from))
  if (to !== undefined) conditions.push(lt(artworks.createdAt, to))
  if (query.q !== undefined && query.q !== "") conditions.push(promptContains(query.q))
  return conditions
}
