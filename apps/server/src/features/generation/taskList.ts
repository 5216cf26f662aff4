import { parseChinaDateTime } from "@mido/core"
import { type TaskListQuery, type TaskView } from "@mido/core/generation"
import { and, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { tasks } from "../../db/schema/tasks.js"
import { containsPattern } from "../artworks/libraryFilters.js"
import { badInput } from "./generationRefusal.js"
import { taskViews } from "./taskView.js"

const DAY_MS = 24 * 60 * 60 * 1000

const dayStart = (day: string): Date => {
  const start = parseChinaDateTime(day)
  if (start === undefined) throw badInput("日期无效")
  return new Date(start)
}

/** Keyset cursor of my tasks: the last row's created_at (epoch ms) and id. */
const encodeCursor = (createdAt: Date, id: string) => `${createdAt.getTime()}_${id}`
const decodeCursor = (cursor: string): { at: Date; id: string } => {
  const match = /^(\d{1,15})_([0-9a-f-]{36})$/.exec(cursor)
  if (match === null) throw badInput("分页参数无效")
  return { at: new Date(Number(match[1])), id: match[2]! }
}

const filtersOf = (uid: number, query: TaskListQuery): Array<SQL | undefined> => [
  eq(tasks.uid, uid),
  query.q !== undefined && query.q.trim() !== "" ? sql`${tasks.prompt} ilike ${containsPattern(query.q.trim())} escape '\\'` : undefined,
  query.type !== undefined ? eq(tasks.type, query.type) : undefined,
  query.model !== undefined && query.model !== "" ? eq(tasks.model, query.model) : undefined,
  query.status !== undefined ? eq(tasks.status, query.status) : undefined,
  query.from !== undefined ? gte(tasks.createdAt, dayStart(query.from)) : undefined,
  query.to !== undefined ? lt(tasks.createdAt, new Date(dayStart(query.to).getTime() + DAY_MS)) : undefined
]

/** My tasks, newest first, in keyset pages (kept for good; search by prompt, filter by type, model, status, China days). */
export const listTasks = async (db: Db, config: { readonly storageUrl: string }, uid: number, query: TaskListQuery): Promise<{ list: Array<TaskView>; next_cursor?: string }> => {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
  const rows = await db
    .select()
    .from(tasks)
    .where(and(...filtersOf(uid, query), after === undefined ? undefined : or(lt(tasks.createdAt, after.at), and(eq(tasks.createdAt, after.at), lt(tasks.id, after.id)))))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(query.size + 1)
  const page = rows.slice(0, query.size)
  const last = page.at(-1)
  return { list: await taskViews(db, config, page), ...(rows.length > query.size && last !== undefined ? { next_cursor: encodeCursor(last.createdAt, last.id) } : {}) }
}
