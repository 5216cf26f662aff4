import { bigint, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core"

export type MessageTypeColumn = "system" | "like" | "follow" | "mention"

/** 0400_messages.sql: the message drawer; `content` is the JSON string served as it is (spec §3). */
export const messages = pgTable("messages", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  type: text("type").$type<MessageTypeColumn>().notNull(),
  isRead: smallint("is_read").notNull().default(0),
  content: text("content").notNull(),
  dedupeKey: text("dedupe_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
})
