import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { newAppContext } from "./support/browser"
import { buyBeans, buyPlan } from "./support/beans"
import { callApi, setAppConfig } from "./support/devServer"
import { captureWindow } from "./support/screenshots"
import { loginByApi, type LoggedIn } from "./support/session"
import { spendOnDrawings } from "./support/spending"

// Issue 16: the reminder dialog (spec §4, §9; docs/spec/reminders.md RM1–RM6). The server's state is
// made through its API (a new account has 0 beans unless the sign-up grant is on; purchases; drawings), the browser's clock by
// playwright's page.clock, so "once per 24 hours" is seen a day apart without waiting a day.

const DAY = 24 * 3_600_000

/**
 * The header's avatar button: the app started logged in as `account`. A reminder that comes up first
 * is a modal, which hides the rest of the page from the accessibility tree (the button is still drawn),
 * so the button is looked for hidden too: a CI run saw the dialog win that race and the wait time out.
 */
const loggedInHeader = (page: Page, account: LoggedIn) => page.getByRole("button", { name: account.nickname, includeHidden: true })

/** A browser (its clock fixed at `at`) opening /list as `account`. */
const openAs = async (account: LoggedIn, at: number, width = 1280): Promise<Page> => {
  const context = await newAppContext({ width, reminders: true })
  const page = await context.newPage()
  await page.clock.setFixedTime(at)
  await page.goto(`/list?token=${encodeURIComponent(account.token)}`)
  await loggedInHeader(page, account).waitFor()
  return page
}

const reminder = (page: Page) => page.getByTestId("reminder")

/** Reloads at `at` and says whether a reminder came up (the check runs after the start-up's user and config). */
const reloadAt = async (page: Page, at: number, account: LoggedIn): Promise<string | null> => {
  await page.clock.setFixedTime(at)
  const balance = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/user/points")
  await page.reload()
  await loggedInHeader(page, account).waitFor()
  await balance
  // the reminders ask for the balance themselves and arrive with the overlays' chunk: let that settle
  await page.waitForLoadState("networkidle")
  await page.waitForTimeout(800)
  return (await reminder(page).count()) === 0 ? null : reminder(page).getAttribute("data-type")
}

describe("reminder dialog", () => {
  it("type 1, beans running low (non-member): shown once, again a day later; 邀请好友得米豆 goes to /invite-info", async () => {
    // RM7: only a user who has spent is reminded: a sign-up grant of 50 (below the threshold of 100), one drawing
    const grantBefore = await setAppConfig("points.signup-grant", "50")
    const account = await loginByApi().finally(() => setAppConfig("points.signup-grant", grantBefore))
    await spendOnDrawings(account.token, 1)
    const { balance } = await callApi<{ balance: number }>("/api/v1/user/points", { token: account.token })
    expect(balance).toBeLessThan(100)
    const now = Date.now()
    const page = await openAs(account, now)
    await reminder(page).waitFor()
    expect(await reminder(page).getAttribute("data-type")).toBe("1")
    await page.getByRole("heading", { name: "米豆余额不足" }).waitFor()
    await page.getByText(`当前余额 ${balance} 米豆`).waitFor()
    expect(await page.getByRole("button", { name: "开通会员", exact: true }).count()).toBe(1)
    await captureWindow(page, "reminder-1-1280")
    await page.getByRole("button", { name: "关闭" }).click()
    await reminder(page).waitFor({ state: "detached" })

    expect(await reloadAt(page, now + DAY - 60_000, account)).toBeNull()
    expect(await reloadAt(page, now + DAY + 60_000, account)).toBe("1")
    await page.getByRole("button", { name: "邀请好友得米豆" }).click()
    await page.waitForURL((url) => url.pathname === "/invite-info")
    await reminder(page).waitFor({ state: "detached" })

    const wide = await openAs(account, now + 3 * DAY, 1920)
    await reminder(wide).waitFor()
    await captureWindow(wide, "reminder-1-1920")
  })

  it("type 2, high daily use: today's beans above the threshold", async () => {
    const account = await loginByApi()
    await buyBeans(account.token)
    const charged = await spendOnDrawings(account.token, 16, { num: 4, hd: true })
    expect(charged).toBeGreaterThan(500)
    const balance = await callApi<{ balance: number; today_consumed: number }>("/api/v1/user/points", { token: account.token })
    expect(balance.today_consumed).toBe(charged)
    expect(balance.balance).toBeGreaterThan(100)

    const now = Date.now()
    const page = await openAs(account, now)
    await reminder(page).waitFor()
    expect(await reminder(page).getAttribute("data-type")).toBe("2")
    await page.getByRole("heading", { name: "今日米豆消耗较多" }).waitFor()
    await page.getByText(`今日已消耗 ${charged.toLocaleString("zh-CN")} 米豆`).waitFor()
    await captureWindow(page, "reminder-2-1280")
    await page.getByRole("button", { name: "关闭" }).click()
    expect(await reloadAt(page, now + 3_600_000, account)).toBeNull()

    const wide = await openAs(account, now + DAY, 1920)
    await reminder(wide).waitFor()
    expect(await reminder(wide).getAttribute("data-type")).toBe("2")
    await captureWindow(wide, "reminder-2-1920")
  })

  it("type 3, membership expiring (member wording): a 7-day plan seen 5 days on", async () => {
    const account = await loginByApi()
    await buyPlan(account.token)
    const info = await callApi<{ is_vip: boolean; vip_expired_at_str: string }>("/api/v1/user/info", { token: account.token })
    expect(info.is_vip).toBe(true)

    // the day it is bought the expiry is 7 days away (notice 3 days): nothing
    const now = Date.now()
    const today = await openAs(account, now)
    expect(await reloadAt(today, now, account)).toBeNull()

    const later = now + 5 * DAY
    const page = await openAs(account, later)
    await reminder(page).waitFor()
    expect(await reminder(page).getAttribute("data-type")).toBe("3")
    await page.getByRole("heading", { name: "会员即将到期" }).waitFor()
    await page.getByText(`体验会员到期时间 ${info.vip_expired_at_str}`).waitFor()
    expect(await page.getByRole("button", { name: "续费会员" }).count()).toBe(1)
    await captureWindow(page, "reminder-3-1280")
    await page.getByRole("button", { name: "续费会员" }).click()
    await reminder(page).waitFor({ state: "detached" })
    expect(await reloadAt(page, later + 12 * 3_600_000, account)).toBeNull()

    const wide = await openAs(account, later + DAY, 1920)
    await reminder(wide).waitFor()
    await captureWindow(wide, "reminder-3-1920")
  })
})
