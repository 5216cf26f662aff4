import { Effect, Fiber, Option, type Scope } from "effect"
import type { CallError, InputCallError, Unauthorized } from "../api/ApiErrors.js"
import type { Order } from "../api/schemas/Order.js"
import type { CouponOutcome } from "../domain/coupon/applyCoupon.js"
import {
  type CheckoutEvent,
  checkoutReducer,
  type CheckoutState,
  type CheckoutTab,
  initialCheckout,
  shouldPoll
} from "../domain/order/checkoutReducer.js"
import type { AgreementRequired } from "./checkoutErrors.js"
import { type AwaitPaymentError, Checkout, type CheckoutItem } from "./Checkout.js"
import { newIdempotencyKey } from "./idempotencyKey.js"
import type { Unsubscribe } from "./persistedValue.js"

/** What the purchase dialog shows: the reducer's state, and why the payment wait stopped when it failed. */
export interface CheckoutView {
  readonly checkout: CheckoutState
  /** The last payment wait's failure (-401, code ≠ 0, PaymentUnconfirmed); cleared by a reset or a new order. */
  readonly paymentError: AwaitPaymentError | null
}

/** The choices a person makes in the dialog; each resets the current order (OR3) and stops its polling. */
export type CheckoutSelection = Extract<CheckoutEvent, { readonly type: "tabSelected" | "itemSelected" | "payMethodSelected" | "couponEdited" }>

export interface CheckoutSession {
  readonly view: Effect.Effect<CheckoutView>
  /** Calls `listener` after every change of the view. */
  readonly subscribe: (listener: (view: CheckoutView) => void) => Unsubscribe
  /** Tab, item, pay method or coupon code changed: the reducer resets the order, the poller is interrupted. */
  readonly select: (event: CheckoutSelection) => Effect.Effect<void>
  /**
   * Checks the typed code for `item` and records the outcome, unless the code was edited meanwhile
   * (CP8: the outcome belongs to the code that was checked). Call it again after itemSelected (OR3).
   */
  readonly applyCoupon: (item: CheckoutItem | null) => Effect.Effect<CouponOutcome, Unauthorized>
  /**
   * Creates the order for the current tab and pay method with the applied coupon (only a code whose
   * check succeeded is sent) and starts waiting for the payment; a claim (R23) ends at once. An order
   * that comes back after the person changed a choice is not shown (OR3).
   */
  readonly placeOrder: (input: { readonly typeId: number; readonly agreed: boolean }) => Effect.Effect<Order, InputCallError | AgreementRequired>
  /** OR5: closing while paying asks first (true: show the confirmation); otherwise the dialog may close. */
  readonly requestClose: Effect.Effect<boolean>
  readonly cancelClose: Effect.Effect<void>
  /**
   * OR5: the person confirmed: stops polling and calls order/close. The server's answer wins (R27): a
   * paid order shows success. A failed close still closes locally and fails with the error to show.
   */
  readonly confirmClose: Effect.Effect<Option.Option<Order>, CallError>
}

/**
 * The purchase dialog's state as one object for the React store: the pure checkoutReducer
 * (domain/order) plus the Checkout calls, with at most one poller, forked into the caller's scope.
 * The store makes one per dialog opening inside a Scope and closes that scope when the dialog
 * unmounts, which interrupts any poller (R9, R29: no timers remain).
 */
