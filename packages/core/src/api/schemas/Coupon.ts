import { Schema } from "effect"
import type { CouponStatus as DomainCouponStatus, CouponType as DomainCouponType } from "../../domain/coupon/applyCoupon.js"

/** A coupon code as typed into the purchase dialog (spec §5: 请输入优惠码!). */
export const CouponCode = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "请输入优惠码!" }),
  Schema.maxLength(32, { message: () => "优惠码格式不正确" }),
  Schema.pattern(/^[A-Za-z0-9_-]+$/, { message: () => "优惠码格式不正确" })
).annotations({ description: "coupon code, letters, digits, - and _, at most 32" })

export const CouponStatus = Schema.Literal("unused", "used", "expired") satisfies Schema.Schema<DomainCouponStatus>
export const CouponType = Schema.Literal("threshold", "discount", "invite").annotations({
  description: "threshold subtracts discount_amount yuan; discount and invite multiply the price by it"
}) satisfies Schema.Schema<DomainCouponType>
export const CouponScope = Schema.Literal("points", "plan", "plan,points").annotations({
  description: "what the coupon may buy: beans, plans, or both"
})

/**
 * A coupon as the check calls return it (spec §3, §4). The client prices it with applyCoupon for
 * display only; the server recomputes the payable in fen when the order is created (R22).
 */
export const Coupon = Schema.Struct({
  code: Schema.String,
  discount_amount: Schema.Number.pipe(Schema.finite(), Schema.nonNegative()).annotations({
    description: "yuan off for threshold coupons; a rate in [0, 1] (0.85 = 15% off) for discount and invite"
  }),
  minimum_amount: Schema.optional(Schema.NullOr(Schema.Number.pipe(Schema.finite(), Schema.nonNegative()))).annotations({
    description: "yuan the item's price must reach; null or absent when there is no minimum"
  }),
  status: CouponStatus,
  scope: CouponScope,
  type: CouponType
})
export type Coupon = typeof Coupon.Type

/** The query of both coupon checks. */
export const CouponQuery = Schema.Struct({ code: CouponCode })
export type CouponQuery = typeof CouponQuery.Type
