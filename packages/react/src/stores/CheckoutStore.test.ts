import { CouponMessages, PAYMENT_UNCONFIRMED_MESSAGE } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { beanPackage, order, plan, startupAnswers } from "../../test/fixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../test/world.js"
import { AGREEMENT_CONFIRM, CLOSE_CONFIRM_MESSAGE, type CheckoutStore } from "./CheckoutStore.js"

type CheckoutWorld = World & { readonly checkout: CheckoutStore }
let world: World | undefined
/** A world with the checkout store already fetched (it arrives on first use). */
const open = async (options: Parameters<typeof makeWorld>[0]): Promise<CheckoutWorld> => {
  const made = (world = makeWorld(options))
  return Object.assign(made, { checkout: await made.store.checkoutStore() })
}
afterEach(async () => {
  vi.useRealTimers()
  await world?.dispose()
  world = undefined
})

const CREATE = "/api/v1/order/create"
const CHECK = "/api/v1/order/check"
const CLOSE = "/api/v1/order/close"
const COUPON = "/api/v1/open/config/coupon/check"
const T1 = "MD202611221830000001"
const answers = {
  ...startupAnswers,
  "/api/v1/open/config/membership_plan/list": () => envelope(0, { list: [plan] }),
  "/api/v1/open/config/points_package/list": () => envelope(0, { list: [beanPackage] }),
  [CREATE]: () => envelope(0, order(T1, "paying")),
  [CHECK]: () => envelope(0, order(T1, "paying")),
  [CLOSE]: () => envelope(0, order(T1, "closed")),
  [COUPON]: () => envelope(0, { code: "MIDO10", discount_amount: 10, minimum_amount: 20, status: "unused", scope: "plan,points", type: "threshold" })
}

/** Opens the dialog on the plan tab with the plan chosen and the agreement ticked. */
const ready = async (world: CheckoutWorld) => {
  await world.boot()
  expect(await world.checkout.open("plan")).toBe(true)
  await vi.waitFor(() => expect(world.checkout.plans).toHaveLength(1))
  await world.checkout.selectItem(plan.id)
  world.checkout.setAgreed(true)
}

