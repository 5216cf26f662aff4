import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp } from "./support/browser"
import { balanceOf } from "./support/beans"
import { callApi } from "./support/devServer"
import { horizontalOverflow, saveScreenshot } from "./support/screenshots"
import { login } from "./support/session"

// Issue 16, part P: the membership / bean purchase dialog against the real server and its sandbox
// pay page. Prices and coupons are the demo seed's (apps/server/src/seed/commerceSeed.ts): 体验会员
// 9.90, 月度会员 29.90 (+3000 米豆), packages 600 米豆 ¥6 and 3000+100 米豆 ¥30; MIDO90 ×0.9,
// FULL10 5 off from ¥10 on points, PLAN50 50 off plans, USED01 used, OLD2025 expired, STOP01
// disabled, COURSE20 of a scope the app does not sell.

const dialog = (page: Page) => page.getByTestId("purchase-dialog")
const phase = (page: Page, name: string) => page.locator(`[data-testid=purchase-dialog][data-phase=${name}]`).waitFor()
const couponMessage = (page: Page) => page.getByTestId("coupon-message")

/** Opens the dialog from the top bar's membership badge (spec §2). */
const openFromBadge = async (page: Page) => {
  await page.getByTestId("membership-badge").click()
  await phase(page, "choose")
  await page.getByRole("radio", { name: /体验会员/ }).waitFor()
}

const chooseTab = (page: Page, name: "会员套餐" | "米豆套餐") => dialog(page).getByRole("tab", { name }).click()
const choose = (page: Page, name: RegExp) => dialog(page).getByRole("radio", { name }).click()

/** Types a code and presses 使用; waits until the box shows its outcome (a message or the discount). */
const applyCoupon = async (page: Page, code: string): Promise<string> => {
  await dialog(page).getByLabel("优惠码").fill(code)
  await dialog(page).getByRole("button", { name: "使用" }).click()
  await expect.poll(async () => (await couponMessage(page).innerText()).trim(), { timeout: 10_000 }).not.toBe("")
  return (await couponMessage(page).innerText()).trim()
}

/** Ticks the agreement and presses 立即支付; answers the trade number the QR is for. */
const payNow = async (page: Page, options: { tick?: boolean } = {}): Promise<string> => {
  if (options.tick !== false) await dialog(page).getByRole("checkbox").check()
  await dialog(page).getByRole("button", { name: "立即支付" }).click()
  await phase(page, "paying")
  await page.waitForFunction(() => ((document.querySelector("[data-testid=pay-qr] img") as HTMLImageElement | null)?.naturalWidth ?? 0) > 0)
  return (await page.getByTestId("trade-no").innerText()).replace("订单号", "").trim()
}

/** The buyer on their phone: the QR's sandbox pay page in a second tab, one of its buttons. */
const paySandbox = async (page: Page, tradeNo: string, button: "模拟支付成功" | "模拟支付失败") => {
  const cashier = await page.context().newPage()
  await cashier.goto(`/api/sandbox/pay?trade_no=${encodeURIComponent(tradeNo)}`)
  await cashier.getByRole("button", { name: button }).click()
  await cashier.getByRole("heading", { name: button === "模拟支付成功" ? "支付成功" : "支付失败" }).waitFor()
  await cashier.close()
}

interface OrderView { trade_no: string; status: string; payable: number; claim: boolean }
const orderOf = (token: string, tradeNo: string) => callApi<OrderView>("/api/v1/order/check", { token, query: { trade_no: tradeNo } })

/**
 * What the buyer sees at 1280 and 1920 px: the window with the dialog over the page (a dialog is fixed to the window, so
 * a full-page shot of the long square behind would only shrink it), into e2e/artifacts/screenshots/.
 */
const shoot = async (page: Page, name: string) => {
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: width === 1920 ? 1080 : 800 })
    // the square behind lays its columns out again for the new width
    await expect.poll(() => horizontalOverflow(page), { timeout: 5_000 }).toBe(0)
    await page.evaluate(() => document.fonts.ready)
    await page.waitForLoadState("networkidle")
    await page.waitForTimeout(300) // let the dialog's enter transition settle
    await saveScreenshot(page, `purchase-${name}-${width}`)
  }
  await page.setViewportSize(size)
}