export const makeCheckoutSession = (tab: CheckoutTab = "plan"): Effect.Effect<CheckoutSession, never, Checkout | Scope.Scope> =>
  Effect.gen(function* () {
    const checkout = yield* Checkout
    const scope = yield* Effect.scope
    let view: CheckoutView = { checkout: initialCheckout(tab), paymentError: null }
    let poller: Fiber.RuntimeFiber<void> | undefined
    /** Bumped whenever the order on screen is replaced, so answers for an older one are dropped. */
    let generation = 0
    /**
     * R45: the Idempotency-Key of the order being placed and the choice it was made for. Pressing
     * again after a failure is the same action (same key: no second order); a success or another
     * choice starts a new one.
     */
    let action: { readonly key: string; readonly choice: string } | undefined
    const listeners = new Set<(view: CheckoutView) => void>()

    /** Applies an event through the reducer and sets the payment error (kept when undefined); tells listeners of a change. */
    const update = (event: CheckoutEvent | undefined, paymentError?: AwaitPaymentError | null) =>
      Effect.sync(() => {
        const next: CheckoutView = {
          checkout: event === undefined ? view.checkout : checkoutReducer(view.checkout, event),
          paymentError: paymentError === undefined ? view.paymentError : paymentError
        }
        if (next.checkout === view.checkout && next.paymentError === view.paymentError) return
        view = next
        for (const listener of [...listeners]) listener(next)
      })
    const stopPolling = Effect.suspend(() => {
      const fiber = poller
      poller = undefined
      return fiber === undefined ? Effect.void : Fiber.interrupt(fiber)
    })

    const startPolling = (order: Order, type: CheckoutTab, mine: number) =>
      Effect.gen(function* () {
        const wait = checkout.awaitPayment(order, type).pipe(
          Effect.matchEffect({
            // OR2: the reducer drops an answer for another trade number or after a final status
            onSuccess: (final) => update({ type: "statusPolled", tradeNo: final.trade_no, status: final.status }),
            onFailure: (error) => (generation === mine ? update(undefined, error) : Effect.void)
          })
        )
        // a claim or an order already final settles here, so placeOrder returns with the final state
        if (order.status !== "paying") return yield* wait
        poller = yield* Effect.forkIn(wait, scope)
      })

    return {
      view: Effect.sync(() => view),
      subscribe: (listener) => {
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
      select: (event) =>
        Effect.suspend(() => {
          generation += 1
          return Effect.zipRight(stopPolling, update(event, null))
        }),
      applyCoupon: (item) =>
        Effect.suspend(() => {
          const code = view.checkout.coupon.code
          return checkout.applyCoupon({ code, item }).pipe(
            Effect.tap((outcome) => {
              if (view.checkout.coupon.code !== code) return Effect.void
              generation += 1
              return Effect.zipRight(stopPolling, update({ type: "couponApplied", outcome }, null))
            })
          )
        }),
      placeOrder: ({ typeId, agreed }) =>
        Effect.suspend(() => {
          const { tab, payMethod, coupon } = view.checkout
          const applied = coupon.applied !== null && coupon.applied.outcome.ok ? coupon.applied.code : undefined
          const mine = ++generation
          const choice = JSON.stringify([tab, typeId, payMethod, applied ?? null])
          if (action?.choice !== choice) action = { key: newIdempotencyKey(), choice }
          const idempotencyKey = action.key
          return stopPolling.pipe(
            Effect.zipRight(checkout.createOrder({ type: tab, type_id: typeId, pay_method: payMethod, coupon_code: applied, agreed, idempotencyKey })),
            Effect.tap(() => Effect.sync(() => {
              if (action?.key === idempotencyKey) action = undefined
            })),
            Effect.tap((order) =>
              generation !== mine
                ? Effect.logInfo("an order arrived after the choice changed; not shown", order.trade_no)
                : Effect.zipRight(
                  update({ type: "orderCreated", tradeNo: order.trade_no, qr: order.data }, null),
                  startPolling(order, tab, mine)
                ))
          )
        }),
      requestClose: Effect.zipRight(update({ type: "closeRequested" }), Effect.sync(() => view.checkout.confirmingClose)),
      cancelClose: update({ type: "closeCancelled" }),
      confirmClose: Effect.suspend(() => {
        const order = view.checkout.order
        if (!shouldPoll(view.checkout) || order.status === "none") return Effect.as(update({ type: "closeConfirmed" }), Option.none())
        generation += 1
        return stopPolling.pipe(
          Effect.zipRight(checkout.closeOrder(order.tradeNo, view.checkout.tab)),
          Effect.tap((answer) => update({ type: "statusPolled", tradeNo: answer.trade_no, status: answer.status })),
          Effect.map(Option.some),
          Effect.ensuring(update({ type: "closeConfirmed" }))
        )
      })
    } satisfies CheckoutSession
  })
