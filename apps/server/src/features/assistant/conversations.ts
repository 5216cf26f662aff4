import type { AssistantConversation } from "@mido/core"
import { and, desc, eq, lt, or } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { assistantConversations, type ConversationRow } from "../../db/schema/assistant.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { badInput, CONVERSATION_NOT_FOUND, DEFAULT_TITLE, notFound } from "./assistantRefusal.js"

export const conversationView = (row: ConversationRow): AssistantConversation => ({
  id: row.id,
  title: row.title,
  last_text: row.lastText,
  created_at: chinaDateTime(row.createdAt),
  updated_at: chinaDateTime(row.updatedAt)
})

/** One of the caller's conversations; another user's id reads as missing. */
export const ownConversation = async (db: Db, uid: number, id: number): Promise<ConversationRow> => {
  const [row] = await db.select().from(assistantConversations).where(and(eq(assistantConversations.id, id), eq(assistantConversations.uid, uid))).limit(1)
  if (row === undefined) throw notFound(CONVERSATION_NOT_FOUND)
  return row
}

/** Keyset cursor of my conversations: the last row's updated_at (epoch ms) and id. */
const encodeCursor = (row: ConversationRow) => `${row.updatedAt.getTime()}_${row.id}`
const decodeCursor = (cursor: string): { at: Date; id: number } => {
  const match = /^(\d{1,15})_(\d{1,18})$/.exec(cursor)
  if (match === null) throw badInput("分页参数无效")
  return { at: new Date(Number(match[1])), id: Number(match[2]) }
}

/** My conversations, the latest active first, in keyset pages. */
export const listConversations = async (db: Db, uid: number, query: { readonly cursor?: string | undefined; readonly size: number }) => {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
  const table = assistantConversations
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(table.uid, uid), after === undefined ? undefined : or(lt(table.updatedAt, after.at), and(eq(table.updatedAt, after.at), lt(table.id, after.id)))))
    .orderBy(desc(table.updatedAt), desc(table.id))
    .limit(query.size + 1)
  const page = rows.slice(0, query.size)
  const last = page.at(-1)
  return { list: page.map(conversationView), ...(rows.length > query.size && last !== undefined ? { next_cursor: encodeCursor(last) } : {}) }
}

export const createConversation = async (db: Db, uid: number, title: string | undefined, now: Date): Promise<AssistantConversation> => {
  const [row] = await db.insert(assistantConversations).values({ uid, title: title?.trim() ?? DEFAULT_TITLE, createdAt: now, updatedAt: now }).returning()
  return conversationView(row!)
}

export const renameConversation = async (db: Db, uid: number, id: number, title: string): Promise<AssistantConversation> => {
  await ownConversation(db, uid, id)
  const [row] = await db.update(assistantConversations).set({ title: title.trim() }).where(and(eq(assistantConversations.id, id), eq(assistantConversations.uid, uid))).returning()
  if (row === undefined) throw notFound(CONVERSATION_NOT_FOUND)
  return conversationView(row)
}

/** Deletes the conversation and (cascade) its messages; the tasks and artworks it made stay the user's. */
export const removeConversation = async (db: Db, uid: number, id: number): Promise<{ id: number }> => {
  const removed = await db.delete(assistantConversations).where(and(eq(assistantConversations.id, id), eq(assistantConversations.uid, uid))).returning({ id: assistantConversations.id })
  if (removed.length === 0) throw notFound(CONVERSATION_NOT_FOUND)
  return { id }
}
