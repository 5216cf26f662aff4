import type { AdminRole } from "@mido/core/admin"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminAudit } from "../src/db/schema/admin.js"
import { membershipPlans, wallets } from "../src/db/schema/commerce.js"
import { users } from "../src/db/schema/users.js"
import { grantRole } from "../src/features/admin/roleGrants.js"
import { createOrder } from "../src/features/commerce/orders.js"
import { markPaid } from "../src/features/commerce/payments.js"
import { recordBreak } from "../src/features/commerce/reconciliationBreaks.js"
import type { RecordAudit } from "../src/features/commerce/refundTakeBack.js"
import { listBreaks, resolveBreak } from "../src/features/adminMoney/adminBreaks.js"
import { editConfig, editPackage, editPlan, listCatalog } from "../src/features/adminMoney/adminCatalog.js"
import { couponUses, createCoupon, disableCoupon, type NewCoupon } from "../src/features/adminMoney/adminCoupons.js"
import { searchOrders } from "../src/features/adminMoney/adminOrders.js"
import { MoneyAdminRefusal } from "../src/features/adminMoney/moneyAdminRefusal.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { testUsers } from "./testUsers.js"
import { startTestServer, type TestServer } from "./testServer.js"

/**
 * The console's money services (issue 29) against a real database and the public API: order search,
 * breaks resolved with a note, coupons validated/created/disabled with their uses, plan, package and
 * config edits validated — a new plan price is what the next purchase dialog reads — each write with
 * its audit row (before/after).
 */
let server: TestServer
const audits: Array<{ action: string; targetId: string; before: unknown; after: unknown }> = []
const audit: RecordAudit = async (_tx, entry) => void audits.push(entry)
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1352901", nickname: "运营测试", inviteCodePrefix: "AM", nidPrefix: "2901" })
const OPERATOR = 1

const refusal = async (work: Promise<unknown>) => {
  const error = await work.catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(MoneyAdminRefusal)
  return (error as Error).message
}

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
}, 60_000)
afterAll(() => server.stop())

describe("orders", () => {
  it("searches by trade number prefix, buyer (uid or phone) and state, newest first; the phone is masked", async () => {
    const buyer = await newUser()
    const first = await createOrder(server.deps.db, server.deps.ledgerKey, buyer.uid, { type: "points", type_id: 1, pay_method: "alipay" }, new Date())
    const second = await createOrder(server.deps.db, server.deps.ledgerKey, buyer.uid, { type: "points", type_id: 2, pay_method: "wechat" }, new Date())
    await markPaid(server.deps.db, server.deps.ledgerKey, second.order.tradeNo, new Date())
    const byUid = await searchOrders(server.deps.db, { user: String(buyer.uid), page: 1, size: 20 })
    expect(byUid.list.map((row) => row.tradeNo)).toEqual([second.order.tradeNo, first.order.tradeNo])
    expect(byUid.list[0]?.phone).not.toMatch(/^\d{11}$/)
    expect((await searchOrders(server.deps.db, { user: "13529010001", page: 1, size: 20 })).total).toBe(2)
    expect((await searchOrders(server.deps.db, { user: String(buyer.uid), state: "success", page: 1, size: 20 })).list.map((row) => row.tradeNo)).toEqual([second.order.tradeNo])
    const byPrefix = await searchOrders(server.deps.db, { tradeNo: first.order.tradeNo.slice(0, 30), page: 1, size: 5 })
    expect(byPrefix.list.map((row) => row.tradeNo)).toContain(first.order.tradeNo)
  })
})

describe("reconciliation breaks", () => {
  it("lists open breaks and resolves one once, with the note and an audit row", async () => {
    await recordBreak(server.deps.db, { provider: "sandbox", businessDay: "2026-11-27", tradeNo: "MD20261127000000aaaaaaaaaaaaaaaaaaaa", kind: "unknown_trade", providerAmountFen: 600 }, new Date())
    const open = await listBreaks(server.deps.db, { resolved: false, page: 1, size: 20 })
    const entry = open.list.find((row) => row.tradeNo === "MD20261127000000aaaaaaaaaaaaaaaaaaaa")!
    expect(await refusal(resolveBreak(server.deps.db, audit, { id: entry.id, note: " ", actorUid: OPERATOR }, new Date()))).toBe("请填写处理说明（500字以内）")
    const resolved = await resolveBreak(server.deps.db, audit, { id: entry.id, note: "已在支付宝后台核实，原路退回", actorUid: OPERATOR }, new Date())
    expect(resolved).toMatchObject({ resolvedBy: OPERATOR, resolutionNote: "已在支付宝后台核实，原路退回" })
    expect(await refusal(resolveBreak(server.deps.db, audit, { id: entry.id, note: "再次", actorUid: OPERATOR }, new Date()))).toBe("该差异已处理")
    expect((await listBreaks(server.deps.db, { resolved: false, page: 1, size: 20 })).list.map((row) => row.id)).not.toContain(entry.id)
    expect(audits.filter((row) => row.action === "reconciliation.resolve" && row.targetId === String(entry.id))).toHaveLength(1)
  })
})

