import { emptyCouponEntry } from "@mido/core/account"
import { describe, expect, it } from "vitest"
import { priceSummary } from "./priceSummary.js"

const applied = (payableFen: number) => ({ code: "C", applied: { code: "C", outcome: { ok: true as const, payableFen, claim: payableFen === 0 } } })
const refused = { code: "C", applied: { code: "C", outcome: { ok: false as const, message: "该优惠码已过期!" } } }

describe("priceSummary: the dialog's price lines (CP6–CP7 display, R22)", () => {
  it.each([
    ["no item", null, emptyCouponEntry, null],
    ["no coupon", 29.9, emptyCouponEntry, { price: "29.90", discount: null, payable: "29.90" }],
    ["a refused coupon takes nothing off", 29.9, refused, { price: "29.90", discount: null, payable: "29.90" }],
    ["CP7 29.90 × 0.9 = 26.91 exactly", 29.9, applied(2691), { price: "29.90", discount: "2.99", payable: "26.91" }],
    ["CP6 a claim: 0.00 to pay", 9.9, applied(0), { price: "9.90", discount: "9.90", payable: "0.00" }],
    ["a price that is not yuan", 1.234, emptyCouponEntry, null]
  ] as const)("%s", (_name, price, coupon, expected) => {
    expect(priceSummary(price, coupon)).toEqual(expected)
  })
})
