import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })

/** 2950_moderation.sql: the operator's word list; `form` is the word's matching form (MO4). */
export const moderationWords = pgTable("moderation_words", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  word: text("word").notNull(),
  form: text("form").notNull(),
  createdBy: bigint("created_by", { mode: "number" }),
  createdAt: at("created_at").notNull().defaultNow()
})

export type ModerationVerdictColumn = "refuse" | "review"

/** 2950_moderation.sql: refused or flagged texts and images, for the review queue (MO7). */
export const moderationOutcomes = pgTable("moderation_outcomes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  uid: bigint("uid", { mode: "number" }),
  place: text("place").notNull(),
  targetId: text("target_id"),
  content: text("content").notNull(),
  verdict: text("verdict").$type<ModerationVerdictColumn>().notNull(),
  labels: text("labels").array().notNull().default([]),
  checker: text("checker").notNull(),
  createdAt: at("created_at").notNull().defaultNow()
})
