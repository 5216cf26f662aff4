import type { Page } from "playwright-core"
import { afterEach, describe, expect, it } from "vitest"
import { openApp, waitForAddress } from "./support/browser"
import { callApi, setAppConfig } from "./support/devServer"
import { captureFullPage, captureWindow, horizontalOverflow } from "./support/screenshots"
import { type LoggedIn, loginByApi } from "./support/session"
import { spendOnDrawings } from "./support/spending"

// Issue 25, what a new user meets first: the sign-up grant (points.signup-grant) in the ledger and
// the welcome; one greeting dialog at a time and no beans-low scolding before anything was spent
// (docs/spec/reminders.md RM7, RM8); the bell and the tabs' badges drop as the drawer marks messages
// read (docs/spec/messages.md MD6); 编辑资料 edits the 个人简介 /personal shows (docs/spec/profile.md PB1–PB3).

const GRANT = "points.signup-grant"
/** Each test walks several screens and takes screenshots at two widths: a minute on an idle machine. */
const WALK_TIMEOUT = 180_000
let restoreGrant: string | undefined
afterEach(async () => {
  if (restoreGrant !== undefined) await setAppConfig(GRANT, restoreGrant)
  restoreGrant = undefined
})

/** A new account registered while the sign-up grant is `beans`. */
const newAccountWithGrant = async (beans: number): Promise<LoggedIn> => {
  const before = await setAppConfig(GRANT, String(beans))
  restoreGrant ??= before
  return loginByApi()
}

const uidOf = async (account: LoggedIn) => (await callApi<{ uid: number }>("/api/v1/user/info", { token: account.token })).uid

const bellLabel = (page: Page) => page.getByTestId("message-bell").getAttribute("aria-label")
const waitForBell = (page: Page, label: string) =>
  page.waitForFunction((expected) => document.querySelector("[data-testid=message-bell]")?.getAttribute("aria-label") === expected, label, { timeout: 15_000 })
const drawer = (page: Page) => page.getByRole("dialog", { name: "消息中心" })
const tab = (page: Page, name: string) => drawer(page).getByRole("tab", { name: new RegExp(`^${name}`) })

/** The app as `account` on `path` through the ?token= query, on a device that never saw the prompt when asked. */
const enterAs = async (account: LoggedIn, path: string, options: { width?: number; firstVisit?: boolean } = {}) => {
  const first = options.firstVisit === true
  const page = await openApp(`${path}?token=${encodeURIComponent(account.token)}`, { width: options.width ?? 1280, featurePrompt: first, reminders: first })
  await waitForAddress(page, path)
  await page.getByRole("button", { name: account.nickname }).waitFor()
  return page
}

/** After the start-up's balance answer (the reminders' input) and a moment for a dialog to come up. */
const settled = async (page: Page) => {
  await page.waitForLoadState("networkidle")
  await page.waitForTimeout(1_000)
}

