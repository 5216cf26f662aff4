import { Context, Effect, Layer } from "effect"
import type { CallError, InputCallError, Unauthorized } from "../api/ApiErrors.js"
import { commerceRoutes } from "../api/routes/commerceRoutes.js"
import type { MembershipPlan } from "../api/schemas/MembershipPlan.js"
import type { Order } from "../api/schemas/Order.js"
import type { PointsPackage } from "../api/schemas/PointsPackage.js"
import { applyCoupon as applyCouponRule, type CouponOutcome, type PurchaseItem, type PurchaseKind } from "../domain/coupon/applyCoupon.js"
import { CouponMessages } from "../domain/coupon/couponMessages.js"
import type { PayMethod } from "../domain/order/checkoutReducer.js"
import { parseYuan } from "../domain/money/fen.js"
import { ApiClient } from "./ApiClient.js"
import { AGREEMENT_REQUIRED_MESSAGE, AgreementRequired, type PaymentUnconfirmed } from "./checkoutErrors.js"
import { pollOrder } from "./checkoutPolling.js"
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from "./idempotencyKey.js"
import { Session } from "./Session.js"
import { validateInput } from "./validateInput.js"
import { Wallet } from "./Wallet.js"

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

const purchaseItem = (item: CheckoutItem | null): PurchaseItem | null => {
  if (item === null) return null
  const priceFen = parseYuan(item.priceYuan)
  return priceFen === undefined ? null : { kind: item.kind, priceFen }
}

export const CheckoutLive = Layer.effect(
  Checkout,
  Effect.gen(function* () {
    const api = yield* ApiClient
    const session = yield* Session
    const wallet = yield* Wallet

    const quietly = <A, E extends { readonly _tag: string }>(what: string, effect: Effect.Effect<A, E>) =>
      effect.pipe(Effect.asVoid, Effect.catchAll((error) => Effect.logWarning(`${what} after a paid order failed`, error._tag)))

    /** Spec §4: after a success a plan order refreshes the user, every order the balance. The payment
     * stands whatever these refreshes do, so their failures are only logged. */
    const afterSuccess = (type: PurchaseKind) =>
      Effect.zipRight(type === "plan" ? quietly("user refresh", session.refreshUser) : Effect.void, quietly("balance refresh", wallet.balance))

    const settle = (order: Order, type: PurchaseKind) =>
      order.status === "success" ? Effect.as(afterSuccess(type), order) : Effect.succeed(order)

    const checkCoupon = (code: string, item: PurchaseItem): Effect.Effect<CouponOutcome, Unauthorized> =>
      validateInput(commerceRoutes.couponCheck, { code }).pipe(
        Effect.flatMap((query) => api.call(commerceRoutes.couponCheck, query)),
        Effect.map((coupon) => applyCouponRule({ code, item, coupon })),
        Effect.catchAll((error) => {
          switch (error._tag) {
            case "Unauthorized":
              return Effect.fail(error)
            case "InvalidInput":
              return Effect.succeed<CouponOutcome>({ ok: false, message: error.message })
            default:
              return Effect.as(
                Effect.logWarning("coupon check failed", error._tag),
                { ok: false, message: CouponMessages.checkFailed } satisfies CouponOutcome
              )
          }
        })
      )

    return Checkout.of({
      plans: Effect.map(api.call(commerceRoutes.membershipPlans, {}), (answer) => answer.list),
      pointsPackages: Effect.map(api.call(commerceRoutes.pointsPackages, {}), (answer) => answer.list),
      applyCoupon: ({ code, item }) => {
        const chosen = purchaseItem(item)
        // CP1, CP2 come before any call: an empty code or no item never reaches the server
        if (code.trim() === "" || chosen === null) return Effect.succeed(applyCouponRule({ code, item: chosen, coupon: null }))
        return checkCoupon(code, chosen)
      },
      createOrder: ({ agreed, coupon_code, idempotencyKey, ...order }) => {
        if (!agreed) return Effect.fail(new AgreementRequired({ message: AGREEMENT_REQUIRED_MESSAGE }))
        const payload = coupon_code === undefined || coupon_code.trim() === "" ? order : { ...order, coupon_code }
        return Effect.flatMap(validateInput(commerceRoutes.orderCreate, payload), (input) =>
          Effect.suspend(() => {
            const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey ?? newIdempotencyKey() }
            // R45: a timeout may hide an order the server committed; the retry's same key answers that order
            return api.call(commerceRoutes.orderCreate, input, { headers }).pipe(Effect.retry({ times: 1, while: (error) => error._tag === "NetworkError" }))
          }))
      },
      awaitPayment: (order, type) => {
        const final = order.status === "paying"
          ? pollOrder((trade_no) => api.call(commerceRoutes.orderCheck, { trade_no }), order)
          : Effect.succeed(order)
        return Effect.flatMap(final, (done) => settle(done, type))
      },
      closeOrder: (trade_no, type) => Effect.flatMap(api.call(commerceRoutes.orderClose, { trade_no }), (order) => settle(order, type))
    })
  })
)
