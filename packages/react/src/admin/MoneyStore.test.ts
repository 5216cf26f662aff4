import { envelope } from "@mido/core/testing"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { startupAnswers } from "../../test/fixtures.js"
import { type Answers, loggedIn, makeWorld, settle, type World } from "../../test/world.js"
import { AdminCalls } from "./AdminCalls.js"
import { MoneyStore } from "./MoneyStore.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const ORDERS = "/api/v1/admin/money/orders"
const REFUND = "/api/v1/admin/money/refund"
const BREAKS = "/api/v1/admin/money/breaks"
const CATALOG = "/api/v1/admin/money/catalog"
const EDIT_PLAN = "/api/v1/admin/money/plans/edit"

const order = (tradeNo: string, refundState: string | null) => ({
  trade_no: tradeNo, uid: 7, phone: "138****0001", nickname: "买家", item_type: "points", item_name: "600米豆", pay_method: "alipay", provider: null,
  payable_fen: 600, status: "success", refund_state: refundState, refund_detail: null, created_at_str: "2026-11-28 08:00:00", paid_at_str: "2026-11-28 08:01:00"
})
const plan = { id: 2, code: "monthly", name: "月度会员", level: 2, price_fen: 2990, original_price_fen: 3990, duration_days: 30, bonus_beans: 3000, description: "", content: "", exclusive: "", active: true, sort_order: 2 }

const open = (answers: Answers) => {
  world = makeWorld({ answers: { ...startupAnswers, [BREAKS]: () => envelope(0, { list: [], total: 0 }), ...answers }, stored: loggedIn() })
  return { world, money: new MoneyStore(new AdminCalls(world.store.runner)) }
}

describe("MoneyStore: orders and refunds (issue 29)", () => {
  it("a second press while the refund is asked sends nothing; the answer shows and the list is read again", async () => {
    let refunded = false
    let release: () => void = () => {}
    const { world, money } = open({
      [ORDERS]: () => envelope(0, { list: [order("MD000001", refunded ? "refunded" : null)], total: 1 }),
      [REFUND]: () => Effect.promise(() => new Promise<void>((resolve) => (release = resolve))).pipe(Effect.map(() => {
        refunded = true
        return envelope(0, { state: "refunded", detail: "", beans_taken: 600, vip_days_taken: 0 })
      }))
    })
    await world.boot()
    await money.openOrders()
    const first = money.refund("MD000001", "用户申请")
    await settle()
    expect(money.refunding.has("MD000001")).toBe(true)
    expect(await money.refund("MD000001", "用户申请")).toBeUndefined()
    release()
    expect(await first).toMatchObject({ state: "refunded", beans_taken: 600 })
    expect(world.calls(REFUND)).toHaveLength(1)
    expect(money.refunding.size).toBe(0)
    expect(money.lastRefund?.tradeNo).toBe("MD000001")
    expect(money.orders.items[0]?.refund_state).toBe("refunded")
  })

  it("a refusal shows the server's message as a toast and changes nothing", async () => {
    const { world, money } = open({
      [ORDERS]: () => envelope(0, { list: [order("MD000002", null)], total: 1 }),
      [REFUND]: () => envelope(400, null, "用户已用掉部分米豆：需收回 600 米豆，当前余额仅 500，无法退款")
    })
    await world.boot()
    await money.openOrders()
    expect(await money.refund("MD000002", "用户申请")).toBeUndefined()
    expect(world.toasts()).toContain("error:用户已用掉部分米豆：需收回 600 米豆，当前余额仅 500，无法退款")
    expect(money.lastRefund).toBeUndefined()
    expect(money.refunding.size).toBe(0)
  })

  it("a saved plan replaces its row; reset forgets everything", async () => {
    const { world, money } = open({
      [CATALOG]: () => envelope(0, { plans: [plan], packages: [], config: [] }),
      [EDIT_PLAN]: (request) => envelope(0, request.body?.kind === "json" ? request.body.value : plan)
    })
    await world.boot()
    await money.loadCatalog()
    expect(await money.savePlan({ ...plan, price_fen: 1990 })).toBe(true)
    expect(money.catalog?.plans[0]?.price_fen).toBe(1990)
    money.reset()
    expect(money.catalog).toBeUndefined()
  })
})
