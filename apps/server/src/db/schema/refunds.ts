import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })
const money = (name: string) => bigint(name, { mode: "number" })

export type RefundState = "processing" | "refunded" | "failed"

/** 2900_order_refunds.sql: one full refund per order, keyed at the provider by refund_no. */
export const orderRefunds = pgTable("order_refunds", {
  orderId: bigint("order_id", { mode: "number" }).primaryKey(),
  refundNo: text("refund_no").notNull().unique(),
  amountFen: money("amount_fen").notNull(),
  state: text("state", { enum: ["processing", "refunded", "failed"] }).notNull(),
  beansTaken: money("beans_taken").notNull().default(0),
  vipDaysTaken: integer("vip_days_taken").notNull().default(0),
  attempts: integer("attempts").notNull().default(1),
  reason: text("reason").notNull(),
  actorUid: bigint("actor_uid", { mode: "number" }).notNull(),
  detail: text("detail").notNull().default(""),
  createdAt: at("created_at").notNull(),
  finishedAt: at("finished_at")
})

/** 2900_order_refunds.sql: the sandbox provider's refunds (its pay page shows 已退款). */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  refundNo: text("refund_no").primaryKey(),
  tradeNo: text("trade_no").notNull().unique(),
  amountFen: money("amount_fen").notNull(),
  createdAt: at("created_at").notNull()
})
