import { Effect, Layer, Option, TestClock } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { sampleCoupon, sampleCurrentUser, samplePayingOrder } from "../api/examples/accountSamples.js"
import { checkoutReducer } from "../domain/order/checkoutReducer.js"
import { HttpFailure, type HttpRequest, type HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { CheckoutLive } from "./deferredServices.js"
import { makeCheckoutSession } from "./checkoutSession.js"
import { SessionLive } from "./Session.js"
import { WalletLive } from "./Wallet.js"

// The service's code is fetched on first use by a real import() (deferredImplementations.ts). Tests that fork a
// call and then move the TestClock need it fetched already, as a browser has it after the first use,
// whichever test runs first.
beforeAll(() => import("./deferredImplementations.js"))

type Answers = Record<string, (request: HttpRequest) => HttpResponse | Effect.Effect<HttpResponse, HttpFailure>>

const CHECK = "/api/v1/order/check"
const CREATE = "/api/v1/order/create"
const T1 = "MD202611221830000001"
const T2 = "MD202611221830000002"
const order = (trade_no: string, status: string, extra: Record<string, unknown> = {}) => ({ ...samplePayingOrder, trade_no, status, ...extra })
const plan = { kind: "plan", priceYuan: 29.9 } as const

const withSession = (answers: Answers) => {
  const core = makeTestCore((request) => answers[request.url]?.(request), storedLogin())
  const layer = Layer.provideMerge(CheckoutLive, Layer.provideMerge(Layer.merge(SessionLive, WalletLive), core.layer))
  const checks = (tradeNo: string) => core.memory.requests.filter((request) => request.url === CHECK && request.query?.trade_no === tradeNo).length
  return { ...core, layer, checks }
}

const baseAnswers: Answers = {
  "/api/v1/user/info": () => envelope(0, sampleCurrentUser),
  "/api/v1/user/points": () => envelope(0, { balance: 3320, today_consumed: 0 })
}

/** Creates T1, then T2, … in turn. */
const creates = (...orders: ReadonlyArray<unknown>) => {
  let call = 0
  return () => envelope(0, orders[Math.min(call++, orders.length - 1)])
}

describe("CheckoutSession: the reducer plus the calls (spec §4 OR1–OR5, R29)", () => {
  it("OR2 a created order is polled until it is paid, and the dialog hears each change", async () => {
    const { layer } = withSession({ ...baseAnswers, [CREATE]: creates(order(T1, "paying")), [CHECK]: () => envelope(0, order(T1, "success")) })
    const heard: Array<string> = []
    const status = await runTest(
      Effect.gen(function* () {
        const session = yield* makeCheckoutSession("plan")
        session.subscribe((view) => heard.push(view.checkout.order.status))
        yield* session.select({ type: "itemSelected", itemId: 2 })
        yield* session.placeOrder({ typeId: 2, agreed: true })
        yield* TestClock.adjust("2 seconds")
        return (yield* session.view).checkout.order.status
      }).pipe(Effect.provide(layer))
    )
    expect(status).toBe("success")
    expect(heard).toEqual(["none", "paying", "success"])
  })

  it("OR3 a reset interrupts the old poller, and a late answer for the old trade number changes nothing", async () => {
    const { checks, layer } = withSession({
      ...baseAnswers,
      [CREATE]: creates(order(T1, "paying"), order(T2, "paying")),
      // the server is slow: T1's answer (paid!) would arrive 1.5 s after the poll is sent
      [CHECK]: (request) =>
        request.query?.trade_no === T1
          ? Effect.delay(Effect.succeed(envelope(0, order(T1, "success"))), "1500 millis")
          : envelope(0, order(T2, "paying"))
    })
    const seen = await runTest(
      Effect.gen(function* () {
        const session = yield* makeCheckoutSession("plan")
        yield* session.select({ type: "itemSelected", itemId: 2 })
        yield* session.placeOrder({ typeId: 2, agreed: true })
        yield* TestClock.adjust("2500 millis") // T1's poll is in flight
        yield* session.select({ type: "payMethodSelected", payMethod: "alipay" })
        const afterReset = (yield* session.view).checkout
        yield* session.placeOrder({ typeId: 2, agreed: true })
        yield* TestClock.adjust("10 seconds") // T1's answer would have come at 3.5 s
        const state = (yield* session.view).checkout
        return { afterReset, state, lateAnswer: checkoutReducer(state, { type: "statusPolled", tradeNo: T1, status: "success" }) }
      }).pipe(Effect.provide(layer))
    )
    expect(seen.afterReset.order).toEqual({ status: "none" })
    expect(seen.state.order).toMatchObject({ status: "paying", tradeNo: T2 })
    expect(seen.state.payMethod).toBe("alipay")
    expect(checks(T1)).toBe(1)
    expect(checks(T2)).toBe(5)
    // OR2 in the reducer: the same late answer, delivered anyway, leaves the state as it was
    expect(seen.lateAnswer).toBe(seen.state)
  })

  it("closing the session's scope interrupts its poller (no timers remain)", async () => {
    const { checks, layer } = withSession({ ...baseAnswers, [CREATE]: creates(order(T1, "paying")), [CHECK]: () => envelope(0, order(T1, "paying")) })
    await runTest(
      Effect.gen(function* () {
        yield* Effect.scoped(Effect.flatMap(makeCheckoutSession("points"), (session) => session.placeOrder({ typeId: 1, agreed: true })))
        yield* TestClock.adjust("1 minute")
      }).pipe(Effect.provide(layer))
    )
    expect(checks(T1)).toBe(0)
  })

  it("OR4 a free coupon makes a claim that completes at once, sending the applied code (R23)", async () => {
    const { memory, layer } = withSession({
      ...baseAnswers,
      "/api/v1/open/config/coupon/check": () => envelope(0, { ...sampleCoupon, code: "FREE", discount_amount: 50, minimum_amount: null }),
      [CREATE]: creates(order(T1, "success", { claim: true, payable: 0, data: "" }))
    })
    const state = await runTest(
      Effect.gen(function* () {
        const session = yield* makeCheckoutSession("plan")
        yield* session.select({ type: "itemSelected", itemId: 2 })
        yield* session.select({ type: "couponEdited", code: "FREE" })
        const outcome = yield* session.applyCoupon(plan)
        expect(outcome).toEqual({ ok: true, payableFen: 0, claim: true })
        yield* session.placeOrder({ typeId: 2, agreed: true })
        return (yield* session.view).checkout
      }).pipe(Effect.provide(layer))
    )
    expect(state.order).toMatchObject({ status: "success", tradeNo: T1 })
    expect(memory.requests.some((request) => request.url === CHECK)).toBe(false)
    const create = memory.requests.find((request) => request.url === CREATE)
    expect(create?.body).toEqual({ kind: "json", value: { type: "plan", type_id: 2, pay_method: "wechat", coupon_code: "FREE" } })
  })

  it("CP8 an outcome for a code edited meanwhile is dropped", async () => {
    const { layer } = withSession({
      "/api/v1/open/config/coupon/check": () => Effect.delay(Effect.succeed(envelope(0, sampleCoupon)), "1 second")
    })
    const coupon = await runTest(
      Effect.gen(function* () {
        const session = yield* makeCheckoutSession("plan")
        yield* session.select({ type: "couponEdited", code: "MIDO10" })
        const fiber = yield* Effect.fork(session.applyCoupon(plan))
        yield* TestClock.adjust("10 millis") // the check for MIDO10 is on its way
        yield* session.select({ type: "couponEdited", code: "MIDO1" })
        yield* TestClock.adjust("1 second")
        yield* fiber.await
        return (yield* session.view).checkout.coupon
      }).pipe(Effect.provide(layer))
    )
    expect(coupon).toEqual({ code: "MIDO1", applied: null })
  })

  it("R45 pressing again after a failed create reuses its key; another choice or a success starts a new one", async () => {
    let attempt = 0
    const { memory, layer } = withSession({
      ...baseAnswers,
      // the first two presses time out (each retried once), then orders come back
      [CREATE]: () => (++attempt <= 4 ? Effect.fail(new HttpFailure({ reason: "timeout", timeout: true })) : envelope(0, order(`MD20261122183000000${attempt}`, "paying"))),
      [CHECK]: () => envelope(0, order(T1, "paying"))
    })
    await runTest(
      Effect.gen(function* () {
        const session = yield* makeCheckoutSession("plan")
        yield* Effect.flip(session.placeOrder({ typeId: 2, agreed: true }))
        // the dialog starts on WeChat Pay
        yield* session.select({ type: "payMethodSelected", payMethod: "alipay" })
        yield* Effect.flip(session.placeOrder({ typeId: 2, agreed: true }))
        yield* session.placeOrder({ typeId: 2, agreed: true })
        yield* session.placeOrder({ typeId: 2, agreed: true })
      }).pipe(Effect.provide(layer))
    )
    const keys = memory.requests.filter((request) => request.url === CREATE).map((request) => request.headers?.["Idempotency-Key"])
    expect(keys).toHaveLength(6)
    const [first, firstRetry, second, secondRetry, secondAgain, afterSuccess] = keys
    expect(firstRetry).toBe(first)
    // another pay method is another action; pressing again after its failure is the same one
    expect(second).not.toBe(first)
    expect([secondRetry, secondAgain]).toEqual([second, second])
    // after the order came back, the next press is a new action
    expect(afterSuccess).not.toBe(second)
    expect(afterSuccess).not.toBe(first)
  })

  it("spec §5 without the agreement nothing is created", async () => {
    const { memory, layer } = withSession({ [CREATE]: creates(order(T1, "paying")) })
    const error = await runTest(
      Effect.flatMap(makeCheckoutSession("plan"), (session) => Effect.flip(session.placeOrder({ typeId: 2, agreed: false }))).pipe(Effect.provide(layer))
    )
    expect(error).toMatchObject({ _tag: "AgreementRequired", message: "请先阅读并同意《会员服务协议》" })
    expect(memory.requests).toHaveLength(0)
  })

  it.each([
    ["the server closed it", "closed", "closed", ["/api/v1/order/close"]],
    ["R27 it was paid meanwhile: success", "success", "success", ["/api/v1/order/close", "/api/v1/user/info", "/api/v1/user/points"]]
  ] as const)("OR5 a confirmed close while paying: %s", async (_name, answer, status, calls) => {
    const { memory, checks, layer } = withSession({
      ...baseAnswers,
      [CREATE]: creates(order(T1, "paying")),
      [CHECK]: () => envelope(0, order(T1, "paying")),
      "/api/v1/order/close": () => envelope(0, order(T1, answer))
    })
    const seen = await runTest(
      Effect.gen(function* () {
        const session = yield* makeCheckoutSession("plan")
        yield* session.placeOrder({ typeId: 2, agreed: true })
        const asks = yield* session.requestClose
        const closed = yield* session.confirmClose
        yield* TestClock.adjust("1 minute")
        return { asks, closed: Option.getOrNull(closed)?.status, state: (yield* session.view).checkout }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toMatchObject({ asks: true, closed: answer, state: { confirmingClose: false, order: { status } } })
    expect(checks(T1)).toBe(0)
    expect(memory.requests.map((request) => request.url).filter((url) => url !== CREATE)).toEqual(calls)
  })

  it("OR5 a failed close still closes the dialog's order and reports the error", async () => {
    const { layer } = withSession({
      [CREATE]: creates(order(T1, "paying")),
      "/api/v1/order/close": () => envelope(1001, null, "服务繁忙")
    })
    const seen = await runTest(
      Effect.gen(function* () {
        const session = yield* makeCheckoutSession("plan")
        yield* session.placeOrder({ typeId: 2, agreed: true })
        yield* session.requestClose
        const error = yield* Effect.flip(session.confirmClose)
        return { error, status: (yield* session.view).checkout.order.status }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toMatchObject({ error: { _tag: "ApiError", msg: "服务繁忙" }, status: "closed" })
  })

  it("OR5 without a paying order the dialog closes without asking or calling", async () => {
    const { memory, layer } = withSession({})
    const seen = await runTest(
      Effect.flatMap(makeCheckoutSession("plan"), (session) => Effect.zip(session.requestClose, session.confirmClose)).pipe(Effect.provide(layer))
    )
    expect(seen).toEqual([false, Option.none()])
    expect(memory.requests).toHaveLength(0)
  })

  it("a -401 while waiting shows as the payment error and stops the poller (R9)", async () => {
    const { checks, layer } = withSession({ [CREATE]: creates(order(T1, "paying")), [CHECK]: () => envelope(-401, null, "请先登录") })
    const view = await runTest(
      Effect.gen(function* () {
        const session = yield* makeCheckoutSession("plan")
        yield* session.placeOrder({ typeId: 2, agreed: true })
        yield* TestClock.adjust("20 seconds")
        return yield* session.view
      }).pipe(Effect.provide(layer))
    )
    expect(view.paymentError?._tag).toBe("Unauthorized")
    expect(checks(T1)).toBe(1)
  })
})
