import { Schema } from "effect"
import { Id } from "./common.js"
import { Yuan } from "./Yuan.js"

/** Plan level (spec §3, §9): 1 trial, 2 monthly, 3 yearly. */
export const PlanLevel = Schema.Literal(1, 2, 3).annotations({ description: "1 trial, 2 monthly, 3 yearly" })
export type PlanLevel = typeof PlanLevel.Type

/**
 * One membership plan of the purchase dialog (spec §3). `content` and `exclusive` are HTML benefit
 * lists: render them only through the SafeHtml sanitizer (R15), never as raw HTML.
 */
export const MembershipPlan = Schema.Struct({
  id: Id,
  name: Schema.String,
  price: Yuan,
  original_price: Schema.optional(Schema.NullOr(Yuan)).annotations({
    description: "list price before the offer, shown struck through; absent when there is no offer"
  }),
  description: Schema.String,
  level: PlanLevel,
  content: Schema.String.annotations({ description: "HTML list of benefits (ul/li); sanitize before rendering (R15)" }),
  exclusive: Schema.String.annotations({ description: "HTML list of member-only benefits; sanitize before rendering (R15)" }),
  duration_days: Schema.Int.pipe(Schema.positive()).annotations({ description: "days of membership one purchase adds" })
})
export type MembershipPlan = typeof MembershipPlan.Type

/** GET /api/v1/open/config/membership_plan/list (shape not shown in the spec; data.list as elsewhere). */
export const MembershipPlanList = Schema.Struct({ list: Schema.Array(MembershipPlan) })
export type MembershipPlanList = typeof MembershipPlanList.Type
