import type { CouponOutcome } from "./applyCoupon.js"

/** The coupon box: the code being typed and, once applied, the outcome for exactly that code. */
export interface CouponEntry {
  readonly code: string
  readonly applied: { readonly code: string; readonly outcome: CouponOutcome } | null
}

export const emptyCouponEntry: CouponEntry = { code: "", applied: null }

/** CP8: editing the code after applying cancels the applied coupon. */
export const editCouponCode = (entry: CouponEntry, code: string): CouponEntry =>
  ({ code, applied: entry.applied !== null && entry.applied.code === code ? entry.applied : null })

export const applyCouponOutcome = (entry: CouponEntry, outcome: CouponOutcome): CouponEntry =>
  ({ code: entry.code, applied: { code: entry.code, outcome } })
