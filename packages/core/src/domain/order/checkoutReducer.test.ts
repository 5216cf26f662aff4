import { describe, expect, it } from "vitest"
import { type CheckoutEvent, checkoutReducer, type CheckoutState, initialCheckout, isClaim, shouldPoll } from "./checkoutReducer.js"
import { dailyPostRewardCap } from "./postReward.js"

const run = (events: ReadonlyArray<CheckoutEvent>, from: CheckoutState = initialCheckout()) => events.reduce(checkoutReducer, from)

const paying: ReadonlyArray<CheckoutEvent> = [
  { type: "itemSelected", itemId: 2 },
  { type: "couponEdited", code: "MIDO90" },
  { type: "couponApplied", outcome: { ok: true, payableFen: 2691, claim: false } },
  { type: "orderCreated", tradeNo: "T1", qr: "data:image/png;base64,AAA" }
]

describe("order state machine (spec §4, docs/spec/orders.md)", () => {
  it.each([
    ["OR1", "a created order is paying", [], "paying"],
    ["OR1", "paying → success", [{ type: "statusPolled", tradeNo: "T1", status: "success" }], "success"],
    ["OR1", "paying → timeout", [{ type: "statusPolled", tradeNo: "T1", status: "timeout" }], "timeout"],
    ["OR1", "paying → fail", [{ type: "statusPolled", tradeNo: "T1", status: "fail" }], "fail"],
    ["OR1", "paying stays paying", [{ type: "statusPolled", tradeNo: "T1", status: "paying" }], "paying"],
    ["OR2", "success is final", [{ type: "statusPolled", tradeNo: "T1", status: "success" }, { type: "statusPolled", tradeNo: "T1", status: "fail" }], "success"],
    ["OR2", "a late answer for another order is ignored", [{ type: "statusPolled", tradeNo: "T0", status: "fail" }], "paying"],
    ["OR3", "tab change resets", [{ type: "tabSelected", tab: "points" }], "none"],
    ["OR3", "item change resets", [{ type: "itemSelected", itemId: 3 }], "none"],
    ["OR3", "pay method change resets", [{ type: "payMethodSelected", payMethod: "alipay" }], "none"],
    ["OR5", "close request while paying only asks", [{ type: "closeRequested" }], "paying"],
    ["OR5", "confirmed close closes", [{ type: "closeRequested" }, { type: "closeConfirmed" }], "closed"],
    ["OR5", "cancelled close keeps paying", [{ type: "closeRequested" }, { type: "closeCancelled" }], "paying"]
  ] as const)("%s %s", (_rule, _name, events, status) => {
    expect(run([...paying, ...events]).order.status).toBe(status)
  })

  it.each([
    ["OR3", "tab change clears the coupon", { type: "tabSelected", tab: "points" }, "", null],
    ["OR3", "item change keeps the code but drops its price", { type: "itemSelected", itemId: 3 }, "MIDO90", null],
    ["OR3", "pay method change keeps the applied coupon", { type: "payMethodSelected", payMethod: "alipay" }, "MIDO90", { ok: true, payableFen: 2691, claim: false }]
  ] as const)("%s %s", (_rule, _name, event, code, outcome) => {
    const state = run([...paying, event])
    expect(state.coupon.code).toBe(code)
    expect(state.coupon.applied?.outcome ?? null).toEqual(outcome)
  })

  it.each([
    ["OR2", "polls while paying", [], true],
    ["OR2", "stops on success", [{ type: "statusPolled", tradeNo: "T1", status: "success" }], false],
    ["OR2", "stops on fail", [{ type: "statusPolled", tradeNo: "T1", status: "fail" }], false],
    ["OR2", "stops when closed", [{ type: "closeRequested" }, { type: "closeConfirmed" }], false],
    ["OR2", "stops on reset", [{ type: "payMethodSelected", payMethod: "alipay" }], false]
  ] as const)("%s %s", (_rule, _name, events, polling) => {
    expect(shouldPoll(run([...paying, ...events]))).toBe(polling)
  })

  it.each([
    ["OR5", "close without an order needs no confirmation", initialCheckout(), false],
    ["OR5", "close after success needs no confirmation", run([...paying, { type: "statusPolled", tradeNo: "T1", status: "success" }]), false],
    ["OR5", "close while paying asks", run(paying), true]
  ] as const)("%s %s", (_rule, _name, state, confirming) => {
    expect(checkoutReducer(state, { type: "closeRequested" }).confirmingClose).toBe(confirming)
  })

  it.each([
    ["OR4", "free after the coupon is a claim", { ok: true, payableFen: 0, claim: true }, true],
    ["OR4", "payable is not a claim", { ok: true, payableFen: 100, claim: false }, false],
    ["OR4", "a rejected coupon is not a claim", { ok: false, message: "该优惠码已过期!" }, false]
  ] as const)("%s %s", (_rule, _name, outcome, claim) => {
    const state = run([{ type: "couponEdited", code: "FREE" }, { type: "couponApplied", outcome }])
    expect(isClaim(state)).toBe(claim)
  })

  it.each([
    ["OR6", "sum of the two rewards", 20, 5, 25],
    ["OR6", "a missing reward counts 0", Number.NaN, 5, 5],
    ["OR6", "negative counts 0", -10, 5, 5],
    ["OR6", "fractions count 0", 1.5, 5, 5]
  ] as const)("%s daily post cap: %s", (_rule, _name, first, daily, cap) => {
    expect(dailyPostRewardCap(first, daily)).toBe(cap)
  })
})
