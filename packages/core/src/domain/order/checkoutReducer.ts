import type { CouponOutcome } from "../coupon/applyCoupon.js"
import { applyCouponOutcome, type CouponEntry, editCouponCode, emptyCouponEntry } from "../coupon/couponEntry.js"

export type CheckoutTab = "plan" | "points"
export type PayMethod = "alipay" | "wechat"
export type OrderStatus = "paying" | "success" | "timeout" | "fail" | "closed"

/** The order on screen: none yet, or one with its trade number, pay QR and last known status. */
export type CurrentOrder =
  | { readonly status: "none" }
  | { readonly status: OrderStatus; readonly tradeNo: string; readonly qr: string }

export interface CheckoutState {
  readonly tab: CheckoutTab
  readonly itemId: number | null
  readonly payMethod: PayMethod
  readonly coupon: CouponEntry
  readonly order: CurrentOrder
  /** OR5: closing while paying first asks the user; true while that question is open. */
  readonly confirmingClose: boolean
}

export type CheckoutEvent =
  | { readonly type: "tabSelected"; readonly tab: CheckoutTab }
  | { readonly type: "itemSelected"; readonly itemId: number }
  | { readonly type: "payMethodSelected"; readonly payMethod: PayMethod }
  | { readonly type: "couponEdited"; readonly code: string }
  | { readonly type: "couponApplied"; readonly outcome: CouponOutcome }
  | { readonly type: "orderCreated"; readonly tradeNo: string; readonly qr: string }
  | { readonly type: "statusPolled"; readonly tradeNo: string; readonly status: OrderStatus }
  | { readonly type: "closeRequested" }
  | { readonly type: "closeCancelled" }
  | { readonly type: "closeConfirmed" }

const noOrder: CurrentOrder = { status: "none" }

export const initialCheckout = (tab: CheckoutTab = "plan"): CheckoutState => ({
  tab,
  itemId: null,
  payMethod: "wechat",
  coupon: emptyCouponEntry,
  order: noOrder,
  confirmingClose: false
})

/** OR1: only a paying order moves on; success, timeout, fail and closed are final. */
const isFinal = (order: CurrentOrder): boolean => order.status !== "none" && order.status !== "paying"

const resetOrder = (state: CheckoutState): CheckoutState => ({ ...state, order: noOrder, confirmingClose: false })

/**
 * OR1–OR5: the checkout dialog as a pure reducer. Effects (creating orders, polling, the close call)
 * live in the Checkout service; it reads the state this returns to decide them.
 */
export const checkoutReducer = (state: CheckoutState, event: CheckoutEvent): CheckoutState => {
  switch (event.type) {
    case "tabSelected":
      // OR3: a tab change resets the order and clears the coupon, even when the tab is the same one
      return { ...resetOrder(state), tab: event.tab, itemId: null, coupon: emptyCouponEntry }
    case "itemSelected":
      // OR3: the code stays, but its price was for the old item: the service applies it again
      return { ...resetOrder(state), itemId: event.itemId, coupon: { code: state.coupon.code, applied: null } }
    case "payMethodSelected":
      return { ...resetOrder(state), payMethod: event.payMethod }
    case "couponEdited":
      return { ...resetOrder(state), coupon: editCouponCode(state.coupon, event.code) }
    case "couponApplied":
      return { ...resetOrder(state), coupon: applyCouponOutcome(state.coupon, event.outcome) }
    case "orderCreated":
      return { ...state, order: { status: "paying", tradeNo: event.tradeNo, qr: event.qr }, confirmingClose: false }
    case "statusPolled":
      // OR2: a late answer for an older order, or any answer after a final status, changes nothing
      if (state.order.status === "none" || state.order.tradeNo !== event.tradeNo || isFinal(state.order)) return state
      return { ...state, order: { ...state.order, status: event.status } }
    case "closeRequested":
      return state.order.status === "paying" ? { ...state, confirmingClose: true } : state
    case "closeCancelled":
      return { ...state, confirmingClose: false }
    case "closeConfirmed":
      return state.order.status === "paying"
        ? { ...state, order: { ...state.order, status: "closed" }, confirmingClose: false }
        : { ...state, confirmingClose: false }
  }
}

/** OR2: the service polls order/check every 2000 ms while this is true. */
export const shouldPoll = (state: CheckoutState): boolean => state.order.status === "paying"

/** OR4: the dialog shows a claim button instead of a pay QR when the applied coupon makes it free. */
export const isClaim = (state: CheckoutState): boolean =>
  state.coupon.applied !== null && state.coupon.applied.outcome.ok && state.coupon.applied.outcome.claim

export const ORDER_POLL_INTERVAL_MS = 2000
