import { bigint, boolean, integer, numeric, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })
const id = () => bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity()
const money = (name: string) => bigint(name, { mode: "number" })

/** 0200_commerce.sql: the app config, key → list of text values (spec §3). */
export const appConfig = pgTable("app_config", {
  key: text("key").primaryKey(),
  value: text("value").array().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0)
})

/** 0200_commerce.sql: the AI toolbox (spec §2 tools layout). */
export const tools = pgTable("tools", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  cover: text("cover").notNull().default(""),
  path: text("path").notNull(),
  sortOrder: integer("sort_order").notNull().default(0)
})

/** 0200_commerce.sql: membership plans; HTML sanitized on write (R15). */
export const membershipPlans = pgTable("membership_plans", {
  id: id(),
  code: text("code").notNull(),
  name: text("name").notNull(),
  level: smallint("level").notNull(),
  priceFen: money("price_fen").notNull(),
  originalPriceFen: money("original_price_fen"),
  description: text("description").notNull().default(""),
  content: text("content").notNull().default(""),
  exclusive: text("exclusive").notNull().default(""),
  durationDays: integer("duration_days").notNull(),
  bonusBeans: money("bonus_beans").notNull().default(0),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0)
})

/** 0200_commerce.sql: bean top-up packages. */
export const pointsPackages = pgTable("points_packages", {
  id: id(),
  code: text("code").notNull(),
  points: money("points").notNull(),
  bonus: money("bonus").notNull().default(0),
  priceFen: money("price_fen").notNull(),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0)
})

/** 0200_commerce.sql: coupon codes; amounts in yuan (threshold) or a rate (discount, invite). */
export const coupons = pgTable("coupons", {
  id: id(),
  code: text("code").notNull(),
  type: text("type").notNull(),
  scope: text("scope").notNull(),
  discountAmount: numeric("discount_amount", { precision: 12, scale: 4 }).notNull(),
  minimumAmount: numeric("minimum_amount", { precision: 12, scale: 2 }),
  ownerUid: bigint("owner_uid", { mode: "number" }),
  validFrom: at("valid_from").notNull(),
  validTo: at("valid_to").notNull(),
  maxUses: integer("max_uses"),
  usedCount: integer("used_count").notNull().default(0),
  disabled: boolean("disabled").notNull().default(false)
})

/** 0200_commerce.sql: orders (spec §3, §4). */
export const orders = pgTable("orders", {
  id: id(),
  tradeNo: text("trade_no").notNull(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  itemType: text("item_type").notNull(),
  itemId: bigint("item_id", { mode: "number" }).notNull(),
  itemName: text("item_name").notNull(),
  payMethod: text("pay_method").notNull(),
  priceFen: money("price_fen").notNull(),
  payableFen: money("payable_fen").notNull(),
  couponId: bigint("coupon_id", { mode: "number" }),
  status: text("status").notNull(),
  claim: boolean("claim").notNull().default(false),
  createdAt: at("created_at").notNull(),
  expiresAt: at("expires_at").notNull(),
  paidAt: at("paid_at"),
  closedAt: at("closed_at"),
  /** 2400_order_provider.sql: the provider that took the order (sandbox, alipay, wechat) and its QR content */
  provider: text("provider"),
  payQr: text("pay_qr")
})

/** 0200_commerce.sql: one live redemption per (coupon, user) (R36). */
export const couponRedemptions = pgTable("coupon_redemptions", {
  couponId: bigint("coupon_id", { mode: "number" }).notNull(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  orderId: bigint("order_id", { mode: "number" }).notNull(),
  state: text("state").notNull(),
  createdAt: at("created_at").notNull()
})

/** 0200_commerce.sql: one fulfilment per order (R26). */
export const orderFulfilments = pgTable("order_fulfilments", {
  orderId: bigint("order_id", { mode: "number" }).primaryKey(),
  late: boolean("late").notNull().default(false),
  createdAt: at("created_at").notNull()
})

/** 0200_commerce.sql: every payment notify with its check outcome (R38). */
export const paymentNotifies = pgTable("payment_notifies", {
  id: id(),
  tradeNo: text("trade_no").notNull(),
  raw: text("raw").notNull(),
  sigOk: boolean("sig_ok").notNull(),
  amountOk: boolean("amount_ok").notNull(),
  outcome: text("outcome").notNull(),
  createdAt: at("created_at").notNull()
})

/** 0200_commerce.sql: coupon look-ups, for the R37 limits. */
export const couponAttempts = pgTable("coupon_attempts", {
  id: id(),
  actor: text("actor").notNull(),
  ok: boolean("ok").notNull(),
  createdAt: at("created_at").notNull()
})

/** 0200_commerce.sql: bean balances, never below zero (R33). */
export const wallets = pgTable("wallets", {
  uid: bigint("uid", { mode: "number" }).primaryKey(),
  balance: money("balance").notNull().default(0)
})

/** 0200_commerce.sql: the append-only bean ledger (R32); (kind, ref) is unique when ref is set. */
export const beanLedger = pgTable("bean_ledger", {
  id: id(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  actionAmount: money("action_amount").notNull(),
  balanceAfter: money("balance_after").notNull(),
  remark: text("remark").notNull(),
  kind: text("kind").notNull(),
  ref: text("ref"),
  createdAt: at("created_at").notNull(),
  /** 0210_bean_ledger_chain.sql (R32): the user's previous entry's sig ('genesis' for the first) */
  prevHash: text("prev_hash").notNull(),
  /** HMAC over the canonical entry and prev_hash (features/beans/ledgerChain.ts) */
  sig: text("sig").notNull()
})
