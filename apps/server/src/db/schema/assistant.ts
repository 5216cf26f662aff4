import { bigint, bigserial, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })

/** A drawing the assistant proposed, as stored (0900_assistant.sql); the wire form adds its task. */
export interface StoredDrawing {
  readonly prompt: string
  readonly structured: { readonly subject: string; readonly style: string; readonly composition: string; readonly lighting: string }
  readonly edit_of?: string
  readonly cost: number
}

/** 0900_assistant.sql: the assistant's conversations (features/assistant). */
export const assistantConversations = pgTable("assistant_conversations", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  title: text("title").notNull(),
  lastText: text("last_text").notNull().default(""),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow()
})

export const assistantMessages = pgTable("assistant_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  conversationId: bigint("conversation_id", { mode: "number" }).notNull(),
  role: text("role").$type<"user" | "assistant">().notNull(),
  text: text("text").notNull().default(""),
  imageUrls: jsonb("image_urls").$type<ReadonlyArray<string>>().notNull().default([]),
  engine: text("engine"),
  drawing: jsonb("drawing").$type<StoredDrawing>(),
  taskId: uuid("task_id"),
  createdAt: at("created_at").notNull().defaultNow()
})

export type ConversationRow = typeof assistantConversations.$inferSelect
export type AssistantMessageRow = typeof assistantMessages.$inferSelect
