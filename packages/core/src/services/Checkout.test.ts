import { Effect, Fiber, Layer, TestClock } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { sampleCoupon, sampleCurrentUser, samplePayingOrder, samplePlan } from "../api/examples/accountSamples.js"
import { HttpFailure, type HttpRequest, type HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { Checkout } from "./Checkout.js"
import { CheckoutLive } from "./deferredServices.js"
import { AGREEMENT_REQUIRED_MESSAGE, PAYMENT_UNCONFIRMED_MESSAGE } from "./checkoutErrors.js"
import { PAYMENT_WAIT_LIMIT_MS, pollDelayMs } from "./checkoutPolling.js"
import { SessionLive } from "./Session.js"
import { StorageKeys } from "./storageKeys.js"
import { WalletLive } from "./Wallet.js"

// The service's code is fetched on first use by a real import() (deferredImplementations.ts). Tests that fork a
// call and then move the TestClock need it fetched already, as a browser has it after the first use,
// whichever test runs first.
beforeAll(() => import("./deferredImplementations.js"))

type Reply = HttpResponse | Effect.Effect<HttpResponse, HttpFailure>
type Answers = Record<string, (request: HttpRequest) => Reply>

const CHECK = "/api/v1/order/check"
const INFO = "/api/v1/user/info"
const POINTS = "/api/v1/user/points"
const offline = () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false }))
const order = (status: string, extra: Record<string, unknown> = {}) => ({ ...samplePayingOrder, status, ...extra })
const refreshAnswers: Answers = {
  [INFO]: () => envelope(0, sampleCurrentUser),
  [POINTS]: () => envelope(0, { balance: 3320, today_consumed: 0 })
}
/** Answers in turn, repeating the last one. */
const sequence = (replies: ReadonlyArray<() => Reply>) => {
  let call = 0
  return () => replies[Math.min(call++, replies.length - 1)]!()
}
const ok = (data: unknown) => () => envelope(0, data)

const withCheckout = (answers: Answers, stored: Record<string, string> = storedLogin()) => {
  const core = makeTestCore((request) => answers[request.url]?.(request), stored)
  const layer = Layer.provideMerge(CheckoutLive, Layer.provideMerge(Layer.merge(SessionLive, WalletLive), core.layer))
  const urls = () => core.memory.requests.map((request) => request.url)
  return { ...core, layer, urls }
}
const bodyOf = (request: HttpRequest | undefined) => (request?.body?.kind === "json" ? request.body.value : undefined)

const failures = [
  ["code ≠ 0 with the server's msg", () => envelope(1001, null, "服务繁忙"), { _tag: "ApiError", msg: "服务繁忙" }],
  ["-401", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }],
  ["a network error", offline, { _tag: "NetworkError", reason: "offline" }]
] as const

describe("Checkout: plans and points packages (spec §3, §7)", () => {
  it("lists both", async () => {
    const { layer } = withCheckout({
      "/api/v1/open/config/membership_plan/list": ok({ list: [samplePlan] }),
      "/api/v1/open/config/points_package/list": ok({ list: [{ id: 1, points: 1000, price: 10 }] })
    })
    const [plans, packages] = await runTest(Effect.flatMap(Checkout, (checkout) => Effect.zip(checkout.plans, checkout.pointsPackages)).pipe(Effect.provide(layer)))
    expect(plans.map((plan) => [plan.name, plan.price, plan.level])).toEqual([["月度会员", 29.9, 2]])
    expect(packages).toEqual([{ id: 1, points: 1000, price: 10 }])
  })

  it.each([
    ...failures,
    ["an unknown plan level does not decode", ok({ list: [{ ...samplePlan, level: 4 }] }), { _tag: "DecodeError", field: "list.0.level" }],
    ["a price with 3 decimals does not decode (R31)", ok({ list: [{ ...samplePlan, price: 29.999 }] }), { _tag: "DecodeError", field: "list.0.price" }]
  ] as const)("plans fail typed on %s", async (_name, answer, expected) => {
    const { layer } = withCheckout({ "/api/v1/open/config/membership_plan/list": answer })
    const error = await runTest(Effect.flatMap(Checkout, (checkout) => Effect.flip(checkout.plans)).pipe(Effect.provide(layer)))
    expect(error).toMatchObject(expected)
  })
})

