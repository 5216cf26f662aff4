import { Context, Effect } from "effect"
import type { CallError, InputCallError, Unauthorized } from "../api/ApiErrors.js"
import type { MembershipPlan } from "../api/schemas/MembershipPlan.js"
import type { Order } from "../api/schemas/Order.js"
import type { PointsPackage } from "../api/schemas/PointsPackage.js"
import type { CouponOutcome, PurchaseKind } from "../domain/coupon/applyCoupon.js"
import { CouponMessages } from "../domain/coupon/couponMessages.js"
import type { PayMethod } from "../domain/order/checkoutReducer.js"
import type { AgreementRequired, PaymentUnconfirmed } from "./checkoutErrors.js"
import type { DeferredMembers } from "./deferredService.js"

/** What the coupon is for: a plan or a bean package, at the price its list gave (yuan, display only, R22). */
export interface CheckoutItem {
  readonly kind: PurchaseKind
  readonly priceYuan: number
}

export interface CreateOrderInput {
  readonly type: PurchaseKind
  readonly type_id: number
  readonly pay_method: PayMethod
  /** The applied coupon's code; blank means none. */
  readonly coupon_code?: string | undefined
  /** Spec §5: the membership agreement was accepted (checkbox or confirm dialog). */
  readonly agreed: boolean
  /**
   * R45: the key of this user action; pass the same one when the person retries the same order.
   * Made here when absent. Either way a network failure is retried once with it.
   */
  readonly idempotencyKey?: string | undefined
}

export type AwaitPaymentError = CallError | PaymentUnconfirmed

export interface CheckoutShape {
  /** Membership plans (spec §3): levels 1 trial, 2 monthly, 3 yearly. */
  readonly plans: Effect.Effect<ReadonlyArray<MembershipPlan>, CallError>
  /** Bean top-up packages (spec §3). */
  readonly pointsPackages: Effect.Effect<ReadonlyArray<PointsPackage>, CallError>
  /**
   * Spec §5, §8: the coupon rules around the check call. Every refusal, and a failed check
   * (优惠码验证失败，请稍后重试!), is an outcome with its text; only -401 fails (it logs out, R9).
   * A payable in fen is for display only: the server prices the order (R22).
   */
  readonly applyCoupon: (input: { readonly code: string; readonly item: CheckoutItem | null }) => Effect.Effect<CouponOutcome, Unauthorized>
  /**
   * POST order/create, once the agreement is accepted (spec §5, §7), with an Idempotency-Key (R45).
   * A payable of 0 comes back as a claim (R23).
   */
  readonly createOrder: (input: CreateOrderInput) => Effect.Effect<Order, InputCallError | AgreementRequired>
  /**
   * Spec §4, R29: waits for a paying order to end by polling order/check every 2000 ms (see pollOrder);
   * an order that is already final (a claim) ends at once. On success the user (plan orders) and the
   * balance are refreshed. Gives the final order: success, timeout, fail or closed.
   */
  readonly awaitPayment: (order: Order, type: PurchaseKind) => Effect.Effect<Order, AwaitPaymentError>
  /**
   * GET order/close after the user confirmed (spec §4). The server's answer is the truth: success when
   * the order was paid meanwhile (R27), which refreshes user and balance like any success.
   */
  readonly closeOrder: (tradeNo: string, type: PurchaseKind) => Effect.Effect<Order, CallError>
}

/** Plans, bean packages, coupons and orders (spec §4 order states, §5 coupon, §7 commerce, §9 polling). */
export class Checkout extends Context.Tag("@mido/core/Checkout")<Checkout, CheckoutShape>() {}

/**
 * Checkout's code (coupon rules, order calls and polling) is fetched on first use (deferredServices.ts).
 * When it cannot be fetched (offline) the calls fail with the NetworkError of onFirstUse; applyCoupon,
 * whose only failure is -401, gives the failed-check outcome instead (优惠码验证失败，请稍后重试!,
 * spec §8), as when the check call itself fails.
 */
export const checkoutMembers: DeferredMembers<CheckoutShape> = {
  plans: "effect",
  pointsPackages: "effect",
  applyCoupon: { offline: () => Effect.succeed({ ok: false, message: CouponMessages.checkFailed }) },
  createOrder: "call",
  awaitPayment: "call",
  closeOrder: "call"
}
