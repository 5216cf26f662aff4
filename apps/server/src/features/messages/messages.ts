import type { Message, MessageContentJson, MessageTab, UnreadCounts } from "@mido/core"
import { MESSAGE_CONTENT_FIELDS, MESSAGE_TABS } from "@mido/core/account"
import { and, count, desc, eq, inArray, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { messages } from "../../db/schema/messages.js"
import { unixSeconds } from "../../platform/chinaTime.js"

/**
 * Messages of the drawer (spec §2, §3): created by events, read by their recipient only (R11: every
 * query here filters by the recipient's uid in the query itself).
 */

export interface NewMessage {
  /** The recipient. */
  readonly uid: number
  readonly type: MessageTab
  /** The content object of spec §3 (empty fields are left out), or an already written JSON string. */
  readonly content: MessageContentJson | string
  /** A repeated event with the same key sends nothing new (e.g. like, unlike, like again). */
  readonly dedupeKey?: string
  /** Defaults to the database's now(); handlers pass deps.now(). */
  readonly createdAt?: Date
}

/** The JSON string of spec §3: known fields only, empty ones left out; text stays text (R16). */
export const messageContentText = (content: MessageContentJson | string): string =>
  typeof content === "string"
    ? content
    : JSON.stringify(
      Object.fromEntries(
        MESSAGE_CONTENT_FIELDS.flatMap((field) => {
          const value = content[field]
          return value === undefined || value === "" ? [] : [[field, value]]
        })
      )
    )

/**
 * Creates one message for `uid`; other modules call this (community for mentions, commerce for system
 * notices). Pass the transaction of the event so both stay or go together. Answers the new id, or
 * undefined when `dedupeKey` was already used for this recipient.
 */
export const createMessage = async (db: Db, message: NewMessage): Promise<number | undefined> => {
  const [row] = await db
    .insert(messages)
    .values({
      uid: message.uid,
      type: message.type,
      content: messageContentText(message.content),
      ...(message.dedupeKey !== undefined ? { dedupeKey: message.dedupeKey } : {}),
      ...(message.createdAt !== undefined ? { createdAt: message.createdAt } : {})
    })
    .onConflictDoNothing({ target: [messages.uid, messages.dedupeKey] })
    .returning({ id: messages.id })
  return row?.id
}

/** The badge and the tabs: unread messages of `uid`, per type and in total. */
export const unreadCounts = async (db: Db, uid: number): Promise<UnreadCounts> => {
  const rows = await db
    .select({ type: messages.type, unread: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.uid, uid), eq(messages.isRead, 0)))
    .groupBy(messages.type)
  const counts: Record<MessageTab, number> = { system: 0, like: 0, follow: 0, mention: 0 }
  for (const row of rows) counts[row.type] = Number(row.unread)
  return { ...counts, total: MESSAGE_TABS.reduce((sum, tab) => sum + counts[tab], 0) }
}

/** One tab of `uid`'s drawer, newest first. */
export const listMessages = async (db: Db, uid: number, type: MessageTab, page: number, size: number) => {
  const where = and(eq(messages.uid, uid), eq(messages.type, type))
  const [rows, [total]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(size).offset((page - 1) * size),
    db.select({ total: count() }).from(messages).where(where)
  ])
  const list: Array<Message> = rows.map((row) => ({
    id: row.id,
    type: row.type,
    is_read: row.isRead === 1 ? 1 : 0,
    created_at: unixSeconds(row.createdAt),
    content: row.content
  }))
  return { list, total: Number(total?.total ?? 0) }
}

/** Marks `uid`'s own messages read, by ids or by tab ("all": every tab); others' ids are skipped (R11). */
export const markRead = async (db: Db, uid: number, target: { readonly ids?: ReadonlyArray<number> | undefined; readonly type?: MessageTab | "all" | undefined }) => {
  const conditions = [eq(messages.uid, uid), eq(messages.isRead, 0)]
  if (target.ids !== undefined) conditions.push(inArray(messages.id, [...target.ids]))
  if (target.type !== undefined && target.type !== "all") conditions.push(eq(messages.type, target.type))
  const changed = await db.update(messages).set({ isRead: 1 }).where(and(...conditions)).returning({ id: messages.id })
  return changed.length
}