describe("the purchase dialog (issue 16: spec §2, §4, §5)", () => {
  it("buys a membership with a coupon through the sandbox pay page: the success dialog, then the badge, balance and ledger", async () => {
    const page = await openApp("/list", { width: 1280 })
    const account = await login(page, { fresh: true })
    const before = await balanceOf(account.token)
    await openFromBadge(page)
    // the plan's benefit lists are the server's HTML, sanitized: list items, no markup as text
    expect(await dialog(page).getByTestId("plan-exclusive").first().locator("li").count()).toBeGreaterThan(0)
    await shoot(page, "plans")

    await choose(page, /月度会员/)
    expect(await page.getByTestId("payable").innerText()).toContain("¥29.90")
    expect(await applyCoupon(page, "MIDO90")).toBe("已使用优惠码，优惠 ¥2.99")
    // 29.90 × 0.9 in exact decimals
    expect(await page.getByTestId("payable").innerText()).toContain("¥26.91")
    const tradeNo = await payNow(page)
    expect(await page.getByTestId("pay-qr").innerText()).toContain("¥26.91")
    await shoot(page, "paying")

    await paySandbox(page, tradeNo, "模拟支付成功")
    await phase(page, "success")
    await page.getByTestId("success-vip").getByText("月度会员").waitFor()
    await expect.poll(async () => page.getByTestId("success-balance").innerText()).toBe((before + 3000).toLocaleString("zh-CN"))
    await shoot(page, "success")

    await dialog(page).getByRole("button", { name: "完成" }).click()
    await dialog(page).waitFor({ state: "detached" })
    await page.getByTestId("membership-badge").getByText("月度会员").waitFor()
    expect(await page.getByTestId("bean-balance").innerText()).toContain((before + 3000).toLocaleString("zh-CN"))
    const order = await orderOf(account.token, tradeNo)
    expect(order).toMatchObject({ status: "success", payable: 26.91, claim: false })
    const ledger = await callApi<{ list: Array<{ remark: string; action_amount: number }> }>("/api/v1/user/coin/list", { token: account.token, query: { page: "1", size: "50", type: "income" } })
    expect(ledger.list.some((entry) => entry.action_amount === 3000)).toBe(true)
  })

  it("a points package: a failed payment shows the failure dialog; 重新购买 makes a new order, paid on the sandbox page", async () => {
    const page = await openApp("/list", { width: 1920 })
    const account = await login(page, { fresh: true })
    const before = await balanceOf(account.token)
    await openFromBadge(page)
    await chooseTab(page, "米豆套餐")
    await choose(page, /^3000 米豆/)
    await dialog(page).getByRole("radio", { name: "支付宝" }).click()
    await shoot(page, "packages")
    const first = await payNow(page)
    expect(await page.getByTestId("pay-qr").innerText()).toContain("请使用支付宝扫码支付")

    await paySandbox(page, first, "模拟支付失败")
    await phase(page, "failed")
    await dialog(page).getByText("支付失败").waitFor()
    await shoot(page, "failure")
    expect((await orderOf(account.token, first)).status).toBe("fail")

    await dialog(page).getByRole("button", { name: "重新购买" }).click()
    await phase(page, "paying")
    const second = (await page.getByTestId("trade-no").innerText()).replace("订单号", "").trim()
    expect(second).not.toBe(first)
    await paySandbox(page, second, "模拟支付成功")
    await phase(page, "success")
    // 3000 米豆 and 100 加赠
    await expect.poll(async () => page.getByTestId("success-balance").innerText()).toBe((before + 3100).toLocaleString("zh-CN"))
    await dialog(page).getByRole("button", { name: "完成" }).click()
    await expect.poll(async () => page.getByTestId("bean-balance").innerText()).toContain((before + 3100).toLocaleString("zh-CN"))
    expect(await balanceOf(account.token)).toBe(before + 3100)
  })

  it("closing while paying asks first; 取消 keeps paying, 确定 closes the order on the server", async () => {
    const page = await openApp("/list", { width: 1280 })
    const account = await login(page, { fresh: true })
    await openFromBadge(page)
    await choose(page, /体验会员/)
    // the agreement by its confirm dialog this time (spec §5), linked to the help page
    expect(await dialog(page).getByRole("link", { name: "《会员服务协议》" }).getAttribute("href")).toBe("/help/membership-agreement")
    await dialog(page).getByRole("button", { name: "立即支付" }).click()
    await page.getByText("请先阅读并同意《会员服务协议》").waitFor()
    await page.getByRole("button", { name: "同意并支付" }).click()
    await phase(page, "paying")
    const tradeNo = (await page.getByTestId("trade-no").innerText()).replace("订单号", "").trim()

    await page.getByRole("button", { name: "关闭", exact: true }).click()
    const question = page.getByText("订单正在支付中，关闭后将取消该订单，确定要关闭吗？")
    await question.waitFor()
    await shoot(page, "close-confirm")
    await page.getByRole("button", { name: "取消", exact: true }).click()
    await question.waitFor({ state: "hidden" })
    await phase(page, "paying")
    expect((await orderOf(account.token, tradeNo)).status).toBe("paying")

    await page.getByRole("button", { name: "关闭", exact: true }).click()
    await question.waitFor()
    await page.getByRole("button", { name: "确定", exact: true }).click()
    await dialog(page).waitFor({ state: "detached" })
    expect((await orderOf(account.token, tradeNo)).status).toBe("closed")
    // the pay page now refuses it
    const cashier = await page.context().newPage()
    await cashier.goto(`/api/sandbox/pay?trade_no=${tradeNo}`)
    await cashier.getByText("订单已关闭").waitFor()
  })

  it("a 100% coupon: payable 0.00, 立即领取 instead of the QR, the membership at once", async () => {
    const page = await openApp("/list", { width: 1920 })
    const account = await login(page, { fresh: true })
    await openFromBadge(page)
    await choose(page, /体验会员/)
    // 9.90 − 50 is below zero: 0, a claim (CP6, OR4)
    expect(await applyCoupon(page, "PLAN50")).toBe("已使用优惠码，优惠 ¥9.90")
    expect(await page.getByTestId("payable").innerText()).toContain("¥0.00")
    expect(await dialog(page).getByRole("button", { name: "立即支付" }).count()).toBe(0)
    await dialog(page).getByRole("checkbox").check()
    await shoot(page, "claim")
    await dialog(page).getByRole("button", { name: "立即领取" }).click()
    await phase(page, "success")
    await dialog(page).getByText("领取成功").waitFor()
    await page.getByTestId("success-vip").getByText("体验会员").waitFor()
    expect(await page.getByTestId("pay-qr").count()).toBe(0)
    await dialog(page).getByRole("button", { name: "完成" }).click()
    await page.getByTestId("membership-badge").getByText("体验会员").waitFor()
    const user = await callApi<{ is_vip: boolean; vip_level: number }>("/api/v1/user/info", { token: account.token })
    expect(user).toMatchObject({ is_vip: true, vip_level: 1 })
  })

  it("a drawing the balance cannot pay: the toast says why and the dialog opens on 米豆套餐", async () => {
    const page = await openApp("/list", { width: 1280 })
    const account = await login(page, { path: "/webui", fresh: true })
    expect(await balanceOf(account.token)).toBe(0)
    await page.getByTestId("webui-engine").getByText("本地演示引擎").waitFor()
    await page.getByTestId("webui-prompt").fill("a lighthouse at dusk")
    await page.getByTestId("generate-cost").getByText(/消耗 \d+ 米豆/).waitFor()
    await page.getByTestId("generate-button").click()
    await page.getByTestId("toasts").getByText(/米豆不足：本次需要 \d+ 米豆，当前余额 0 米豆，请先充值/).waitFor()
    await phase(page, "choose")
    expect(await dialog(page).getByRole("tab", { name: "米豆套餐" }).getAttribute("aria-selected")).toBe("true")
    await dialog(page).getByRole("radio", { name: /^600 米豆/ }).waitFor()
    await shoot(page, "short-balance")
  })

  it("every coupon message of spec §5 for its case; editing cancels; a tab change clears the code", async () => {
    const page = await openApp("/list", { width: 1280 })
    await login(page, { fresh: true })
    await openFromBadge(page)
    expect(await applyCoupon(page, "")).toBe("请输入优惠码!")
    expect(await applyCoupon(page, "MIDO90")).toBe("请选择购买项!")
    // choosing the item checks the typed code again for its price (OR3)
    await choose(page, /月度会员/)
    await expect.poll(async () => (await couponMessage(page).innerText()).trim()).toBe("已使用优惠码，优惠 ¥2.99")
    // CP8: editing the code cancels it
    await dialog(page).getByLabel("优惠码").fill("MIDO9")
    expect((await couponMessage(page).innerText()).trim()).toBe("")
    expect(await page.getByTestId("payable").innerText()).toContain("¥29.90")

    const cases: ReadonlyArray<readonly [string, string]> = [
      ["FULL10", "该优惠码仅供购买积分使用!"],
      ["USED01", "该优惠码已被使用!"],
      ["OLD2025", "该优惠码已过期!"],
      ["STOP01", "该优惠码无法使用!"],
      ["COURSE20", "未知优惠码作用范围!"]
    ]
    for (const [code, message] of cases) expect(await applyCoupon(page, code), code).toBe(message)
    await shoot(page, "coupon-refused")

    await chooseTab(page, "米豆套餐")
    expect(await dialog(page).getByLabel("优惠码").inputValue()).toBe("")
    await choose(page, /^600 米豆/)
    expect(await applyCoupon(page, "FULL10")).toBe("未达到指定金额(10，无法使用!")
    expect(await applyCoupon(page, "PLAN50")).toBe("该优惠码仅供购买套餐使用!")
  })
})
