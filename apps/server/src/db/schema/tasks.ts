import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })

export type TaskStatusColumn = "queued" | "running" | "succeeded" | "failed" | "cancelled"

/** 0800_tasks.sql: drawing and tool tasks, the anchor of their charge and refund (features/generation). */
export const tasks = pgTable("tasks", {
  id: uuid("id").primaryKey(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  type: text("type").$type<"quick" | "quick_mj" | "sd" | "agent" | "tool">().notNull(),
  tool: text("tool"),
  status: text("status").$type<TaskStatusColumn>().notNull().default("queued"),
  engineKind: text("engine_kind").notNull(),
  engineLabel: text("engine_label").notNull(),
  queue: text("queue").notNull(),
  params: jsonb("params").$type<unknown>().notNull(),
  seed: bigint("seed", { mode: "number" }).notNull(),
  randomSeed: boolean("random_seed").notNull().default(false),
  prompt: text("prompt").notNull().default(""),
  model: text("model"),
  num: integer("num").notNull(),
  cost: bigint("cost", { mode: "number" }).notNull(),
  refunded: bigint("refunded", { mode: "number" }).notNull().default(0),
  progress: integer("progress").notNull().default(0),
  previewKey: text("preview_key"),
  reason: text("reason"),
  requestId: text("request_id"),
  retryOf: uuid("retry_of"),
  attempts: integer("attempts").notNull().default(0),
  artworkIds: bigint("artwork_ids", { mode: "number" }).array().notNull().default([]),
  /** 2200_task_engine_task_id.sql: the engine's own job id (midjourney-proxy task id), for MJ actions */
  engineTaskId: text("engine_task_id"),
  createdAt: at("created_at").notNull().defaultNow(),
  startedAt: at("started_at"),
  finishedAt: at("finished_at"),
  heartbeatAt: at("heartbeat_at")
})

export type TaskRow = typeof tasks.$inferSelect
