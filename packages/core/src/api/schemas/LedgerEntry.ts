import { Schema } from "effect"
import { DateTimeText, Id, PageQuery } from "./common.js"

/** One line of the bean ledger (spec §3): positive amounts are income, negative ones spending. */
export const LedgerEntry = Schema.Struct({
  id: Id,
  remark: Schema.String.annotations({ description: "what the movement was for, e.g. 购买会员赠送, AI绘画消耗" }),
  created_at_str: DateTimeText,
  action_amount: Schema.Int.annotations({ description: "signed whole beans: +100 income, -8 spending" })
})
export type LedgerEntry = typeof LedgerEntry.Type

/** The ledger dialog's filter (spec §7): income, expense, or "" for all. */
export const LedgerFilter = Schema.Literal("income", "expense", "").annotations({
  description: "income, expense, or empty for every entry"
})
export type LedgerFilter = typeof LedgerFilter.Type

/** GET /api/v1/user/coin/list query; the dialog asks for pages of 50 (spec §9). */
export const LedgerQuery = Schema.Struct({
  ...PageQuery.fields,
  type: Schema.optionalWith(LedgerFilter, { default: () => "" as const })
})
export type LedgerQuery = typeof LedgerQuery.Type
