import type { Fen } from "../money/fen.js"
import { compare, floorToUnits, formatDecimal, multiply, parseDecimal, subtract } from "../money/decimal.js"
import { CouponMessages } from "./couponMessages.js"

export type PurchaseKind = "plan" | "points"
export type CouponType = "threshold" | "discount" | "invite"
export type CouponStatus = "unused" | "used" | "expired"

export interface PurchaseItem {
  readonly kind: PurchaseKind
  readonly priceFen: Fen
}

/** A coupon as the check call returns it (spec §3); amounts in yuan, the rate as a fraction. */
export interface CouponTerms {
  readonly discount_amount: number | string
  readonly minimum_amount?: number | string | null
  readonly status: string
  readonly scope: string
  readonly type: string
}

export type CouponOutcome =
  | { readonly ok: false; readonly message: string }
  | { readonly ok: true; readonly payableFen: Fen; readonly claim: boolean }

const reject = (message: string): CouponOutcome => ({ ok: false, message })

/** CP4: "points", "plan" and "plan,points" (in any order) are the scopes a coupon may carry. */
const scopeMessage = (scope: string, kind: PurchaseKind): string | undefined => {
  const parts = scope.split(",").map((part) => part.trim())
  if (parts.length === 0 || parts.some((part) => part !== "plan" && part !== "points")) return CouponMessages.unknownScope
  if (parts.includes(kind)) return undefined
  return kind === "plan" ? CouponMessages.pointsOnly : CouponMessages.planOnly
}

/** CP5 */
const statusMessage = (status: string): string | undefined =>
  status === "unused" ? undefined
    : status === "used" ? CouponMessages.used
      : status === "expired" ? CouponMessages.expired
        : CouponMessages.unusable

/**
 * CP6–CP7: the payable amount in fen. Threshold coupons subtract a yuan amount; discount and invite
 * coupons multiply by a rate in [0, 1]. Floored to the fen; under one fen is 0, which means "claim".
 */
const payableFen = (priceFen: Fen, coupon: CouponTerms): Fen | undefined => {
  const price = { units: BigInt(priceFen), scale: 2 }
  const amount = parseDecimal(coupon.discount_amount)
  if (amount === undefined || amount.units < 0n) return undefined
  let payable
  if (coupon.type === "threshold") {
    payable = subtract(price, amount)
  } else if (coupon.type === "discount" || coupon.type === "invite") {
    if (compare(amount, { units: 1n, scale: 0 }) > 0) return undefined
    payable = multiply(price, amount)
  } else {
    return undefined
  }
  const fen = floorToUnits(payable, 2)
  return fen < 1n ? 0 : Number(fen)
}

/** CP1–CP7: checks a coupon code against the chosen item in the spec's order and prices it. */
export const applyCoupon = (input: {
  readonly code: string
  readonly item: PurchaseItem | null
  readonly coupon: CouponTerms | null
}): CouponOutcome => {
  if (input.code.trim() === "") return reject(CouponMessages.emptyCode)
  if (input.item === null) return reject(CouponMessages.noItem)
  const { coupon, item } = input
  if (coupon === null) return reject(CouponMessages.unusable)
  const minimum = coupon.minimum_amount === null || coupon.minimum_amount === undefined
    ? undefined
    : parseDecimal(coupon.minimum_amount)
  if (minimum !== undefined && compare({ units: BigInt(item.priceFen), scale: 2 }, minimum) < 0) {
    return reject(CouponMessages.belowMinimum(formatDecimal(minimum)))
  }
  const scopeProblem = scopeMessage(coupon.scope, item.kind)
  if (scopeProblem !== undefined) return reject(scopeProblem)
  const statusProblem = statusMessage(coupon.status)
  if (statusProblem !== undefined) return reject(statusProblem)
  const payable = payableFen(item.priceFen, coupon)
  if (payable === undefined) return reject(CouponMessages.unusable)
  return { ok: true, payableFen: payable, claim: payable <= 0 }
}
