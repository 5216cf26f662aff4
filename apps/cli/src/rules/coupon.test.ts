import { describe, expect, it } from "vitest"
import { runRule } from "../commands/rule.js"
import { couponRules } from "./coupon.js"

const run = (input: unknown) => runRule(couponRules, "coupon.apply", JSON.stringify(input))

describe("coupon.apply (harness)", () => {
  it.each([
    ["CP1", { code: "", item: null, coupon: null }, { ok: false, message: "请输入优惠码!" }],
    ["CP2", { code: "A", item: null, coupon: null }, { ok: false, message: "请选择购买项!" }],
    [
      "CP7",
      { code: "A", item: { kind: "points", price: 29.9 }, coupon: { discount_amount: "0.9", status: "unused", scope: "points", type: "invite" } },
      { ok: true, payable: 26.91, claim: false }
    ],
    [
      "CP6",
      { code: "A", item: { kind: "plan", price: 9.9 }, coupon: { discount_amount: 10, minimum_amount: null, status: "unused", scope: "plan", type: "threshold" } },
      { ok: true, payable: 0, claim: true }
    ]
  ] as const)("%s answers in yuan", (_rule, input, expected) => {
    const result = run(input)
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(expected)
  })

  it.each([
    ["a price with three decimals", { code: "A", item: { kind: "plan", price: 1.234 }, coupon: null }],
    ["a negative price", { code: "A", item: { kind: "plan", price: -1 }, coupon: null }],
    ["an unknown item kind", { code: "A", item: { kind: "gift", price: 1 }, coupon: null }],
    ["a missing coupon field", { code: "A", item: null }]
  ])("rejects %s with exit 2", (_name, input) => {
    expect(run(input).exitCode).toBe(2)
  })
})
