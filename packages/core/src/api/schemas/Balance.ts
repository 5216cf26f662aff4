import { Schema } from "effect"

/** Whole beans (米豆), the in-app currency; never fractional, never negative (R31, R33). */
export const Beans = Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "whole beans (米豆)" })

/** GET /api/v1/user/points (spec §3 balance info): the top bar's balance and today's spending. */
export const Balance = Schema.Struct({
  balance: Beans,
  today_consumed: Beans.annotations({ description: "beans spent today (China time), for reminder type 2" }),
  has_consumed: Schema.optional(Schema.Boolean).annotations({
    description: "whether the user ever spent beans (ours, not in the spec); reminder type 1 waits for it (RM7). Absent: as RM1 alone"
  })
})
export type Balance = typeof Balance.Type