describe("CheckoutStore: the purchase dialog (spec §4 orders, §5 coupon, R29)", () => {
  it("orders, polls every 2000 ms while open, and ends on success with the balance refreshed", async () => {
    vi.useFakeTimers()
    const w = await open({ answers, stored: loggedIn() })
    await ready(w)
    const checkout = w.checkout
    expect(checkout.selectedItem).toEqual({ kind: "plan", priceYuan: 29.9 })
    const placed = await checkout.placeOrder()
    expect(placed?.trade_no).toBe(T1)
    expect(checkout.state.order.status).toBe("paying")
    const pointsBefore = w.calls("/api/v1/user/points").length
    await vi.advanceTimersByTimeAsync(4_000)
    expect(w.calls(CHECK)).toHaveLength(2)
    w.server[CHECK] = () => envelope(0, order(T1, "success"))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(checkout.state.order.status).toBe("success")
    expect(w.calls("/api/v1/user/points").length).toBe(pointsBefore + 1)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(w.calls(CHECK)).toHaveLength(3)
  })

  it("asks for the agreement first; a refusal sends nothing, an agreement orders", async () => {
    const w = await open({ answers, stored: loggedIn() })
    await w.boot()
    await w.checkout.open("points")
    await vi.waitFor(() => expect(w.checkout.packages).toHaveLength(1))
    await w.checkout.selectItem(beanPackage.id)
    const refused = w.checkout.placeOrder()
    expect(w.store.confirmDialog.request).toMatchObject(AGREEMENT_CONFIRM)
    w.store.confirmDialog.answer(false)
    expect(await refused).toBeUndefined()
    expect(w.calls(CREATE)).toHaveLength(0)

    const agreed = w.checkout.placeOrder()
    w.store.confirmDialog.answer(true)
    expect((await agreed)?.trade_no).toBe(T1)
    const body = w.calls(CREATE)[0]?.body
    expect(body?.kind === "json" ? body.value : undefined).toEqual({ type: "points", type_id: beanPackage.id, pay_method: "wechat" })
  })

  it("no item chosen: 请选择购买项! and nothing sent", async () => {
    const w = await open({ answers, stored: loggedIn() })
    await w.boot()
    await w.checkout.open()
    expect(await w.checkout.placeOrder()).toBeUndefined()
    expect(w.toasts()).toEqual([`warning:${CouponMessages.noItem}`])
  })

  it("applies a coupon for the chosen item, sends it with the order; editing cancels it (CP8)", async () => {
    const w = await open({ answers, stored: loggedIn() })
    await ready(w)
    const checkout = w.checkout
    await checkout.editCoupon("MIDO10")
    const outcome = await checkout.applyCoupon()
    expect(outcome).toEqual({ ok: true, payableFen: 1990, claim: false })
    await checkout.placeOrder()
    const body = w.calls(CREATE)[0]?.body
    expect(body?.kind === "json" ? body.value : undefined).toMatchObject({ coupon_code: "MIDO10" })
    await checkout.editCoupon("MIDO1")
    expect(checkout.state.coupon.applied).toBeNull()
    expect(checkout.state.order.status).toBe("none")
  })

  it("a refused coupon is the box's message with the spec's text (not a toast) until the code is edited", async () => {
    const w = await open({ answers: { ...answers, [COUPON]: () => envelope(0, { code: "OLD", discount_amount: 5, status: "expired", scope: "plan", type: "threshold" }) }, stored: loggedIn() })
    await ready(w)
    await w.checkout.editCoupon("OLD")
    expect(await w.checkout.applyCoupon()).toEqual({ ok: false, message: CouponMessages.expired })
    expect(w.checkout.couponMessage).toBe(CouponMessages.expired)
    expect(w.checkout.price).toEqual({ price: "29.90", discount: null, payable: "29.90" })
    expect(w.toasts()).toEqual([])
    await w.checkout.editCoupon("OLD2")
    expect(w.checkout.couponMessage).toBeNull()
  })

  it("an accepted coupon prices the item in exact decimals; 取消 empties the box and the price comes back", async () => {
    const w = await open({ answers: { ...answers, [COUPON]: () => envelope(0, { code: "MIDO90", discount_amount: 0.9, minimum_amount: null, status: "unused", scope: "plan,points", type: "discount" }) }, stored: loggedIn() })
    await ready(w)
    await w.checkout.editCoupon("MIDO90")
    await w.checkout.applyCoupon()
    expect(w.checkout.couponApplied).toBe(true)
    expect(w.checkout.price).toEqual({ price: "29.90", discount: "2.99", payable: "26.91" })
    await w.checkout.cancelCoupon()
    expect(w.checkout.state.coupon).toEqual({ code: "", applied: null })
    expect(w.checkout.price?.payable).toBe("29.90")
  })

  it("a failed payment is the failure phase; 重新购买 orders the same choice again with a new QR", async () => {
    vi.useFakeTimers()
    const T2 = "MD202611221830000002"
    const w = await open({ answers, stored: loggedIn() })
    await ready(w)
    await w.checkout.placeOrder()
    expect(w.checkout.phase).toBe("paying")
    expect(w.checkout.orderPayable).toBe("29.90")
    w.server[CHECK] = () => envelope(0, order(T1, "fail"))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(w.checkout.phase).toBe("failed")
    w.server[CREATE] = () => envelope(0, order(T2, "paying"))
    w.server[CHECK] = () => envelope(0, order(T2, "paying"))
    expect((await w.checkout.rebuy())?.trade_no).toBe(T2)
    expect(w.checkout.phase).toBe("paying")
    expect(w.checkout.state.order).toMatchObject({ tradeNo: T2 })
    const bodies = w.calls(CREATE).map((call) => (call.body?.kind === "json" ? call.body.value : undefined))
    expect(bodies).toEqual([bodies[0], bodies[0]])
  })

  it("closing while paying asks; cancel keeps polling, confirm closes the order and stops polling", async () => {
    vi.useFakeTimers()
    const w = await open({ answers, stored: loggedIn() })
    await ready(w)
    const checkout = w.checkout
    await checkout.placeOrder()
    const kept = checkout.close()
    await settle()
    expect(w.store.confirmDialog.request?.message).toBe(CLOSE_CONFIRM_MESSAGE)
    w.store.confirmDialog.answer(false)
    expect(await kept).toBe(false)
    expect(checkout.isOpen).toBe(true)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(w.calls(CHECK)).toHaveLength(1)

    const closing = checkout.close()
    await settle()
    w.store.confirmDialog.answer(true)
    expect(await closing).toBe(true)
    expect(w.calls(CLOSE)[0]?.query).toEqual({ trade_no: T1 })
    expect(checkout.isOpen).toBe(false)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(w.calls(CHECK)).toHaveLength(1)
  })

  it("R27: an order paid meanwhile stays open showing success after the close call", async () => {
    const w = await open({ answers: { ...answers, [CLOSE]: () => envelope(0, order(T1, "success")) }, stored: loggedIn() })
    await ready(w)
    await w.checkout.placeOrder()
    const closing = w.checkout.close()
    await settle()
    w.store.confirmDialog.answer(true)
    expect(await closing).toBe(false)
    expect(w.checkout.state.order.status).toBe("success")
  })

  it("a claim (payable 0) succeeds at once without polling (R23)", async () => {
    const w = await open({ answers: { ...answers, [CREATE]: () => envelope(0, order(T1, "success", { data: "", payable: 0, claim: true })) }, stored: loggedIn() })
    await ready(w)
    await w.checkout.placeOrder()
    expect(w.checkout.state.order.status).toBe("success")
    expect(w.calls(CHECK)).toHaveLength(0)
  })

  it("a refused order shows the server's msg", async () => {
    const w = await open({ answers: { ...answers, [CREATE]: () => envelope(3001, null, "下单过于频繁，请稍后再试") }, stored: loggedIn() })
    await ready(w)
    expect(await w.checkout.placeOrder()).toBeUndefined()
    expect(w.toasts()).toEqual(["error:下单过于频繁，请稍后再试"])
    expect(w.checkout.placing).toBe(false)
  })

  it("-401 while polling logs out without a toast, closes the dialog and stops polling (R9)", async () => {
    vi.useFakeTimers()
    const w = await open({ answers: { ...answers, [CHECK]: () => envelope(-401, null, "请先登录") }, stored: loggedIn() })
    await ready(w)
    await w.checkout.placeOrder()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(w.store.session.isLoggedIn).toBe(false)
    expect(w.unauthorized).toHaveBeenCalledTimes(1)
    expect(w.toasts()).toEqual([])
    expect(w.checkout.isOpen).toBe(false)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(w.calls(CHECK)).toHaveLength(1)
  })

  it("R29: after 10 minutes still paying, the dialog says so instead of a toast", async () => {
    vi.useFakeTimers()
    const w = await open({ answers, stored: loggedIn() })
    await ready(w)
    await w.checkout.placeOrder()
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000 + 2_000)
    expect(w.checkout.paymentNotice).toBe(PAYMENT_UNCONFIRMED_MESSAGE)
    expect(w.toasts()).toEqual([])
  })
})
