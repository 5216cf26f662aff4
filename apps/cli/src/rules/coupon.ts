import { fenToYuan, parseYuan } from "@mido/core"
import { applyCoupon } from "@mido/core/account"
import { Schema } from "effect"
import { defineRule } from "./RuleCommand.js"

const Amount = Schema.Union(Schema.Number, Schema.String)

/** A price in yuan with at most two decimals, converted to fen at this edge. */
const PriceYuan = Schema.Number.pipe(
  Schema.filter((price) => parseYuan(price) !== undefined, {
    message: () => "price must be a non-negative yuan amount with at most two decimals"
  })
)

const Input = Schema.Struct({
  code: Schema.String,
  item: Schema.NullOr(Schema.Struct({ kind: Schema.Literal("plan", "points"), price: PriceYuan })),
  coupon: Schema.NullOr(
    Schema.Struct({
      discount_amount: Amount,
      minimum_amount: Schema.optional(Schema.NullOr(Amount)),
      status: Schema.String,
      scope: Schema.String,
      type: Schema.String
    })
  )
})

export const couponRules = [
  defineRule({
    name: "coupon.apply",
    summary: "validate a coupon for a plan or points item and price it (CP1–CP8)",
    input: Input,
    run: ({ code, item, coupon }) => {
      const outcome = applyCoupon({
        code,
        coupon,
        item: item === null ? null : { kind: item.kind, priceFen: parseYuan(item.price) ?? 0 }
      })
      return outcome.ok ? { ok: true, payable: fenToYuan(outcome.payableFen), claim: outcome.claim } : outcome
    }
  })
]
