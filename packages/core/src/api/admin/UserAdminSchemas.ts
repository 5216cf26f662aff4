import { Schema } from "effect"
import { DateTimeText, Id, PageQuery, QueryId } from "../schemas/common.js"

/** 用户 search: one text matched against the phone (full or part), the nickname (part) and the uid (exact). */
export const UserSearchQuery = Schema.Struct({
  ...PageQuery.fields,
  q: Schema.optionalWith(Schema.String.pipe(Schema.maxLength(40)), { default: () => "" })
})

/** One account in the console's list. The console shows the full phone: operators need it to act. */
export const AdminUserRow = Schema.Struct({
  uid: Id,
  phone: Schema.String,
  nickname: Schema.String,
  balance: Schema.Int,
  vip_level: Schema.Int,
  banned: Schema.Boolean,
  created_at_str: DateTimeText
})
export type AdminUserRow = typeof AdminUserRow.Type

const LedgerRow = Schema.Struct({ id: Id, kind: Schema.String, remark: Schema.String, amount: Schema.Int, balance_after: Schema.Int, created_at_str: DateTimeText })
const OrderRow = Schema.Struct({ trade_no: Schema.String, item_name: Schema.String, status: Schema.String, payable_yuan: Schema.String, created_at_str: DateTimeText })
const TaskRow = Schema.Struct({ id: Schema.String, type: Schema.String, status: Schema.String, engine: Schema.String, cost: Schema.Int, refunded: Schema.Int, created_at_str: DateTimeText })
const SessionRow = Schema.Struct({ created_at_str: DateTimeText, expires_at_str: DateTimeText })

/** A user's record: the account, balance, ban, and the latest ledger rows, orders, tasks and live sessions. */
export const AdminUserDetail = Schema.Struct({
  user: AdminUserRow,
  ban_reason: Schema.NullOr(Schema.String),
  banned_at_str: Schema.NullOr(DateTimeText),
  ledger: Schema.Array(LedgerRow),
  orders: Schema.Array(OrderRow),
  tasks: Schema.Array(TaskRow),
  sessions: Schema.Array(SessionRow)
})
export type AdminUserDetail = typeof AdminUserDetail.Type

export const UserIdQuery = Schema.Struct({ uid: QueryId })
export const UserIdBody = Schema.Struct({ uid: Id })

const Reason = Schema.String.pipe(Schema.trimmed({ message: () => "原因前后不能有空格" }), Schema.minLength(2, { message: () => "请填写原因（至少 2 个字）" }), Schema.maxLength(200, { message: () => "原因最多 200 字" }))

export const BanInput = Schema.Struct({ uid: Id, reason: Reason })

/** Adjusts a balance: + credits, - takes away; the reason is required and shown in the user's ledger. */
export const AdjustBeansInput = Schema.Struct({
  uid: Id,
  amount: Schema.Int.pipe(
    Schema.filter((amount) => amount !== 0 || "调整数量不能为 0"),
    Schema.between(-1_000_000, 1_000_000, { message: () => "单次调整不超过 1,000,000 米豆" })
  ),
  reason: Reason
})

export const AdminActionResult = Schema.Struct({ ok: Schema.Boolean, message: Schema.String })
