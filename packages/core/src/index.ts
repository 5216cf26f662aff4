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
