import { Schema } from "effect"
import type { PurchaseKind } from "../../domain/coupon/applyCoupon.js"
import type { OrderStatus as DomainOrderStatus, PayMethod as DomainPayMethod } from "../../domain/order/checkoutReducer.js"
import { Id } from "./common.js"
import { CouponCode } from "./Coupon.js"
import { Yuan } from "./Yuan.js"

/** paying, then success, timeout or fail (spec §4); closed after order/close. Same as the domain's. */
export const OrderStatus = Schema.Literal("paying", "success", "timeout", "fail", "closed") satisfies Schema.Schema<DomainOrderStatus>
export const PayMethod = Schema.Literal("alipay", "wechat") satisfies Schema.Schema<DomainPayMethod>
export type PayMethod = typeof PayMethod.Type
export const PurchaseType = Schema.Literal("plan", "points").annotations({
  description: "plan: type_id is a membership plan id; points: a points package id"
}) satisfies Schema.Schema<PurchaseKind>

/** The merchant trade number the server made (letters, digits, - and _). */
export const TradeNo = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z0-9_-]{6,64}$/, { message: () => "订单号无效" })
).annotations({ description: "merchant trade number" })

/**
 * POST /api/v1/order/create (spec §7). Only what the buyer chooses: the price, amount and status are
 * the server's (R12, R22), and unknown keys are rejected.
 */
export const OrderCreatePayload = Schema.Struct({
  type: PurchaseType,
  type_id: Id,
  pay_method: PayMethod,
  coupon_code: Schema.optional(CouponCode)
})
export type OrderCreatePayload = typeof OrderCreatePayload.Type

/**
 * An order (spec §3) as create, check and close return it. When the coupon leaves nothing to pay the
 * server completes the order at once as a claim (R23): claim is true, status success, data empty.
 */
export const Order = Schema.Struct({
  trade_no: TradeNo,
  data: Schema.String.pipe(Schema.pattern(/^(?:$|data:image\/(?:png|jpeg|svg\+xml)[;,]|https?:\/\/)/)).annotations({
    description: "the payment QR image as a data URL or an image address; empty for a claim"
  }),
  status: OrderStatus,
  payable: Yuan.annotations({ description: "what the buyer pays, recomputed by the server (R22); show this, not a local figure" }),
  claim: Schema.Boolean.annotations({ description: "true when payable is 0 and the order completed without a payment (R23)" })
})
export type Order = typeof Order.Type

/** The query of order/check and order/close. */
export const TradeQuery = Schema.Struct({ trade_no: TradeNo })
export type TradeQuery = typeof TradeQuery.Type
