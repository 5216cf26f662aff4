import { bigint, date, pgTable, smallint, text, timestamp, unique } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })
const money = (name: string) => bigint(name, { mode: "number" })

/** 0710_payment_reconciliation.sql: the sandbox provider's own state of a trade (R28). */
export const sandboxTrades = pgTable("sandbox_trades", {
  tradeNo: text("trade_no").primaryKey(),
  amountFen: money("amount_fen").notNull(),
  state: text("state", { enum: ["SUCCESS", "PAYERROR", "CLOSED"] }).notNull(),
  providerTxnId: text("provider_txn_id").notNull().unique(),
  paidAt: at("paid_at"),
  updatedAt: at("updated_at").notNull()
})

/** 0710_payment_reconciliation.sql: the R28 query checkpoints an open order has had. */
export const orderReconciliation = pgTable("order_reconciliation", {
  orderId: bigint("order_id", { mode: "number" }).primaryKey(),
  queries: smallint("queries").notNull().default(0),
  lastState: text("last_state"),
  lastQueriedAt: at("last_queried_at")
})

export type BreakKind = "paid_not_fulfilled" | "fulfilled_not_paid" | "amount_mismatch" | "unknown_trade"

/** 0710_payment_reconciliation.sql: mismatches between the provider and the orders (R28). */
export const reconciliationBreaks = pgTable("reconciliation_breaks", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  provider: text("provider").notNull(),
  businessDay: date("business_day", { mode: "string" }).notNull(),
  tradeNo: text("trade_no").notNull(),
  kind: text("kind", { enum: ["paid_not_fulfilled", "fulfilled_not_paid", "amount_mismatch", "unknown_trade"] }).notNull(),
  providerAmountFen: money("provider_amount_fen"),
  orderAmountFen: money("order_amount_fen"),
  orderStatus: text("order_status"),
  detail: text("detail").notNull().default(""),
  createdAt: at("created_at").notNull(),
  resolvedAt: at("resolved_at"),
  /** 2900_order_refunds.sql: the operator who resolved it and what they did */
  resolvedBy: bigint("resolved_by", { mode: "number" }),
  resolutionNote: text("resolution_note")
}, (table) => [unique().on(table.provider, table.businessDay, table.tradeNo, table.kind)])
