import { Effect } from "effect"
import type { Unauthorized } from "../api/ApiErrors.js"
import { checkoutRoutes } from "../api/routes/commerce/checkoutRoutes.js"
import type { Order } from "../api/schemas/Order.js"
import { applyCoupon as applyCouponRule, type CouponOutcome, type PurchaseItem, type PurchaseKind } from "../domain/coupon/applyCoupon.js"
import { CouponMessages } from "../domain/coupon/couponMessages.js"
import { parseYuan } from "../domain/money/fen.js"
import type { ApiClientShape } from "./ApiClient.js"
import type { CheckoutItem, CheckoutShape } from "./Checkout.js"
import { AGREEMENT_REQUIRED_MESSAGE, AgreementRequired } from "./checkoutErrors.js"
import { pollOrder } from "./checkoutPolling.js"
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from "./idempotencyKey.js"
import type { SessionShape } from "./Session.js"
import { validateInput } from "./validateInput.js"
import type { WalletShape } from "./Wallet.js"

/** What Checkout works with; CheckoutLive reads them from the context when the app starts. */
export interface CheckoutDependencies {
  readonly api: ApiClientShape
  readonly session: SessionShape
  readonly wallet: WalletShape
}

const purchaseItem = (item: CheckoutItem | null): PurchaseItem | null => {
  if (item === null) return null
  const priceFen = parseYuan(item.priceYuan)
  return priceFen === undefined ? null : { kind: item.kind, priceFen }
}

/**
 * Checkout's implementation (see CheckoutShape): loaded on first use by CheckoutLive, so the
 * commerce calls, coupon rules and order polling stay out of the web app's first load.
 */
export const makeCheckout = ({ api, session, wallet }: CheckoutDependencies): CheckoutShape => {
  const quietly = <A, E extends { readonly _tag: string }>(what: string, effect: Effect.Effect<A, E>) =>
    effect.pipe(Effect.asVoid, Effect.catchAll((error) => Effect.logWarning(`${what} after a paid order failed`, error._tag)))

  /** Spec §4: after a success a plan order refreshes the user, every order the balance. The payment
   * stands whatever these refreshes do, so their failures are only logged. */
  const afterSuccess = (type: PurchaseKind) =>
    Effect.zipRight(type === "plan" ? quietly("user refresh", session.refreshUser) : Effect.void, quietly("balance refresh", wallet.balance))

  const settle = (order: Order, type: PurchaseKind) =>
    order.status === "success" ? Effect.as(afterSuccess(type), order) : Effect.succeed(order)

  const checkCoupon = (code: string, item: PurchaseItem): Effect.Effect<CouponOutcome, Unauthorized> =>
    validateInput(checkoutRoutes.couponCheck, { code }).pipe(
      Effect.flatMap((query) => api.call(checkoutRoutes.couponCheck, query)),
      Effect.map((coupon) => applyCouponRule({ code, item, coupon })),
      Effect.catchAll((error) => {
        switch (error._tag) {
          case "Unauthorized":
            return Effect.fail(error)
          case "InvalidInput":
            return Effect.succeed<CouponOutcome>({ ok: false, message: error.message })
          case "ApiError":
            // spec §8: the server's refusal is its msg (该优惠码无法使用!, 未知优惠码作用范围!, the rate limit);
            // 优惠码验证失败 is for a check that could not be made
            if (error.msg.trim() !== "") return Effect.succeed<CouponOutcome>({ ok: false, message: error.msg })
            return Effect.as(Effect.logWarning("coupon check refused without a message", error.code), { ok: false, message: CouponMessages.checkFailed } satisfies CouponOutcome)
          default:
            return Effect.as(
              Effect.logWarning("coupon check failed", error._tag),
              { ok: false, message: CouponMessages.checkFailed } satisfies CouponOutcome
            )
        }
      })
    )

  return {
    plans: Effect.map(api.call(checkoutRoutes.membershipPlans, {}), (answer) => answer.list),
    pointsPackages: Effect.map(api.call(checkoutRoutes.pointsPackages, {}), (answer) => answer.list),
    applyCoupon: ({ code, item }) => {
      const chosen = purchaseItem(item)
      // CP1, CP2 come before any call: an empty code or no item never reaches the server
      if (code.trim() === "" || chosen === null) return Effect.succeed(applyCouponRule({ code, item: chosen, coupon: null }))
      return checkCoupon(code, chosen)
    },
    createOrder: ({ agreed, coupon_code, idempotencyKey, ...order }) => {
      if (!agreed) return Effect.fail(new AgreementRequired({ message: AGREEMENT_REQUIRED_MESSAGE }))
      const payload = coupon_code === undefined || coupon_code.trim() === "" ? order : { ...order, coupon_code }
      return Effect.flatMap(validateInput(checkoutRoutes.orderCreate, payload), (input) =>
        Effect.suspend(() => {
          const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey ?? newIdempotencyKey() }
          // R45: a timeout may hide an order the server committed; the retry's same key answers that order
          return api.call(checkoutRoutes.orderCreate, input, { headers }).pipe(Effect.retry({ times: 1, while: (error) => error._tag === "NetworkError" }))
        }))
    },
    awaitPayment: (order, type) => {
      const final = order.status === "paying"
        ? pollOrder((trade_no) => api.call(checkoutRoutes.orderCheck, { trade_no }), order)
        : Effect.succeed(order)
      return Effect.flatMap(final, (done) => settle(done, type))
    },
    closeOrder: (trade_no, type) => Effect.flatMap(api.call(checkoutRoutes.orderClose, { trade_no }), (order) => settle(order, type))
  }
}
