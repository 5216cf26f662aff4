import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp } from "./support/browser"
import { buyBeans } from "./support/beans"
import { callApi } from "./support/devServer"
import { captureWindow, horizontalOverflow } from "./support/screenshots"
import { loginByApi, type LoggedIn } from "./support/session"
import { spendOnDrawings } from "./support/spending"

// Issue 16: the bean ledger dialog (米豆明细; spec §2, §9 pages of 50; docs/spec/ledger.md LG1–LG3).

const ledgerTotal = async (token: string, type = "") =>
  (await callApi<{ total: number }>("/api/v1/user/coin/list", { token, query: { page: "1", size: "1", type } })).total

/** Opens the app as `account` (the token query, spec §2) and the ledger from the top bar's balance. */
const openLedger = async (account: LoggedIn, width = 1280): Promise<Page> => {
  const page = await openApp(`/list?token=${encodeURIComponent(account.token)}`, { width })
  await page.getByRole("button", { name: account.nickname }).waitFor()
  await page.getByTestId("bean-balance").click()
  await page.getByRole("heading", { name: "米豆明细" }).waitFor()
  return page
}

const entries = (page: Page) => page.getByTestId("ledger-entry")
const tones = (page: Page) => entries(page).locator("[data-tone]").evaluateAll((spans) => spans.map((span) => span.getAttribute("data-tone")))

describe("bean ledger dialog", () => {
  it("a new account sees the empty state", async () => {
    const account = await loginByApi()
    const page = await openLedger(account)
    await page.getByText("暂无明细").waitFor()
    expect(await entries(page).count()).toBe(0)
    expect(await page.getByText("没有更多了").count()).toBe(0)
    await captureWindow(page, "ledger-empty-1280")
  })

  it("pages of 50 load as the list scrolls, to 没有更多了; 收入 and 支出 filter; amounts are signed and coloured", async () => {
    const account = await loginByApi()
    await buyBeans(account.token)
    await spendOnDrawings(account.token, 30)
    const total = await ledgerTotal(account.token)
    expect(total).toBeGreaterThan(50)
    expect(total).toBeLessThanOrEqual(100)

    for (const width of [1280, 1920]) {
      const page = await openLedger(account, width)
      await expect.poll(() => entries(page).count()).toBe(50)
      expect(await page.getByText("没有更多了").count()).toBe(0)
      const first = entries(page).first()
      expect(await first.innerText()).toMatch(/刚刚|分钟前/)
      await captureWindow(page, `ledger-${width}`)
      expect(await horizontalOverflow(page)).toBe(0)

      await page.getByTestId("ledger-list").evaluate((list) => list.scrollTo({ top: list.scrollHeight }))
      await expect.poll(() => entries(page).count()).toBe(total)
      await page.getByText("没有更多了").waitFor()
      if (width === 1920) break

      await page.getByRole("tab", { name: "收入" }).click()
      await expect.poll(() => entries(page).count()).toBe(await ledgerTotal(account.token, "income"))
      expect(new Set(await tones(page))).toEqual(new Set(["income"]))
      expect(await entries(page).filter({ hasText: "购买3000米豆（加赠100）" }).locator("[data-tone]").innerText()).toBe("+3,100")

      await page.getByRole("tab", { name: "支出" }).click()
      await expect.poll(() => entries(page).count()).toBe(await ledgerTotal(account.token, "expense"))
      expect(new Set(await tones(page))).toEqual(new Set(["expense"]))
      expect(await entries(page).first().locator("[data-tone]").innerText()).toBe("-4")

      await page.getByRole("tab", { name: "全部" }).click()
      await expect.poll(() => entries(page).count()).toBe(50)
      await page.getByRole("button", { name: "关闭" }).click()
      await page.getByRole("heading", { name: "米豆明细" }).waitFor({ state: "hidden" })
    }
  })
})
