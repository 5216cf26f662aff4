import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { beanLedger } from "../../db/schema/commerce.js"
import { type TaskRow, type TaskStatusColumn, tasks } from "../../db/schema/tasks.js"
import { users } from "../../db/schema/users.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { CHARGE_KIND, REFUND_KIND } from "../generation/taskSettle.js"

/**
 * A task queued or running longer than this is stuck for the console (失败并退款 is offered). Longer
 * than the longest engine timeout (GenerationTuning.timeoutMs) plus the queue's wait, so a slow but
 * live draw is never offered.
 */
export const STUCK_AFTER_MS = 15 * 60_000

export const isStuck = (row: Pick<TaskRow, "status" | "createdAt">, now: Date): boolean =>
  (row.status === "queued" || row.status === "running") && now.getTime() - row.createdAt.getTime() > STUCK_AFTER_MS

const rowOf = (row: TaskRow & { nickname: string | null }, now: Date) => ({
  id: row.id,
  uid: row.uid,
  nickname: row.nickname ?? "",
  type: row.type,
  status: row.status,
  engine: row.engineKind,
  engine_label: row.engineLabel,
  prompt: row.prompt,
  cost: row.cost,
  refunded: row.refunded,
  stuck: isStuck(row, now),
  created_at_str: chinaDateTime(row.createdAt)
})

const withNickname = { task: tasks, nickname: users.nickname }
const flat = (joined: { task: TaskRow; nickname: string | null }) => ({ ...joined.task, nickname: joined.nickname })

/** 任务: one page of the queue, newest first, by state and engine kind (tasks_status / engine filters). */
export const taskPage = async (db: Db, filter: { readonly status?: TaskStatusColumn; readonly engine?: string }, page: number, size: number, now: Date) => {
  const parts: Array<SQL> = []
  if (filter.status !== undefined) parts.push(eq(tasks.status, filter.status))
  if (filter.engine !== undefined && filter.engine !== "") parts.push(eq(tasks.engineKind, filter.engine))
  const where = parts.length === 0 ? undefined : and(...parts)
  const rows = await db.select(withNickname).from(tasks).leftJoin(users, eq(users.uid, tasks.uid)).where(where).orderBy(desc(tasks.createdAt), desc(tasks.id)).limit(size).offset((page - 1) * size)
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(tasks).where(where)
  return { list: rows.map((row) => rowOf(flat(row), now)), total: counted?.total ?? 0 }
}

const at = (date: Date | null) => (date === null ? null : chinaDateTime(date))

/** A task's full record, or undefined when there is none: what the worker knew and what the money did. */
export const taskRecord = async (db: Db, id: string, now: Date) => {
  const [joined] = await db.select(withNickname).from(tasks).leftJoin(users, eq(users.uid, tasks.uid)).where(eq(tasks.id, id)).limit(1)
  if (joined === undefined) return undefined
  const row = flat(joined)
  const images = row.artworkIds.length === 0 ? [] : await db.select({ cover: artworks.cover }).from(artworks).where(inArray(artworks.id, row.artworkIds)).orderBy(asc(artworks.id))
  const ledger = await db.select().from(beanLedger).where(and(eq(beanLedger.ref, id), eq(beanLedger.uid, row.uid), inArray(beanLedger.kind, [CHARGE_KIND, REFUND_KIND]))).orderBy(asc(beanLedger.id))
  return {
    task: rowOf(row, now),
    params: row.params,
    engine_task_id: row.engineTaskId,
    seed: row.seed,
    num: row.num,
    attempts: row.attempts,
    progress: row.progress,
    reason: row.reason,
    retry_of: row.retryOf,
    started_at_str: at(row.startedAt),
    finished_at_str: at(row.finishedAt),
    heartbeat_at_str: at(row.heartbeatAt),
    images: images.map((image) => image.cover),
    ledger: ledger.map((entry) => ({ kind: entry.kind, amount: entry.actionAmount, remark: entry.remark, created_at_str: chinaDateTime(entry.createdAt) }))
  }
}
