import type { TaskSubmit, TaskView } from "@mido/core/generation"
import { and, eq, inArray, lt, or, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { type TaskRow, tasks } from "../../db/schema/tasks.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { objectUrl } from "../files/storedFiles.js"
import { notFound } from "./generationRefusal.js"

type StorageConfig = { readonly storageUrl: string }

/** Queued only: 1 + the queued tasks of the same queue ahead of it (older, or as old with a smaller id). */
const positionOf = async (db: Db, row: TaskRow): Promise<number> => {
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.queue, row.queue), eq(tasks.status, "queued"), or(lt(tasks.createdAt, row.createdAt), and(eq(tasks.createdAt, row.createdAt), lt(tasks.id, row.id)))))
  return (ahead?.n ?? 0) + 1
}

/** The images of these tasks (artworks saved by the worker), by artwork id. */
const imagesOf = async (db: Db, rows: ReadonlyArray<TaskRow>) => {
  const ids = rows.flatMap((row) => row.artworkIds)
  if (ids.length === 0) return new Map<number, { cover: string; width: number; height: number }>()
  const found = await db.select({ id: artworks.id, cover: artworks.cover, width: artworks.width, height: artworks.height }).from(artworks).where(inArray(artworks.id, ids))
  return new Map(found.map((artwork) => [artwork.id, artwork]))
}

const viewOf = (config: StorageConfig, row: TaskRow, images: Map<number, { cover: string; width: number; height: number }>, position: number | undefined): TaskView => ({
  id: row.id,
  type: row.type,
  ...(row.tool !== null ? { tool: row.tool as TaskView["tool"] & string } : {}),
  status: row.status,
  ...(position !== undefined ? { position } : {}),
  progress: row.progress,
  ...(row.status === "running" && row.previewKey !== null ? { preview_url: objectUrl(config, row.previewKey) } : {}),
  images: row.artworkIds.flatMap((id) => {
    const image = images.get(id)
    return image === undefined ? [] : [{ artwork_id: id, url: image.cover, width: image.width, height: image.height }]
  }),
  num: row.num,
  cost: row.cost,
  refunded: row.refunded,
  ...(row.reason !== null ? { reason: row.reason } : {}),
  prompt: row.prompt,
  ...(row.model !== null ? { model: row.model } : {}),
  engine: row.engineLabel,
  params: row.params as TaskSubmit,
  ...(row.retryOf !== null ? { retry_of: row.retryOf } : {}),
  created_at: chinaDateTime(row.createdAt),
  ...(row.startedAt !== null ? { started_at: chinaDateTime(row.startedAt) } : {}),
  ...(row.finishedAt !== null ? { finished_at: chinaDateTime(row.finishedAt) } : {})
})

/** Task rows as the API shows them (positions only for queued ones). */
export const taskViews = async (db: Db, config: StorageConfig, rows: ReadonlyArray<TaskRow>): Promise<Array<TaskView>> => {
  const images = await imagesOf(db, rows)
  return Promise.all(rows.map(async (row) => viewOf(config, row, images, row.status === "queued" ? await positionOf(db, row) : undefined)))
}

/** One of the caller's tasks; another user's id is simply not found (R11). */
export const ownTaskRow = async (db: Db, uid: number, id: string): Promise<TaskRow> => {
  const [row] = await db.select().from(tasks).where(and(eq(tasks.id, id), eq(tasks.uid, uid))).limit(1)
  if (row === undefined) throw notFound("任务不存在")
  return row
}

export const taskView = async (db: Db, config: StorageConfig, row: TaskRow): Promise<TaskView> => (await taskViews(db, config, [row]))[0]!