describe("coupons", () => {
  const base: NewCoupon = {
    code: "admin50", type: "threshold", scope: "plan", discountAmount: 50, minimumAmount: 200,
    validFrom: new Date(Date.now() - 60_000), validTo: new Date(Date.now() + 86_400_000), maxUses: 10, ownerUid: null
  }

  it("refuses bad fields with the reason, before anything is written", async () => {
    expect(await refusal(createCoupon(server.deps.db, audit, OPERATOR, { ...base, code: "a!" }))).toBe("优惠码须为 4–32 位字母或数字")
    expect(await refusal(createCoupon(server.deps.db, audit, OPERATOR, { ...base, minimumAmount: 10 }))).toBe("满减门槛须不低于减免金额，最多两位小数")
    expect(await refusal(createCoupon(server.deps.db, audit, OPERATOR, { ...base, type: "discount", discountAmount: 1.2, minimumAmount: null }))).toBe("折扣须在 0 与 1 之间（如 0.8 表示八折）")
    expect(await refusal(createCoupon(server.deps.db, audit, OPERATOR, { ...base, validTo: base.validFrom }))).toBe("结束时间须晚于开始时间")
    expect(await refusal(createCoupon(server.deps.db, audit, OPERATOR, { ...base, scope: "vip" }))).toBe("适用范围须为会员、米豆或两者")
  })

  it("creates (code upper-cased, unique), a buyer uses it, its uses list the order; disabled it is unknown to buyers", async () => {
    const created = await createCoupon(server.deps.db, audit, OPERATOR, base)
    expect(created).toMatchObject({ code: "ADMIN50", discountAmount: 50, minimumAmount: 200, disabled: false })
    expect(await refusal(createCoupon(server.deps.db, audit, OPERATOR, base))).toBe("优惠码已存在")
    const buyer = await newUser()
    const { order } = await createOrder(server.deps.db, server.deps.ledgerKey, buyer.uid, { type: "plan", type_id: 3, pay_method: "alipay", coupon_code: "ADMIN50" }, new Date())
    expect(order.payableFen).toBe(29800 - 5000)
    const uses = await couponUses(server.deps.db, "admin50", 1, 20)
    expect(uses.list.map((use) => [use.tradeNo, use.state])).toEqual([[order.tradeNo, "locked"]])
    await disableCoupon(server.deps.db, audit, OPERATOR, "ADMIN50")
    const check = await (await fetch(`${server.url}/api/v1/open/config/coupon/check?code=ADMIN50`, { headers: { source: "PC" } })).json() as { code: number; msg: string }
    expect(check.code).not.toBe(0)
    expect(audits.filter((row) => row.targetId === "ADMIN50").map((row) => row.action)).toEqual(["coupon.create", "coupon.disable"])
  })
})