describe("a new user's first visit", () => {
  it("RM7 RM8: one greeting (the feature prompt), no beans-low reminder; the grant in the top bar, the ledger and the welcome; the badge drops as the drawer marks read (MD6)", async () => {
    // 50: below the beans-low threshold of 100, so only RM7 keeps the reminder away
    const account = await newAccountWithGrant(50)
    const follower = await loginByApi()
    await callApi("/api/v1/user/follow", { token: follower.token, json: { uid: await uidOf(account), action: "follow" } })

    const page = await enterAs(account, "/list", { firstVisit: true })
    await page.getByTestId("feature-prompt").waitFor()
    await settled(page)
    expect(await page.getByRole("dialog").count()).toBe(1)
    expect(await page.getByTestId("reminder").count()).toBe(0)
    await captureWindow(page, "account-first-greeting-1280")
    await page.getByRole("button", { name: "关闭" }).click()
    await page.getByTestId("feature-prompt").waitFor({ state: "detached" })
    await page.waitForTimeout(800)
    // never spent anything: the grant below the threshold of 100 is no reason to scold (RM7)
    expect(await page.getByTestId("reminder").count()).toBe(0)
    expect(await page.getByTestId("bean-balance").innerText()).toContain("50")

    // the ledger: one line, 新用户注册赠送 +50
    await page.getByTestId("bean-balance").click()
    await page.getByRole("heading", { name: "米豆明细" }).waitFor()
    const entries = page.getByTestId("ledger-entry")
    await expect.poll(() => entries.count()).toBe(1)
    expect(await entries.first().innerText()).toMatch(/新用户注册赠送[\s\S]*\+50/)
    await page.getByRole("button", { name: "关闭" }).click()
    await page.getByRole("heading", { name: "米豆明细" }).waitFor({ state: "hidden" })

    // the bell: the welcome and the follow; the drawer opens on 系统 with the welcome naming the grant
    await waitForBell(page, "消息，2 条未读")
    await page.getByTestId("message-bell").click()
    const welcome = drawer(page).getByTestId("message-card").filter({ hasText: "欢迎来到米豆AI" })
    await welcome.waitFor()
    expect(await welcome.innerText()).toContain("新用户礼包 50 米豆已到账")
    expect(await welcome.getAttribute("data-read")).toBe("0")
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureWindow(page, `account-first-drawer-${width}`)
      expect(await horizontalOverflow(page)).toBe(0)
    }
    await page.setViewportSize({ width: 1280, height: 800 })

    // leaving 系统 marks the welcome read: its tab badge and the bell drop at once
    expect(await tab(page, "系统").innerText()).toContain("1")
    await tab(page, "关注").click()
    await waitForBell(page, "消息，1 条未读")
    expect((await tab(page, "系统").innerText()).trim()).toBe("系统")
    await drawer(page).getByTestId("message-card").filter({ hasText: "关注了你" }).waitFor()
    // closing marks the follow read: nothing unread, and a reload agrees (it is the server's)
    await drawer(page).getByRole("button", { name: "关闭" }).click()
    await waitForBell(page, "消息")
    await page.reload()
    await page.getByRole("button", { name: account.nickname }).waitFor()
    await page.waitForLoadState("networkidle")
    expect(await bellLabel(page)).toBe("消息")
  }, WALK_TIMEOUT)

  it("RM8: a user who has spent and is low sees the feature prompt first, the beans-low reminder only after it", async () => {
    const account = await newAccountWithGrant(50)
    await spendOnDrawings(account.token, 1)
    const page = await enterAs(account, "/list", { firstVisit: true })
    await page.getByTestId("feature-prompt").waitFor()
    await settled(page)
    expect(await page.getByTestId("reminder").count()).toBe(0)
    await page.getByRole("button", { name: "关闭" }).click()
    await page.getByTestId("reminder").waitFor()
    expect(await page.getByTestId("reminder").getAttribute("data-type")).toBe("1")
    expect(await page.getByRole("dialog").count()).toBe(1)
  }, WALK_TIMEOUT)
})

describe("编辑资料 edits the 个人简介 that /personal shows", () => {
  it("PB1 PB2 PB3: the counter and the rule while typing; the saved bio, line breaks kept, for the owner and for a visitor", async () => {
    const account = await loginByApi()
    const uid = await uidOf(account)
    const page = await enterAs(account, "/personal")
    await page.getByTestId("profile-header").waitFor()
    expect(await page.getByTestId("profile-bio").innerText()).toBe("还没有个人简介")
    await page.getByRole("button", { name: "编辑资料" }).click()
    const bio = page.getByLabel("个人简介")

    await bio.fill("猫".repeat(101))
    await page.getByTestId("bio-counter").filter({ hasText: "101/100" }).waitFor()
    await page.getByRole("dialog").getByText("个人简介不能超过 100 个字").waitFor()
    expect(await page.getByRole("button", { name: "保存" }).isDisabled()).toBe(true)
    await bio.fill("一\n二\n三\n四")
    await page.getByRole("dialog").getByText("个人简介最多 3 行").waitFor()

    await bio.fill("  只画猫 🐱\n\n\n水彩与国风，欢迎交流  ")
    await page.getByTestId("bio-counter").filter({ hasText: "16/100" }).waitFor()
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureWindow(page, `account-first-edit-bio-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole("button", { name: "保存" }).click()
    await page.getByText("资料已保存").waitFor()
    const shown = "只画猫 🐱\n水彩与国风，欢迎交流"
    await expect.poll(() => page.getByTestId("profile-bio").innerText()).toBe(shown)
    await page.reload()
    await expect.poll(() => page.getByTestId("profile-bio").innerText()).toBe(shown)
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureFullPage(page, `account-first-personal-${width}`)
      expect(await horizontalOverflow(page)).toBe(0)
    }

    // a visitor (no login) reads the same bio on /personal/{id}
    const visitor = await openApp(`/personal/${uid}`)
    await visitor.getByTestId("profile-header").waitFor()
    await expect.poll(() => visitor.getByTestId("profile-bio").innerText()).toBe(shown)
  }, WALK_TIMEOUT)
})
