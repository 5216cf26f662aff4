import { describe, expect, it } from "vitest"
import { applyCoupon, type CouponTerms, type PurchaseItem } from "./applyCoupon.js"
import { applyCouponOutcome, editCouponCode, emptyCouponEntry } from "./couponEntry.js"

const plan = (priceFen: number): PurchaseItem => ({ kind: "plan", priceFen })
const points = (priceFen: number): PurchaseItem => ({ kind: "points", priceFen })
const coupon = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  discount_amount: 10,
  minimum_amount: 0,
  status: "unused",
  scope: "plan,points",
  type: "threshold",
  ...overrides
})

type Row = readonly [rule: string, name: string, code: string, item: PurchaseItem | null, terms: CouponTerms | null, expected: unknown]

const rows: ReadonlyArray<Row> = [
  ["CP1", "empty code", "", plan(2990), coupon(), { ok: false, message: "请输入优惠码!" }],
  ["CP1", "blank code", "   ", plan(2990), coupon(), { ok: false, message: "请输入优惠码!" }],
  ["CP1", "empty code wins over a missing item", "", null, null, { ok: false, message: "请输入优惠码!" }],
  ["CP2", "no purchase item", "SAVE10", null, coupon(), { ok: false, message: "请选择购买项!" }],
  ["CP3", "below the minimum, whole yuan", "SAVE10", plan(9990), coupon({ minimum_amount: 100 }), { ok: false, message: "未达到指定金额(100，无法使用!" }],
  ["CP3", "below the minimum, decimal", "SAVE10", plan(9900), coupon({ minimum_amount: "99.5" }), { ok: false, message: "未达到指定金额(99.5，无法使用!" }],
  ["CP3", "exactly the minimum passes", "SAVE10", plan(10000), coupon({ minimum_amount: 100 }), { ok: true, payableFen: 9000, claim: false }],
  ["CP3", "minimum checked before scope", "SAVE10", points(100), coupon({ minimum_amount: 5, scope: "plan" }), { ok: false, message: "未达到指定金额(5，无法使用!" }],
  ["CP3", "no minimum", "SAVE10", plan(2000), coupon({ minimum_amount: null }), { ok: true, payableFen: 1000, claim: false }],
  ["CP4", "points-only coupon on a plan", "P", plan(2990), coupon({ scope: "points" }), { ok: false, message: "该优惠码仅供购买积分使用!" }],
  ["CP4", "plan-only coupon on points", "P", points(2990), coupon({ scope: "plan" }), { ok: false, message: "该优惠码仅供购买套餐使用!" }],
  ["CP4", "unknown scope", "P", points(2990), coupon({ scope: "gift" }), { ok: false, message: "未知优惠码作用范围!" }],
  ["CP4", "empty scope is unknown", "P", points(2990), coupon({ scope: "" }), { ok: false, message: "未知优惠码作用范围!" }],
  ["CP4", "both scopes, points", "P", points(2990), coupon({ scope: "plan,points" }), { ok: true, payableFen: 1990, claim: false }],
  ["CP4", "both scopes written the other way", "P", plan(2990), coupon({ scope: "points,plan" }), { ok: true, payableFen: 1990, claim: false }],
  ["CP4", "scope checked before status", "P", plan(2990), coupon({ scope: "points", status: "used" }), { ok: false, message: "该优惠码仅供购买积分使用!" }],
  ["CP5", "used", "P", plan(2990), coupon({ status: "used" }), { ok: false, message: "该优惠码已被使用!" }],
  ["CP5", "expired", "P", plan(2990), coupon({ status: "expired" }), { ok: false, message: "该优惠码已过期!" }],
  ["CP5", "any other status", "P", plan(2990), coupon({ status: "frozen" }), { ok: false, message: "该优惠码无法使用!" }],
  ["CP5", "a code the server does not know", "P", plan(2990), null, { ok: false, message: "该优惠码无法使用!" }],
  ["CP6", "threshold subtracts yuan", "T", plan(2990), coupon({ discount_amount: 10 }), { ok: true, payableFen: 1990, claim: false }],
  ["CP6", "threshold with decimals", "T", plan(2990), coupon({ discount_amount: "0.99" }), { ok: true, payableFen: 2891, claim: false }],
  ["CP6", "threshold larger than the price is a claim", "T", plan(2990), coupon({ discount_amount: 50 }), { ok: true, payableFen: 0, claim: true }],
  ["CP6", "threshold equal to the price is a claim", "T", plan(2990), coupon({ discount_amount: "29.9" }), { ok: true, payableFen: 0, claim: true }],
  ["CP6", "threshold below a fen floors down", "T", plan(2990), coupon({ discount_amount: "0.005" }), { ok: true, payableFen: 2989, claim: false }],
  ["CP6", "negative amount is unusable", "T", plan(2990), coupon({ discount_amount: -5 }), { ok: false, message: "该优惠码无法使用!" }],
  ["CP7", "29.9 × 0.9 is exactly 26.91", "D", plan(2990), coupon({ type: "discount", discount_amount: 0.9 }), { ok: true, payableFen: 2691, claim: false }],
  ["CP7", "0.85 means 15% off", "D", points(10000), coupon({ type: "discount", discount_amount: 0.85 }), { ok: true, payableFen: 8500, claim: false }],
  ["CP7", "floors, never rounds up", "D", plan(1999), coupon({ type: "discount", discount_amount: 0.33 }), { ok: true, payableFen: 659, claim: false }],
  ["CP7", "invite multiplies too", "I", plan(2990), coupon({ type: "invite", discount_amount: "0.8" }), { ok: true, payableFen: 2392, claim: false }],
  ["CP7", "under 0.01 becomes 0 and a claim", "D", plan(1), coupon({ type: "discount", discount_amount: 0.5 }), { ok: true, payableFen: 0, claim: true }],
  ["CP7", "rate 0 is a claim", "D", plan(2990), coupon({ type: "discount", discount_amount: 0 }), { ok: true, payableFen: 0, claim: true }],
  ["CP7", "rate 1 keeps the price", "D", plan(2990), coupon({ type: "discount", discount_amount: 1 }), { ok: true, payableFen: 2990, claim: false }],
  ["CP7", "a rate above 1 is unusable", "D", plan(2990), coupon({ type: "discount", discount_amount: 1.2 }), { ok: false, message: "该优惠码无法使用!" }],
  ["CP7", "an amount that is not a number is unusable", "D", plan(2990), coupon({ type: "discount", discount_amount: "abc" }), { ok: false, message: "该优惠码无法使用!" }],
  ["CP7", "an unknown type is unusable", "X", plan(2990), coupon({ type: "cashback" }), { ok: false, message: "该优惠码无法使用!" }]
]

describe("coupon rules (spec §5, docs/spec/coupon.md)", () => {
  it.each(rows)("%s %s", (_rule, _name, code, item, terms, expected) => {
    expect(applyCoupon({ code, item, coupon: terms })).toEqual(expected)
  })
})

describe("CP8 editing the code cancels the applied coupon", () => {
  const typed = editCouponCode(emptyCouponEntry, "SAVE10")
  const applied = applyCouponOutcome(typed, { ok: true, payableFen: 1990, claim: false })

  it.each([
    ["CP8", "a different code cancels", "SAVE1", null],
    ["CP8", "an emptied box cancels", "", null],
    ["CP8", "the same code keeps it", "SAVE10", applied.applied]
  ] as const)("%s %s", (_rule, _name, code, expected) => {
    expect(editCouponCode(applied, code).applied).toEqual(expected)
  })
})
