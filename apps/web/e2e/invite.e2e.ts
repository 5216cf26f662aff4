import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { newAppContext, openApp, waitForAddress } from "./support/browser"
import { buyBeans } from "./support/beans"
import { callApi, newPhone } from "./support/devServer"
import { SmsForm, successToast } from "./support/loginForm"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { loginByApi, type LoggedIn } from "./support/session"

// Issue 16: the invite pages (docs/spec/invite.md): /invited?code= → login with the code → the
// inviter sees the invited user on /invite-info, and the reward after the invitee's first paid order.

interface Me {
  readonly uid: number
  readonly invite_code: string
  readonly invite_user_id: number
}

const me = (token: string) => callApi<Me>("/api/v1/user/info", { token })

/** /invite-info as `account`, the clipboard allowed (复制成功). */
const openInviteInfo = async (account: LoggedIn, width = 1280): Promise<Page> => {
  const context = await newAppContext({ width, context: { permissions: ["clipboard-read", "clipboard-write"] } })
  const page = await context.newPage()
  await page.goto(`/invite-info?token=${encodeURIComponent(account.token)}`)
  await page.getByTestId("invite-code").waitFor()
  return page
}

const figure = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim()

describe("invite pages", () => {
  it("invite → /invited → login with the code → the inviter sees the invitee, then the reward after their first paid order", async () => {
    const inviter = await loginByApi()
    const code = (await me(inviter.token)).invite_code

    // the inviter's page before anyone joined: code, link, QR, copy
    const own = await openInviteInfo(inviter)
    expect(await own.getByTestId("invite-code").innerText()).toBe(code)
    const link = (await own.getByTestId("invite-link").innerText()).trim()
    expect(link).toBe(new URL(`/invited?code=${code}`, own.url()).toString())
    await own.getByTestId("invite-qr").waitFor()
    await own.getByText("还没有邀请到好友").waitFor()
    await own.getByRole("button", { name: "复制邀请链接" }).click()
    await successToast(own, "复制成功").waitFor()
    expect(await own.evaluate(() => navigator.clipboard.readText())).toBe(link)

    // a visitor opens the link: the inviter, the member discount, the code kept for the login
    const page = await openApp(`/invited?code=${code}`)
    const card = page.getByTestId("inviter")
    await card.getByText(inviter.nickname).waitFor()
    expect(await page.getByTestId("invite-discount").innerText()).toContain("8.5折")
    await page.getByText(`邀请码 ${code} 已记录`).waitFor()
    await captureFullPage(page, "invited-1280")
    await page.getByRole("button", { name: "登录 / 注册，接受邀请" }).click()
    await page.waitForURL((url) => url.pathname === "/login")
    const phone = newPhone()
    await SmsForm.phoneLogin(page).completeWith(phone)
    await waitForAddress(page, `/invited?code=${code}`)
    await page.getByRole("button", { name: "开通会员" }).waitFor()

    const invitee = { token: await page.evaluate(() => JSON.parse(localStorage.getItem("mido.auth") ?? "null") as unknown) }
    const inviteeToken = typeof invitee.token === "string" ? invitee.token : (invitee.token as { token: string }).token
    const inviteeInfo = await me(inviteeToken)
    expect(inviteeInfo.invite_user_id).toBe((await me(inviter.token)).uid)

    // the inviter sees them, waiting for a first payment
    await own.reload()
    await own.getByTestId("invitee").filter({ hasText: `米豆用户${phone.slice(-4)}` }).getByText("待首次付费").waitFor()
    expect(await figure(own, "invited-count")).toBe("1")
    expect(await figure(own, "reward-total")).toBe("0")

    // their first paid order rewards the inviter (config points.invite-reward: 500)
    await buyBeans(inviteeToken)
    await own.reload()
    await own.getByTestId("invitee").getByText("+500 米豆").waitFor()
    expect(await figure(own, "rewarded-count")).toBe("1")
    expect(await figure(own, "reward-total")).toBe("500")
    expect(await own.getByTestId("reward-text").innerText()).toBe("已邀请 1 位好友，其中 1 位已首次付费，共获得 500 米豆")
    await captureFullPage(own, "invite-info-1280")
    expect(await horizontalOverflow(own)).toBe(0)

    const wide = await openInviteInfo(inviter, 1920)
    await wide.getByTestId("invitee").waitFor()
    await captureFullPage(wide, "invite-info-1920")
    const wideInvited = await openApp(`/invited?code=${code}`, { width: 1920 })
    await wideInvited.getByTestId("invite-discount").waitFor()
    await captureFullPage(wideInvited, "invited-1920")
  })

  it("an unknown code says so; a visitor on /invite-info is asked to log in", async () => {
    const page = await openApp("/invited?code=NOSUCH1")
    await page.getByText("邀请码无效").waitFor()
    const visitor = await openApp("/invite-info")
    await visitor.getByRole("button", { name: "立即登录" }).click()
    await visitor.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("ref") === "/invite-info")
  })
})
