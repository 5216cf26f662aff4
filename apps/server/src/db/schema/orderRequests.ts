import { bigint, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })

/** 0720_order_idempotency.sql: one order per (user, Idempotency-Key) (R45, R30). */
export const orderIdempotencyKeys = pgTable("order_idempotency_keys", {
  uid: bigint("uid", { mode: "number" }).notNull(),
  key: text("key").notNull(),
  requestHash: text("request_hash").notNull(),
  orderId: bigint("order_id", { mode: "number" }),
  createdAt: at("created_at").notNull()
}, (table) => [primaryKey({ columns: [table.uid, table.key] })])

/** 0720_order_idempotency.sql: fixed-window request counters shared by every process (R29). */
export const rateWindows = pgTable("rate_windows", {
  key: text("key").notNull(),
  windowStart: at("window_start").notNull(),
  hits: integer("hits").notNull()
}, (table) => [primaryKey({ columns: [table.key, table.windowStart] })])
