import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp, waitForAddress } from "./support/browser"
import { callApi } from "./support/devServer"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { type LoggedIn, login, loginByApi } from "./support/session"

interface Me {
  readonly nickname: string
  readonly invite_code: string
  readonly invite_user_id: number
}

const me = (account: LoggedIn) => callApi<Me>("/api/v1/user/info", { token: account.token })

/** Opens the app as `account` through the ?token= query (spec §2), on `path`. */
const enterAs = async (page: Page, account: LoggedIn, path = "/list") => {
  await page.goto(`${path}?token=${encodeURIComponent(account.token)}`)
  await waitForAddress(page, path)
  await page.getByRole("button", { name: account.nickname }).waitFor()
}

const giftButton = (page: Page) => page.getByTestId("fixed-notice-button")
const noticeCards = (page: Page) => page.getByTestId("notice-card")
const dialogTitle = (page: Page, name: string) => page.getByRole("heading", { name, exact: true })

/** Waits until the account overlays' layer has had its say: the bell's code and the config have arrived. */
const overlaysSettled = async (page: Page) => {
  await page.waitForLoadState("networkidle")
  await page.waitForTimeout(500)
}

// Issue 16 (part M): the fixed notice of an invited user and the community feature prompt.
describe("fixed notice", () => {
  it("an account made with another's invite code: the gift button, cards 200 ms apart marked read, both dialogs, the read state kept", async () => {
    const inviter = await loginByApi()
    const { invite_code: inviterCode, nickname: inviterName } = await me(inviter)
    const invitee = await loginByApi(undefined, inviterCode)
    const invited = await me(invitee)
    expect(invited.invite_user_id).toBeGreaterThan(0)

    const page = await openApp("/list")
    await enterAs(page, invitee)
    await giftButton(page).waitFor()
    expect(await giftButton(page).getAttribute("aria-label")).toBe("福利消息，2 条未读")
    expect(await horizontalOverflow(page)).toBe(0)

    await giftButton(page).click()
    await noticeCards(page).nth(1).waitFor()
    // the second card slides in 200 ms after the first
    expect(await noticeCards(page).evaluateAll((cards) => cards.map((card) => (card as HTMLElement).style.transitionDelay))).toEqual(["0ms", "200ms"])
    expect(await giftButton(page).getAttribute("aria-label")).toBe("福利消息")
    expect(await page.evaluate(() => localStorage.getItem("isReadFixedMessage"))).toBe("true")
    await expect(noticeCards(page).nth(0).innerText()).resolves.toContain("扫码添加企业微信，领取免费AI学习礼包")
    await expect(noticeCards(page).nth(1).innerText()).resolves.toContain(`${inviterName} 邀请你加入米豆AI`)
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureFullPage(page, `fixed-notice-cards-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 800 })

    // a click outside the panel hides the cards
    await page.getByRole("heading", { name: "灵感广场" }).click()
    await noticeCards(page).first().waitFor({ state: "detached" })

    // variant 1: the WeCom QR code from config, its texts, 参与活动 → /invite-info
    await giftButton(page).click()
    await noticeCards(page).nth(0).click()
    await dialogTitle(page, "免费AI学习礼包").waitFor()
    expect(await noticeCards(page).count()).toBe(0)
    const qr = page.getByRole("img", { name: "企业微信二维码" })
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/)
    for (const text of ["扫码添加企业微信", "免费领取AI学习礼包", "已加入训练营的用户无需重复添加"]) await page.getByText(text, { exact: true }).waitFor()
    const panelWidth = await page.getByRole("dialog").locator("[id^=headlessui-dialog-panel]").evaluate((panel) => panel.getBoundingClientRect().width)
    expect(panelWidth).toBe(444)
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureFullPage(page, `fixed-notice-wecom-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole("button", { name: "参与活动" }).click()
    await waitForAddress(page, "/invite-info")
    await dialogTitle(page, "免费AI学习礼包").waitFor({ state: "detached" })

    // variant 2: the inviter, 会员折扣, 查看详情 opens /invited?code=<the user's invite_code> in a new window
    await giftButton(page).click()
    await noticeCards(page).nth(1).click()
    await dialogTitle(page, "会员折扣").waitFor()
    expect(await page.getByTestId("notice-inviter").innerText()).toBe(inviterName)
    await page.getByText("购买会员或米豆可享专属折扣优惠", { exact: false }).waitFor()
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureFullPage(page, `fixed-notice-invite-${width}`)
    }
    const [popup] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "查看详情" }).click()])
    await popup.waitForURL((url) => url.pathname === "/invited")
    expect(new URL(popup.url()).searchParams.get("code")).toBe(invited.invite_code)

    // read stays read after a reload: no badge, the cards still there
    await page.reload()
    await giftButton(page).waitFor()
    expect(await giftButton(page).getAttribute("aria-label")).toBe("福利消息")
  })

  it("no gift button for a user nobody invited, nor for a visitor on /login", async () => {
    const page = await openApp("/list")
    await login(page, { fresh: true })
    await overlaysSettled(page)
    await page.getByTestId("message-bell").waitFor()
    expect(await giftButton(page).count()).toBe(0)

    const visitor = await openApp("/login")
    await visitor.getByRole("heading", { name: "欢迎登录米豆AI" }).waitFor()
    await overlaysSettled(visitor)
    expect(await giftButton(visitor).count()).toBe(0)
  })
})

describe("community feature prompt", () => {
  const prompt = (page: Page) => page.getByTestId("feature-prompt")

  it("shows once with the config's rewards and their sum as the daily cap; 去社区看看 goes to /community and it never shows again", async () => {
    const page = await openApp("/list", { featurePrompt: true })
    await prompt(page).waitFor()
    await dialogTitle(page, "米豆设计社区上线啦").waitFor()
    const rewards = await prompt(page).locator("li").allInnerTexts()
    expect(rewards.map((text) => text.replace(/\s+/g, " "))).toEqual(["50 米豆 首次发布作品奖励", "10 米豆 每日发布作品奖励", "60 米豆 每日最多可得"])
    const panelWidth = await page.getByRole("dialog").locator("[id^=headlessui-dialog-panel]").evaluate((panel) => panel.getBoundingClientRect().width)
    expect(panelWidth).toBe(540)
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureFullPage(page, `feature-prompt-${width}`)
    }
    await page.getByRole("button", { name: "去社区看看" }).click()
    await waitForAddress(page, "/community")
    await prompt(page).waitFor({ state: "detached" })
    expect(await page.evaluate(() => localStorage.getItem("feature-prompt-show"))).toBe("true")
    await page.goto("/list")
    await page.getByRole("heading", { name: "灵感广场" }).waitFor()
    await overlaysSettled(page)
    expect(await prompt(page).count()).toBe(0)
  })

  it("not on an excluded route (/invited); the same device sees it on /list, and closing it also keeps it away", async () => {
    const page = await openApp("/invited?code=NOPE42", { featurePrompt: true })
    await overlaysSettled(page)
    expect(await prompt(page).count()).toBe(0)
    expect(await page.evaluate(() => localStorage.getItem("feature-prompt-show"))).toBeNull()

    await page.goto("/list")
    await prompt(page).waitFor()
    await page.getByRole("button", { name: "关闭" }).click()
    await prompt(page).waitFor({ state: "detached" })
    await page.reload()
    await overlaysSettled(page)
    expect(await prompt(page).count()).toBe(0)
  })
})