describe("plans, packages and config", () => {
  it("a plan's new price is what the public plan list answers next; bad fields are refused; the HTML is sanitized", async () => {
    const { plans } = await listCatalog(server.deps.db)
    const monthly = plans.find((plan) => plan.code === "monthly")!
    const edit = { ...monthly, priceFen: 1990, content: "<ul><li onclick=\"x()\">加量<script>alert(1)</script></li></ul>" }
    expect(await refusal(editPlan(server.deps.db, audit, OPERATOR, monthly.id, { ...edit, priceFen: 0 }))).toBe("价格（分）须为 1–10000000 之间的整数")
    expect(await refusal(editPlan(server.deps.db, audit, OPERATOR, monthly.id, { ...edit, originalPriceFen: 100 }))).toBe("原价不能低于现价")
    const saved = await editPlan(server.deps.db, audit, OPERATOR, monthly.id, edit)
    expect(saved.content).toBe("<ul><li>加量</li></ul>")
    const answer = await (await fetch(`${server.url}/api/v1/open/config/membership_plan/list`, { headers: { source: "PC" } })).json() as { data: { list: Array<{ id: number; price: number }> } }
    expect(answer.data.list.find((plan) => plan.id === monthly.id)?.price).toBe(19.9)
    const entry = audits.find((row) => row.action === "plan.edit")!
    expect([(entry.before as { priceFen: number }).priceFen, (entry.after as { priceFen: number }).priceFen]).toEqual([2990, 1990])
    await server.deps.db.update(membershipPlans).set({ priceFen: 2990, content: monthly.content }).where(eq(membershipPlans.id, monthly.id))
  })

  it("packages and config values are validated by their rules", async () => {
    const { packages } = await listCatalog(server.deps.db)
    const pack = packages[0]!
    expect(await refusal(editPackage(server.deps.db, audit, OPERATOR, pack.id, { ...pack, points: -1 }))).toBe("米豆数量须为 1–10000000 之间的整数")
    expect((await editPackage(server.deps.db, audit, OPERATOR, pack.id, { ...pack, bonus: 60 })).bonus).toBe(60)
    expect(await refusal(editConfig(server.deps.db, audit, OPERATOR, "points.task.member-rate", ["1.5"]))).toBe("points.task.member-rate：须为 0 到 1 之间的小数（如 0.8）")
    expect(await refusal(editConfig(server.deps.db, audit, OPERATOR, "points.invite-reward", ["十"]))).toBe("points.invite-reward：须为 0–10000000 之间的整数")
    expect(await refusal(editConfig(server.deps.db, audit, OPERATOR, "no.such.key", ["1"]))).toBe("配置项不存在")
    expect((await editConfig(server.deps.db, audit, OPERATOR, "points.invite-reward", [" 800 "])).value).toEqual(["800"])
  })
})

describe("the money routes (roles and audit rows)", () => {
  const withRole = async (role: AdminRole) => {
    const user = await newUser()
    const [row] = await server.deps.db.select({ phone: users.phone }).from(users).where(eq(users.uid, user.uid))
    expect((await grantRole(server.deps.db, row?.phone ?? "", role, new Date())).ok).toBe(true)
    return user
  }

  it("an operator refunds through the route (audit row in admin_audit); app_config edits need an admin; refusals are 400 with the reason", async () => {
    const operator = await withRole("operator")
    const buyer = await newUser()
    const { order } = await createOrder(server.deps.db, server.deps.ledgerKey, buyer.uid, { type: "points", type_id: 4, pay_method: "alipay" }, new Date())
    await server.deps.sandboxCashier.recordPayment(order.tradeNo, order.payableFen, new Date())
    await markPaid(server.deps.db, server.deps.ledgerKey, order.tradeNo, new Date())
    const twice = await Promise.all([1, 2].map(() => server.request("POST", "/api/v1/admin/money/refund", { trade_no: order.tradeNo, reason: "用户申请退款" }, operator.token)))
    expect(twice.map((answer) => answer.data)).toEqual([1, 2].map(() => ({ state: "refunded", detail: "", beans_taken: 14300, vip_days_taken: 0 })))
    expect((await server.deps.db.select().from(wallets).where(eq(wallets.uid, buyer.uid)))[0]?.balance).toBe(0)
    const rows = await server.deps.db.select().from(adminAudit).where(and(eq(adminAudit.action, "order.refund"), eq(adminAudit.targetId, order.tradeNo)))
    expect(rows.map((row) => [row.actorId, (row.before as { balance: number }).balance, (row.after as { balance: number }).balance])).toEqual([[operator.uid, 14300, 0]])

    const unpaid = await server.request("POST", "/api/v1/admin/money/refund", { trade_no: "MD00000000000000nonexistent", reason: "x" }, operator.token)
    expect(unpaid).toMatchObject({ code: 400, msg: "订单不存在" })
    const config = { key: "points.invite-reward", value: ["900"] }
    expect(await server.request("POST", "/api/v1/admin/money/config/edit", config, operator.token)).toMatchObject({ code: 403, msg: "无权访问" })
    const admin = await withRole("admin")
    expect(await server.request("POST", "/api/v1/admin/money/config/edit", config, admin.token)).toMatchObject({ code: 0, data: config })
    const orders = await server.request("GET", `/api/v1/admin/money/orders?trade_no=${order.tradeNo}`, undefined, operator.token)
    expect(orders).toMatchObject({ code: 0, data: { total: 1, list: [{ trade_no: order.tradeNo, status: "success", refund_state: "refunded" }] } })
  })
})
