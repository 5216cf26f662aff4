import { Either, Schema } from "effect"
import { describe, expect, expectTypeOf, it } from "vitest"
import { applyCoupon, type CouponTerms } from "../../domain/coupon/applyCoupon.js"
import { type Coupon } from "../schemas/Coupon.js"
import { commerceRoutes } from "./commerceRoutes.js"
import { sampleCoupon, samplePayingOrder, samplePlan } from "../examples/accountSamples.js"
import { commerceExamples } from "../examples/commerceExamples.js"
import { describeRoutes } from "../../testing/describeRoutes.js"

const orderMalformed = [
  { ...samplePayingOrder, status: "paid" },
  { ...samplePayingOrder, payable: 19.999 },
  { ...samplePayingOrder, payable: -1 },
  { ...samplePayingOrder, data: "javascript:alert(1)" },
  { ...samplePayingOrder, trade_no: "" }
]
const badCodes = [{}, { code: "" }, { code: "   " }, { code: "含中文" }, { code: "A".repeat(33) }]
const badTradeNos = [{}, { trade_no: "" }, { trade_no: "../../etc" }]

describeRoutes("commerce", commerceRoutes, commerceExamples, {
  appConfig: {
    malformed: [{ list: [{ key: "points.first-post", value: "50" }] }, { list: [{ key: "", value: [] }] }, []]
  },
  tools: {
    malformed: [
      { list: [{ key: "x", name: "x", description: "", cover: "", path: "//evil.example.com" }] },
      { list: [{ key: "x", name: "x", description: "", cover: "", path: "https://evil.example.com" }] }
    ]
  },
  membershipPlans: {
    malformed: [{ list: [{ ...samplePlan, level: 4 }] }, { list: [{ ...samplePlan, price: "29.9" }] }, { list: [{ ...samplePlan, duration_days: 0 }] }]
  },
  pointsPackages: {
    malformed: [{ list: [{ id: 1, points: 0, price: 10 }] }, { list: [{ id: 1, points: 100, price: 0.001 }] }]
  },
  couponCheck: {
    malformed: [{ ...sampleCoupon, status: "locked" }, { ...sampleCoupon, scope: "points,plan,vip" }, { ...sampleCoupon, type: "free" }],
    badInputs: badCodes
  },
  orderCoupon: {
    malformed: [{ ...sampleCoupon, discount_amount: -1 }],
    badInputs: badCodes
  },
  orderCreate: {
    malformed: orderMalformed,
    badInputs: [
      { type: "vip", type_id: 2, pay_method: "wechat" },
      { type: "plan", type_id: -2, pay_method: "wechat" },
      { type: "plan", type_id: 2, pay_method: "paypal" },
      { type: "plan", type_id: 2, pay_method: "wechat", coupon_code: "" },
      // R12: a price, an amount or a status from the client is refused, not ignored
      { type: "plan", type_id: 2, pay_method: "alipay", amount: 0.01 },
      { type: "plan", type_id: 2, pay_method: "alipay", status: "success" },
      { type: "plan", type_id: 2, pay_method: "alipay", price: 0 }
    ]
  },
  orderCheck: { malformed: orderMalformed, badInputs: badTradeNos },
  orderClose: { malformed: [{ ...samplePayingOrder, claim: "no" }], badInputs: badTradeNos },
  taskPoints: {
    malformed: [{ points: 1.5, balance: 10 }, { points: 8 }],
    badInputs: [
      { type: "painting", num: 1 },
      { type: "quick", num: 0 },
      { type: "quick", num: 5 },
      { type: "quick", num: 1, ratio: "2:1" },
      { type: "quick", num: 1, points: 0 }
    ]
  }
})

describe("commerce schemas", () => {
  it("a checked coupon feeds the domain's coupon rule as it is (CP6)", () => {
    expectTypeOf<Coupon>().toMatchTypeOf<CouponTerms>()
    const coupon = Schema.decodeUnknownSync(commerceRoutes.couponCheck.data)(sampleCoupon)
    expect(applyCoupon({ code: "MIDO10", item: { kind: "plan", priceFen: 2990 }, coupon })).toEqual({ ok: true, payableFen: 1990, claim: false })
  })

  it("trims a typed coupon code and explains an empty one with the spec's text", () => {
    expect(Schema.decodeUnknownSync(commerceRoutes.couponCheck.input)({ code: " MIDO10 " })).toEqual({ code: "MIDO10" })
    const empty = Schema.decodeUnknownEither(commerceRoutes.couponCheck.input)({ code: " " })
    expect(Either.isLeft(empty) && empty.left.message).toContain("请输入优惠码!")
  })

  it("prices are yuan with at most two decimals (R31)", () => {
    const decode = Schema.decodeUnknownEither(commerceRoutes.pointsPackages.data)
    expect(Either.isRight(decode({ list: [{ id: 1, points: 100, price: 0.01 }] }))).toBe(true)
    expect(Either.isLeft(decode({ list: [{ id: 1, points: 100, price: 0.1 + 0.2 }] }))).toBe(true)
  })

  it("a claim order has no QR and pays nothing (R23)", () => {
    const claim = { ...samplePayingOrder, data: "", status: "success", payable: 0, claim: true }
    expect(Schema.decodeUnknownSync(commerceRoutes.orderCreate.data)(claim)).toEqual(claim)
  })
})
