import type { AssistantMessage, TaskView } from "@mido/core"
import { and, desc, eq, inArray, lt } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { type AssistantMessageRow, assistantMessages } from "../../db/schema/assistant.js"
import { tasks } from "../../db/schema/tasks.js"
import type { AssistantTurn } from "../../adapters/assistant/assistantPort.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { taskViews } from "../generation/taskView.js"
import { badInput } from "./assistantRefusal.js"
import { ownConversation } from "./conversations.js"

type StorageConfig = { readonly storageUrl: string }

/** The tasks of the drawings among `rows`, by task id (one query, the task API's own view). */
const tasksOf = async (db: Db, config: StorageConfig, rows: ReadonlyArray<AssistantMessageRow>): Promise<Map<string, TaskView>> => {
  const ids = rows.flatMap((row) => (row.taskId === null ? [] : [row.taskId]))
  if (ids.length === 0) return new Map()
  const views = await taskViews(db, config, await db.select().from(tasks).where(inArray(tasks.id, ids)))
  return new Map(views.map((view) => [view.id, view]))
}

const viewOf = (row: AssistantMessageRow, task: TaskView | undefined): AssistantMessage => ({
  id: row.id,
  conversation_id: row.conversationId,
  role: row.role,
  text: row.text,
  image_urls: row.imageUrls,
  ...(row.drawing === null ? {} : { drawing: { ...row.drawing, ...(task === undefined ? {} : { task }) } }),
  ...(row.engine === null ? {} : { engine: row.engine }),
  created_at: chinaDateTime(row.createdAt)
})

export const messageViews = async (db: Db, config: StorageConfig, rows: ReadonlyArray<AssistantMessageRow>): Promise<Array<AssistantMessage>> => {
  const byTask = await tasksOf(db, config, rows)
  return rows.map((row) => viewOf(row, row.taskId === null ? undefined : byTask.get(row.taskId)))
}

/** A conversation's messages, newest first, keyset on the id (the page shows them oldest first). */
export const listMessages = async (
  db: Db,
  config: StorageConfig,
  uid: number,
  query: { readonly conversation_id: number; readonly cursor?: string | undefined; readonly size: number }
): Promise<{ list: Array<AssistantMessage>; next_cursor?: string }> => {
  await ownConversation(db, uid, query.conversation_id)
  if (query.cursor !== undefined && !/^\d{1,18}$/.test(query.cursor)) throw badInput("分页参数无效")
  const before = query.cursor === undefined ? undefined : Number(query.cursor)
  const rows = await db
    .select()
    .from(assistantMessages)
    .where(and(eq(assistantMessages.conversationId, query.conversation_id), before === undefined ? undefined : lt(assistantMessages.id, before)))
    .orderBy(desc(assistantMessages.id))
    .limit(query.size + 1)
  const page = rows.slice(0, query.size)
  const last = page.at(-1)
  return { list: await messageViews(db, config, page), ...(rows.length > query.size && last !== undefined ? { next_cursor: String(last.id) } : {}) }
}

/** How many earlier messages the assistant reads. */
export const HISTORY_TURNS = 20

/** The conversation as the assistant reads it, oldest first: a drawing's turn carries the images it made. */
export const historyOf = async (db: Db, config: StorageConfig, conversationId: number): Promise<Array<AssistantTurn>> => {
  const rows = await db.select().from(assistantMessages).where(eq(assistantMessages.conversationId, conversationId)).orderBy(desc(assistantMessages.id)).limit(HISTORY_TURNS)
  const views = await messageViews(db, config, rows.reverse())
  return views.map((view) => ({
    role: view.role,
    text: view.text,
    imageUrls: view.role === "user" ? view.image_urls : (view.drawing?.task?.images ?? []).map((image) => image.url),
    ...(view.drawing === undefined ? {} : { drawing: { prompt: view.drawing.prompt, structured: view.drawing.structured } })
  }))
}