describe("Checkout: applying a coupon (spec §5, §8; R22 display only)", () => {
  const plan = { kind: "plan", priceYuan: 29.9 } as const
  const coupon = (extra: Record<string, unknown>) => ok({ ...sampleCoupon, ...extra })

  it.each([
    ["CP1 an empty code, nothing sent", "", plan, coupon({}), { ok: false, message: "请输入优惠码!" }, 0],
    ["CP2 no item, nothing sent", "MIDO10", null, coupon({}), { ok: false, message: "请选择购买项!" }, 0],
    ["a malformed code, nothing sent", "优惠 码", plan, coupon({}), { ok: false, message: "优惠码格式不正确" }, 0],
    ["CP6 threshold 10 off 29.90", "MIDO10", plan, coupon({}), { ok: true, payableFen: 1990, claim: false }, 1],
    ["CP7 29.90 × 0.9", " MIDO90 ", plan, coupon({ type: "discount", discount_amount: 0.9, minimum_amount: null }), { ok: true, payableFen: 2691, claim: false }, 1],
    ["CP6 free: a claim (R23)", "FREE", plan, coupon({ discount_amount: 50, minimum_amount: null }), { ok: true, payableFen: 0, claim: true }, 1],
    ["CP3 below the minimum", "MIDO10", { kind: "points", priceYuan: 10 }, coupon({}), { ok: false, message: "未达到指定金额(20，无法使用!" }, 1],
    ["CP4 a points coupon on a plan", "P1", plan, coupon({ scope: "points" }), { ok: false, message: "该优惠码仅供购买积分使用!" }, 1],
    ["CP5 used", "MIDO10", plan, coupon({ status: "used" }), { ok: false, message: "该优惠码已被使用!" }, 1],
    ["§8 code ≠ 0: the server's msg (a disabled or unknown code)", "STOP01", plan, () => envelope(400, null, "该优惠码无法使用!"), { ok: false, message: "该优惠码无法使用!" }, 1],
    ["§8 code ≠ 0: CP4 a scope the server cannot answer", "APP01", plan, () => envelope(400, null, "未知优惠码作用范围!"), { ok: false, message: "未知优惠码作用范围!" }, 1],
    ["§8 code ≠ 0 without a msg", "MIDO10", plan, () => envelope(1004, null, ""), { ok: false, message: "优惠码验证失败，请稍后重试!" }, 1],
    ["§8 a network error", "MIDO10", plan, offline, { ok: false, message: "优惠码验证失败，请稍后重试!" }, 1],
    ["§8 an undecodable coupon", "MIDO10", plan, coupon({ status: "frozen" }), { ok: false, message: "优惠码验证失败，请稍后重试!" }, 1]
  ] as const)("%s", async (_name, code, item, answer, expected, calls) => {
    const { memory, layer } = withCheckout({ "/api/v1/open/config/coupon/check": answer })
    const outcome = await runTest(Effect.flatMap(Checkout, (checkout) => checkout.applyCoupon({ code, item })).pipe(Effect.provide(layer)))
    expect(outcome).toEqual(expected)
    expect(memory.requests).toHaveLength(calls)
    if (calls > 0) expect(memory.requests[0]?.query).toEqual({ code: code.trim() })
  })

  it("-401 is not a coupon message: it fails Unauthorized and logs out (R9)", async () => {
    const { kv, layer } = withCheckout({ "/api/v1/open/config/coupon/check": () => envelope(-401, null, "请先登录") })
    const error = await runTest(Effect.flatMap(Checkout, (checkout) => Effect.flip(checkout.applyCoupon({ code: "MIDO10", item: plan }))).pipe(Effect.provide(layer)))
    expect(error._tag).toBe("Unauthorized")
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })
})

