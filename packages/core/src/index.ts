/**
 * @mido/core's public entry. Everything an app, the React bindings or the server may use is exported
 * here and nowhere else; deep imports are not part of the contract.
 */

// domain: money (R31)
export { type Decimal, compare, floorToUnits, formatDecimal, multiply, parseDecimal, subtract } from "./domain/money/decimal.js"
export { type Fen, fenToYuan, formatYuan, parseYuan } from "./domain/money/fen.js"

// domain: coupon (CP)
export {
  applyCoupon,
  type CouponOutcome,
  type CouponStatus,
  type CouponTerms,
  type CouponType,
  type PurchaseItem,
  type PurchaseKind
} from "./domain/coupon/applyCoupon.js"
export { applyCouponOutcome, type CouponEntry, editCouponCode, emptyCouponEntry } from "./domain/coupon/couponEntry.js"
export { CouponMessages } from "./domain/coupon/couponMessages.js"

// further areas are appended below, one block each

// domain: order (OR)
export {
  type CheckoutEvent,
  checkoutReducer,
  type CheckoutState,
  type CheckoutTab,
  type CurrentOrder,
  initialCheckout,
  isClaim,
  ORDER_POLL_INTERVAL_MS,
  type OrderStatus,
  type PayMethod,
  shouldPoll
} from "./domain/order/checkoutReducer.js"
export { dailyPostRewardCap } from "./domain/order/postReward.js"

// domain: layout (LY)
export {
  CONTEXT_MENU_MARGIN_PX,
  CONTEXT_MENU_OFFSET_PX,
  contentMarginPx,
  placeContextMenu,
  SIDEBAR_COLLAPSE_AT_PX,
  SIDEBAR_DRAWER_BELOW_PX,
  SIDEBAR_WIDTH_PX,
  type SidebarMode,
  sidebarMode,
  type Size
} from "./domain/layout/layout.js"
