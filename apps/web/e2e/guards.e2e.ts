import { describe, expect, it } from "vitest"
import { addressOf, IPHONE, openApp, waitForAddress, waitForTitle } from "./support/browser"
import { loginByApi } from "./support/session"

const loginButton = "登录/注册"

// Spec §2 "Navigation rules", run by the NavigationGuard over the core's guardNavigation (NV3–NV9).
describe("navigation guard", () => {
  it("sends / to /list keeping the query, and an unknown path to / and so to /list", async () => {
    const page = await openApp("/?from=ad")
    await waitForAddress(page, "/list?from=ad")

    await page.goto("/no/such/page")
    await waitForAddress(page, "/list")
    await waitForTitle(page, "灵感广场 - 米豆AI")
  })

  it("sends a visitor on a login-required route to /login carrying the full path as ref", async () => {
    const page = await openApp("/property")
    await waitForAddress(page, "/login?ref=%2Fproperty")
    await page.getByRole("heading", { name: "欢迎登录米豆AI" }).waitFor()

    await page.goto("/tools/hd-repair?from=panel")
    await waitForAddress(page, "/login?ref=%2Ftools%2Fhd-repair%3Ffrom%3Dpanel")
  })

  it("logs in from the token query and removes it from the address, keeping the rest (R8)", async () => {
    const account = await loginByApi()
    const page = await openApp("/list")
    await page.goto(`/aigc?token=${encodeURIComponent(account.token)}&from=mail`)
    await waitForAddress(page, "/aigc?from=mail")
    await page.getByRole("button", { name: account.nickname }).waitFor()
    expect(await page.getByRole("button", { name: loginButton }).count()).toBe(0)

    // the token was stored: a reload is still logged in
    await page.reload()
    await page.getByRole("button", { name: account.nickname }).waitFor()

    // the entry was replaced, not pushed: Back goes to the page before, never to the address with the token
    await page.goBack()
    await waitForAddress(page, "/list")
    await page.goForward()
    await waitForAddress(page, "/aigc?from=mail")
  })

  it("clears an invalid token query and stays logged out", async () => {
    const page = await openApp("/list?token=not%20a%20token")
    await waitForAddress(page, "/list")
    await page.getByRole("button", { name: loginButton }).waitFor()
  })

  it("sends a logged-in user away from /login: to a safe ref, else /list", async () => {
    const account = await loginByApi()
    const page = await openApp(`/community?token=${encodeURIComponent(account.token)}`)
    await page.getByRole("button", { name: account.nickname }).waitFor()

    await page.goto("/login?ref=%2Finvite-info")
    await waitForAddress(page, "/invite-info")
    await page.goto("/login?ref=https%3A%2F%2Fevil.example%2F")
    await waitForAddress(page, "/list")
  })

  it("sends a phone to the mobile guide unless it opened /list?source=H5, which is remembered", async () => {
    const page = await openApp("/community", { context: IPHONE })
    await waitForAddress(page, "/mobile-guide")
    await page.getByRole("heading", { name: "请在电脑上打开米豆AI" }).waitFor()
    await waitForTitle(page, "移动端引导 - 米豆AI")

    await page.getByRole("link", { name: "继续访问网页版" }).click()
    await waitForAddress(page, "/list?source=H5")
    // remembered on the device (NV7): the address can change before the flag reaches storage
    await page.waitForFunction(() => window.localStorage.getItem("mido.h5") === "true", undefined, { timeout: 10_000 })

    // a fresh page load: the H5 flag is read back from storage
    await page.goto("/community")
    await waitForTitle(page, "社区 - 米豆AI")
    expect(addressOf(page)).toBe("/community")
  })
})

describe("document title (NV3: route title + product name)", () => {
  it("follows client-side navigation through the sidebar", async () => {
    const page = await openApp("/list", { width: 1920 })
    await waitForTitle(page, "灵感广场 - 米豆AI")
    const sidebar = page.getByRole("complementary", { name: "侧边栏" })
    await sidebar.getByRole("link", { name: "AI工具箱" }).click()
    await waitForAddress(page, "/tools-panel")
    await waitForTitle(page, "AI工具箱 - 米豆AI")
    await sidebar.getByRole("link", { name: /邀请有礼/ }).click()
    await waitForTitle(page, "邀请有礼 - 米豆AI")
    await page.goto("/login")
    await waitForTitle(page, "登录 - 米豆AI")
  })
})
