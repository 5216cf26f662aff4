import { join } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, describe, expect, it } from "vitest"
import { loginAsAdmin, openAdmin } from "./support/admin"
import { baseUrl, openApp } from "./support/browser"
import { balanceOf } from "./support/beans"
import { callApi } from "./support/devServer"
import { horizontalOverflow, screenshotsDir } from "./support/screenshots"
import { type LoggedIn, loginByApi } from "./support/session"

// Issue 29, the money pages: one operator login for the file. An operator refunds a paid membership
// order (the buyer's balance, ledger and membership follow) and edits a plan price that the buyer's
// purchase dialog then shows. The edited plan is 年度会员 (no other browser test reads its price); its
// price is put back at the end.

let operator: Page
let staff: LoggedIn | undefined
let buyer: LoggedIn

/** A plan order of the buyer paid on the sandbox page (its signed notify), as the buyer's phone would. */
const paidPlanOrder = async (token: string, planId: number): Promise<string> => {
  const order = await callApi<{ trade_no: string }>("/api/v1/order/create", { token, json: { type: "plan", type_id: planId, pay_method: "wechat" } })
  const html = await (await fetch(new URL(`/api/sandbox/pay?trade_no=${order.trade_no}`, baseUrl()))).text()
  const form = html.split("<form").find((part) => part.includes("模拟支付成功"))!
  const fields = Object.fromEntries([...form.matchAll(/name="([a-z_]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]))
  // the pay page's own button: the sandbox provider books the payment, then notifies (a refund needs its books)
  const notified = await fetch(new URL("/api/sandbox/pay", baseUrl()), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() })
  expect(notified.ok).toBe(true)
  return order.trade_no
}

/** The console page at 1280 and 1920 px, whole, with no horizontal scroll bar. */
const shoot = async (page: Page, name: string) => {
  await page.evaluate(() => document.fonts.ready)
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: width === 1920 ? 1080 : 800 })
    await expect.poll(() => horizontalOverflow(page), { timeout: 5_000 }).toBe(0)
    await page.screenshot({ path: join(screenshotsDir, `admin-money-${name}-${width}.png`), fullPage: true, animations: "disabled" })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

const yearly = (page: Page) => page.locator("[data-plan=yearly]")

/**
 * One operator account for the file, signed in by its first test; each test opens its own page (a test's
 * browser context closes with it) on the console `path` as that operator.
 */
const openConsole = async (path: string) => {
  operator = await openApp("/list", { width: 1280 })
  if (staff === undefined) {
    staff = await loginAsAdmin(operator, "operator", path)
    buyer = await loginByApi()
  } else {
    await openAdmin(operator, staff, path)
  }
}
afterAll(async () => {
  if (staff === undefined) return
  const token = staff.token
  // the seed's price back, through the console's own route
  const catalog = await callApi<{ plans: Array<{ code: string; price_fen: number }> }>("/api/v1/admin/money/catalog", { token })
  const plan = catalog.plans.find((entry) => entry.code === "yearly")
  if (plan !== undefined && plan.price_fen !== 29800) await callApi("/api/v1/admin/money/plans/edit", { token, json: { ...plan, price_fen: 29800 } })
})

describe("the money pages (issue 29)", () => {
  it("refunds a paid membership order: the order shows 已退款, the beans and the membership are taken back", async () => {
    await openConsole("/admin/orders")
    const before = await balanceOf(buyer.token)
    const tradeNo = await paidPlanOrder(buyer.token, 2)
    expect(await balanceOf(buyer.token)).toBe(before + 3000)
    expect((await callApi<{ vip_level: number }>("/api/v1/user/info", { token: buyer.token })).vip_level).toBe(2)

    await operator.getByLabel("订单号").fill(tradeNo)
    await operator.getByRole("button", { name: "筛选" }).click()
    const row = operator.locator(`tr[data-trade-no="${tradeNo}"]`)
    await row.getByText("已支付").waitFor()
    await shoot(operator, "orders")
    await row.getByRole("button", { name: "退款" }).click()
    await operator.getByLabel("退款原因").fill("用户申请退款")
    await shoot(operator, "refund-dialog")
    // a double click of 确认退款 refunds once (the server's refund is keyed by the order)
    await operator.getByRole("button", { name: "确认退款" }).dblclick()
    await row.getByTestId("order-state").getByText("已退款").waitFor()
    await operator.getByRole("status").getByText(/已收回 3000 米豆/).waitFor()

    expect(await balanceOf(buyer.token)).toBe(before)
    const ledger = await callApi<{ list: Array<{ remark: string; action_amount: number }> }>("/api/v1/user/coin/list", { token: buyer.token, query: { page: "1", size: "50", type: "expense" } })
    expect(ledger.list.filter((entry) => entry.remark === "订单退款收回（月度会员）").map((entry) => entry.action_amount)).toEqual([-3000])
    expect((await callApi<{ vip_level: number }>("/api/v1/user/info", { token: buyer.token })).vip_level).toBe(0)
    const cashier = await (await fetch(new URL(`/api/sandbox/pay?trade_no=${tradeNo}`, baseUrl()))).text()
    expect(cashier).toContain("订单已退款")
  })

  it("a plan price edited in 套餐与配置 is what the buyer's purchase dialog shows next", async () => {
    await openConsole("/admin/catalog")
    await yearly(operator).getByLabel("年度会员价格").fill("288.00")
    await yearly(operator).getByRole("button", { name: "保存" }).click()
    await expect.poll(async () => (await callApi<{ list: Array<{ name: string; price: number }> }>("/api/v1/open/config/membership_plan/list")).list.find((plan) => plan.name === "年度会员")?.price).toBe(288)
    await shoot(operator, "catalog")

    const shop = await openApp(`/list?token=${buyer.token}`, { width: 1280 })
    await shop.getByTestId("membership-badge").click()
    await shop.getByRole("radio", { name: /年度会员/ }).click()
    await expect.poll(async () => shop.getByTestId("payable").innerText()).toContain("¥288.00")
    await shop.close()
  })

  it("coupons: one is created and listed", async () => {
    await openConsole("/admin/coupons")
    await operator.getByLabel("优惠码").fill("E2EADMIN")
    await operator.getByLabel("减免（元）").fill("5")
    await operator.getByLabel("满减门槛（元）").fill("20")
    await operator.getByRole("button", { name: "创建优惠券" }).click()
    await operator.getByRole("cell", { name: "E2EADMIN" }).waitFor()
    await shoot(operator, "coupons")
  })
})
