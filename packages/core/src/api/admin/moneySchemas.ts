import { Schema } from "effect"
import { DateTimeText, Id, PageQuery } from "../schemas/common.js"

/**
 * The money pages' wire shapes (issue 29). Amounts are whole fen (the server's unit, no float on the
 * wire); the console shows yuan. Times are China time text like the rest of the API.
 */
const Fen = Schema.Int.pipe(Schema.nonNegative())
const Day = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => "日期格式为 2026-01-31" }))

export const AdminOrderState = Schema.Literal("paying", "success", "timeout", "fail", "closed", "refunding", "refunded")
export type AdminOrderState = typeof AdminOrderState.Type
export const RefundState = Schema.Literal("processing", "refunded", "failed")

export const AdminOrderQuery = Schema.Struct({
  ...PageQuery.fields,
  trade_no: Schema.optional(Schema.String.pipe(Schema.maxLength(64))),
  user: Schema.optional(Schema.String.pipe(Schema.maxLength(32))).annotations({ description: "uid, 11-digit phone or nickname" }),
  state: Schema.optional(AdminOrderState),
  from: Schema.optional(Day),
  to: Schema.optional(Day).annotations({ description: "inclusive China-time day" })
})

export const AdminOrder = Schema.Struct({
  trade_no: Schema.String,
  uid: Id,
  phone: Schema.String.annotations({ description: "masked" }),
  nickname: Schema.String,
  item_type: Schema.String,
  item_name: Schema.String,
  pay_method: Schema.String,
  provider: Schema.NullOr(Schema.String),
  payable_fen: Fen,
  status: Schema.String,
  refund_state: Schema.NullOr(RefundState),
  refund_detail: Schema.NullOr(Schema.String),
  created_at_str: DateTimeText,
  paid_at_str: Schema.NullOr(DateTimeText)
})
export type AdminOrder = typeof AdminOrder.Type

export const RefundInput = Schema.Struct({
  trade_no: Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{6,64}$/, { message: () => "订单号无效" })),
  reason: Schema.String.pipe(Schema.minLength(1, { message: () => "请填写退款原因" }), Schema.maxLength(200))
})

export const RefundResult = Schema.Struct({
  state: RefundState,
  detail: Schema.String,
  beans_taken: Fen,
  vip_days_taken: Schema.Int.pipe(Schema.nonNegative())
})
export type RefundResult = typeof RefundResult.Type

export const BreakQuery = Schema.Struct({ ...PageQuery.fields, resolved: Schema.optionalWith(Schema.Literal("0", "1"), { default: () => "0" as const }) })

export const ReconciliationBreak = Schema.Struct({
  id: Id,
  provider: Schema.String,
  business_day: Schema.String,
  trade_no: Schema.String,
  kind: Schema.String,
  provider_amount_fen: Schema.NullOr(Schema.Int),
  order_amount_fen: Schema.NullOr(Schema.Int),
  order_status: Schema.NullOr(Schema.String),
  detail: Schema.String,
  created_at_str: DateTimeText,
  resolved_at_str: Schema.NullOr(DateTimeText),
  resolution_note: Schema.NullOr(Schema.String)
})
export type ReconciliationBreak = typeof ReconciliationBreak.Type

export const ResolveBreakInput = Schema.Struct({ id: Id, note: Schema.String.pipe(Schema.maxLength(500)) })

export const AdminCoupon = Schema.Struct({
  code: Schema.String,
  type: Schema.String,
  scope: Schema.String,
  discount_amount: Schema.Number,
  minimum_amount: Schema.NullOr(Schema.Number),
  owner_uid: Schema.NullOr(Id),
  valid_from_str: DateTimeText,
  valid_to_str: DateTimeText,
  max_uses: Schema.NullOr(Schema.Int),
  used_count: Schema.Int,
  disabled: Schema.Boolean
})
export type AdminCoupon = typeof AdminCoupon.Type

export const CouponCreateInput = Schema.Struct({
  code: Schema.String.pipe(Schema.maxLength(32)),
  type: Schema.Literal("threshold", "discount", "invite"),
  scope: Schema.Literal("points", "plan", "plan,points"),
  discount_amount: Schema.Number,
  minimum_amount: Schema.NullOr(Schema.Number),
  valid_from: Day,
  valid_to: Day.annotations({ description: "inclusive China-time day" }),
  max_uses: Schema.NullOr(Schema.Int),
  owner_uid: Schema.NullOr(Id)
})
export type CouponCreateInput = typeof CouponCreateInput.Type

export const CouponCodeInput = Schema.Struct({ code: Schema.String.pipe(Schema.maxLength(32)) })
export const CouponUsesQuery = Schema.Struct({ ...PageQuery.fields, code: Schema.String.pipe(Schema.maxLength(32)) })

export const CouponUse = Schema.Struct({
  uid: Id,
  nickname: Schema.String,
  phone: Schema.String,
  trade_no: Schema.String,
  payable_fen: Fen,
  state: Schema.String.annotations({ description: "locked while its order is open, used once paid" }),
  created_at_str: DateTimeText
})

export const AdminPlan = Schema.Struct({
  id: Id,
  code: Schema.String,
  name: Schema.String,
  level: Schema.Int,
  price_fen: Fen,
  original_price_fen: Schema.NullOr(Fen),
  duration_days: Schema.Int,
  bonus_beans: Fen,
  description: Schema.String,
  content: Schema.String,
  exclusive: Schema.String,
  active: Schema.Boolean,
  sort_order: Schema.Int
})
export type AdminPlan = typeof AdminPlan.Type

export const AdminPackage = Schema.Struct({ id: Id, code: Schema.String, points: Fen, bonus: Fen, price_fen: Fen, active: Schema.Boolean, sort_order: Schema.Int })
export type AdminPackage = typeof AdminPackage.Type

export const AdminConfigEntry = Schema.Struct({ key: Schema.String, value: Schema.Array(Schema.String) })
export type AdminConfigEntry = typeof AdminConfigEntry.Type

export const AdminCatalog = Schema.Struct({ plans: Schema.Array(AdminPlan), packages: Schema.Array(AdminPackage), config: Schema.Array(AdminConfigEntry) })
export type AdminCatalog = typeof AdminCatalog.Type

export const PlanEditInput = Schema.Struct({ ...AdminPlan.fields, code: Schema.optional(Schema.String) })
export const PackageEditInput = Schema.Struct({ ...AdminPackage.fields, code: Schema.optional(Schema.String) })
export const ConfigEditInput = Schema.Struct({ key: Schema.String.pipe(Schema.maxLength(100)), value: Schema.Array(Schema.String.pipe(Schema.maxLength(2000))).pipe(Schema.maxItems(10)) })