describe("Checkout: creating an order (spec §5 agreement, §7 order/create)", () => {
  const input = { type: "plan", type_id: 2, pay_method: "wechat", coupon_code: "MIDO10", agreed: true } as const

  it("sends what the buyer chose and gives the server's order", async () => {
    const { memory, layer } = withCheckout({ "/api/v1/order/create": ok(samplePayingOrder) })
    const created = await runTest(Effect.flatMap(Checkout, (checkout) => checkout.createOrder(input)).pipe(Effect.provide(layer)))
    expect(created).toEqual(samplePayingOrder)
    expect(bodyOf(memory.requests[0])).toEqual({ type: "plan", type_id: 2, pay_method: "wechat", coupon_code: "MIDO10" })
  })

  it.each([["absent", undefined], ["blank", "  "]])("a %s coupon code is left out", async (_name, coupon_code) => {
    const { memory, layer } = withCheckout({ "/api/v1/order/create": ok(samplePayingOrder) })
    await runTest(Effect.flatMap(Checkout, (checkout) => checkout.createOrder({ ...input, coupon_code })).pipe(Effect.provide(layer)))
    expect(bodyOf(memory.requests[0])).toEqual({ type: "plan", type_id: 2, pay_method: "wechat" })
  })

  it("R45 sends an Idempotency-Key; a timed-out create is retried once with the same key, and gives the order", async () => {
    const { memory, layer } = withCheckout({
      "/api/v1/order/create": sequence([() => Effect.fail(new HttpFailure({ reason: "timeout", timeout: true })), ok(samplePayingOrder)])
    })
    const created = await runTest(Effect.flatMap(Checkout, (checkout) => checkout.createOrder(input)).pipe(Effect.provide(layer)))
    expect(created).toEqual(samplePayingOrder)
    const keys = memory.requests.map((request) => request.headers?.["Idempotency-Key"])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it("R45 a code ≠ 0 is not retried; each action without a key gets its own, a given key is sent as is", async () => {
    const { memory, layer } = withCheckout({ "/api/v1/order/create": sequence([() => envelope(429, null, "下单太频繁，请稍后再试"), ok(samplePayingOrder)]) })
    const keys = await runTest(
      Effect.gen(function* () {
        const checkout = yield* Checkout
        yield* Effect.flip(checkout.createOrder(input))
        yield* checkout.createOrder(input)
        yield* checkout.createOrder({ ...input, idempotencyKey: "press-0001-abcdef" })
        return memory.requests.map((request) => request.headers?.["Idempotency-Key"])
      }).pipe(Effect.provide(layer))
    )
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(3)
    expect(keys[2]).toBe("press-0001-abcdef")
  })

  it("refuses without the agreement, sending nothing (spec §5)", async () => {
    const { memory, layer } = withCheckout({ "/api/v1/order/create": ok(samplePayingOrder) })
    const error = await runTest(Effect.flatMap(Checkout, (checkout) => Effect.flip(checkout.createOrder({ ...input, agreed: false }))).pipe(Effect.provide(layer)))
    expect(error).toMatchObject({ _tag: "AgreementRequired", message: AGREEMENT_REQUIRED_MESSAGE })
    expect(error.message).toBe("请先阅读并同意《会员服务协议》")
    expect(memory.requests).toHaveLength(0)
  })

  it("refuses an invalid item id before sending", async () => {
    const { memory, layer } = withCheckout({ "/api/v1/order/create": ok(samplePayingOrder) })
    const error = await runTest(Effect.flatMap(Checkout, (checkout) => Effect.flip(checkout.createOrder({ ...input, type_id: 0 }))).pipe(Effect.provide(layer)))
    expect(error).toMatchObject({ _tag: "InvalidInput", field: "type_id" })
    expect(memory.requests).toHaveLength(0)
  })

  it.each([
    ...failures,
    ["an unknown status does not decode", ok(order("refunded")), { _tag: "DecodeError", field: "status" }]
  ] as const)("fails typed on %s", async (_name, answer, expected) => {
    const { layer } = withCheckout({ "/api/v1/order/create": answer })
    const error = await runTest(Effect.flatMap(Checkout, (checkout) => Effect.flip(checkout.createOrder(input))).pipe(Effect.provide(layer)))
    expect(error).toMatchObject(expected)
  })
})

describe("Checkout: waiting for the payment, every 2000 ms on the TestClock (spec §4, §9; R29)", () => {
  const paying = samplePayingOrder as Parameters<typeof Checkout.Service.awaitPayment>[0]

  it("polls every 2000 ms until success, then refreshes user and balance (plan order)", async () => {
    const { urls, layer } = withCheckout({ ...refreshAnswers, [CHECK]: sequence([ok(order("paying")), ok(order("success"))]) })
    const seen = await runTest(
      Effect.gen(function* () {
        const checkout = yield* Checkout
        const fiber = yield* Effect.fork(checkout.awaitPayment(paying, "plan"))
        yield* TestClock.adjust("1999 millis")
        const before = urls().length
        yield* TestClock.adjust("1 millis")
        const first = urls().length
        yield* TestClock.adjust("2000 millis")
        return { before, first, final: yield* Fiber.join(fiber) }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toMatchObject({ before: 0, first: 1, final: { status: "success" } })
    expect(urls()).toEqual([CHECK, CHECK, INFO, POINTS])
  })

  it("a points order refreshes only the balance", async () => {
    const { urls, layer } = withCheckout({ ...refreshAnswers, [CHECK]: ok(order("success")) })
    await runTest(
      Effect.flatMap(Checkout, (checkout) =>
        Effect.flatMap(Effect.fork(checkout.awaitPayment(paying, "points")), (fiber) => Effect.zipRight(TestClock.adjust("2 seconds"), Fiber.join(fiber)))
      ).pipe(Effect.provide(layer))
    )
    expect(urls()).toEqual([CHECK, POINTS])
  })

  it.each(["timeout", "fail", "closed"] as const)("stops on %s, refreshing nothing", async (status) => {
    const { urls, layer } = withCheckout({ ...refreshAnswers, [CHECK]: ok(order(status)) })
    const final = await runTest(
      Effect.gen(function* () {
        const fiber = yield* Effect.fork(Effect.flatMap(Checkout, (checkout) => checkout.awaitPayment(paying, "plan")))
        yield* TestClock.adjust("1 minute")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(layer))
    )
    expect(final.status).toBe(status)
    expect(urls()).toEqual([CHECK])
  })

  it("a claim (R23: claim, payable 0, success at once) completes without polling", async () => {
    const { urls, layer } = withCheckout({ ...refreshAnswers })
    const claim = { ...paying, status: "success", payable: 0, claim: true, data: "" } as const
    const final = await runTest(Effect.flatMap(Checkout, (checkout) => checkout.awaitPayment(claim, "plan")).pipe(Effect.provide(layer)))
    expect(final).toEqual(claim)
    expect(urls()).toEqual([INFO, POINTS])
  })

  it("a failed poll is retried at the next tick; the wait goes on (R29)", async () => {
    const { urls, layer } = withCheckout({ ...refreshAnswers, [CHECK]: sequence([offline, ok(order("paying")), ok(order("success"))]) })
    const final = await runTest(
      Effect.gen(function* () {
        const fiber = yield* Effect.fork(Effect.flatMap(Checkout, (checkout) => checkout.awaitPayment(paying, "points")))
        yield* TestClock.adjust("6 seconds")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(layer))
    )
    expect(final.status).toBe("success")
    expect(urls()).toEqual([CHECK, CHECK, CHECK, POINTS])
  })

  it("R29: consecutive network errors back off from 2 s, doubling, capped at 30 s", async () => {
    const { urls, layer } = withCheckout({ [CHECK]: offline })
    const counts = await runTest(
      Effect.gen(function* () {
        yield* Effect.fork(Effect.flatMap(Checkout, (checkout) => checkout.awaitPayment(paying, "plan")))
        const seen: Array<number> = []
        for (const step of [2000, 2000, 4000, 8000, 16000, 30000, 29999, 1]) {
          yield* TestClock.adjust(step)
          seen.push(urls().length)
        }
        return seen
      }).pipe(Effect.provide(layer))
    )
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 6, 7])
  })

  it.each([
    [0, 2000], [1, 2000], [2, 4000], [3, 8000], [4, 16000], [5, 30000], [12, 30000]
  ])("R29 pollDelayMs after %i failures is %i ms", (failures, delay) => {
    expect(pollDelayMs(failures)).toBe(delay)
  })

  it.each([
    ["code ≠ 0 ends the wait with its msg", () => envelope(1005, null, "订单不存在"), { _tag: "ApiError", msg: "订单不存在" }],
    ["an undecodable answer ends the wait", ok(order("refunded")), { _tag: "DecodeError", field: "status" }]
  ] as const)("%s", async (_name, answer, expected) => {
    const { layer } = withCheckout({ [CHECK]: answer })
    const error = await runTest(
      Effect.gen(function* () {
        const fiber = yield* Effect.fork(Effect.flip(Effect.flatMap(Checkout, (checkout) => checkout.awaitPayment(paying, "plan"))))
        yield* TestClock.adjust("2 seconds")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(layer))
    )
    expect(error).toMatchObject(expected)
  })

  it("-401 logs out and stops polling: nothing more is asked in the next 10 s (R9)", async () => {
    const { kv, urls, layer } = withCheckout({ [CHECK]: () => envelope(-401, null, "请先登录") })
    const error = await runTest(
      Effect.gen(function* () {
        const fiber = yield* Effect.fork(Effect.flip(Effect.flatMap(Checkout, (checkout) => checkout.awaitPayment(paying, "plan"))))
        yield* TestClock.adjust("2 seconds")
        const error = yield* Fiber.join(fiber)
        yield* TestClock.adjust("10 seconds")
        return error
      }).pipe(Effect.provide(layer))
    )
    expect(error._tag).toBe("Unauthorized")
    expect(urls()).toEqual([CHECK])
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })

  it("gives up after 10 minutes still paying (R29): PaymentUnconfirmed after about 300 polls, then silence", async () => {
    const { urls, layer } = withCheckout({ [CHECK]: ok(order("paying")) })
    const error = await runTest(
      Effect.gen(function* () {
        const fiber = yield* Effect.fork(Effect.flip(Effect.flatMap(Checkout, (checkout) => checkout.awaitPayment(paying, "plan"))))
        yield* TestClock.adjust(PAYMENT_WAIT_LIMIT_MS)
        const error = yield* Fiber.join(fiber)
        yield* TestClock.adjust("1 minute")
        return error
      }).pipe(Effect.provide(layer))
    )
    expect(error).toMatchObject({ _tag: "PaymentUnconfirmed", tradeNo: samplePayingOrder.trade_no, message: PAYMENT_UNCONFIRMED_MESSAGE })
    // one poll every 2 s for 10 minutes; the one due exactly at the limit may or may not go out
    expect(urls().length).toBeGreaterThanOrEqual(PAYMENT_WAIT_LIMIT_MS / 2000 - 1)
    expect(urls().length).toBeLessThanOrEqual(PAYMENT_WAIT_LIMIT_MS / 2000)
  })

  it("a paid order stays paid when the refreshes after it fail", async () => {
    const { layer } = withCheckout({ [INFO]: offline, [POINTS]: () => envelope(1001, null, "服务繁忙"), [CHECK]: ok(order("success")) })
    const final = await runTest(
      Effect.gen(function* () {
        const fiber = yield* Effect.fork(Effect.flatMap(Checkout, (checkout) => checkout.awaitPayment(paying, "plan")))
        yield* TestClock.adjust("2 seconds")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(layer))
    )
    expect(final.status).toBe("success")
  })
})

describe("Checkout: closing an order (spec §4, R27)", () => {
  it.each([
    ["closed: nothing to refresh", "closed", ["/api/v1/order/close"]],
    ["paid meanwhile (R27): a success, refreshed", "success", ["/api/v1/order/close", INFO, POINTS]]
  ] as const)("%s", async (_name, status, calls) => {
    const { memory, urls, layer } = withCheckout({ ...refreshAnswers, "/api/v1/order/close": ok(order(status)) })
    const answer = await runTest(Effect.flatMap(Checkout, (checkout) => checkout.closeOrder(samplePayingOrder.trade_no, "plan")).pipe(Effect.provide(layer)))
    expect(answer.status).toBe(status)
    expect(urls()).toEqual(calls)
    expect(memory.requests[0]?.query).toEqual({ trade_no: samplePayingOrder.trade_no })
  })

  it.each([
    ...failures,
    ["an undecodable answer", ok({ trade_no: samplePayingOrder.trade_no }), { _tag: "DecodeError" }]
  ] as const)("fails typed on %s", async (_name, answer, expected) => {
    const { layer } = withCheckout({ "/api/v1/order/close": answer })
    const error = await runTest(Effect.flatMap(Checkout, (checkout) => Effect.flip(checkout.closeOrder(samplePayingOrder.trade_no, "plan"))).pipe(Effect.provide(layer)))
    expect(error).toMatchObject(expected)
  })
})
