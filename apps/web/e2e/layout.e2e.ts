import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp, waitForAddress } from "./support/browser"

const sidebarOf = (page: Page) => page.getByRole("complementary", { name: "侧边栏" })

/** The content's left margin once its 200 ms transition has settled. */
const settledMargin = async (page: Page, expected: "18px" | "258px") => {
  const main = page.getByTestId("main-content")
  await main.waitFor()
  await expect.poll(() => main.evaluate((element) => getComputedStyle(element).marginLeft), { timeout: 5_000 }).toBe(expected)
}

// Spec §2 "Layout" (LY1–LY2): 240 px sidebar, collapsed at ≤ 1440 px, content margin 258 / 18 px.
describe("main layout sidebar", () => {
  it("is collapsed at 1440 px, and the menu button opens it as a drawer", async () => {
    const page = await openApp("/list", { width: 1440 })
    await settledMargin(page, "18px")
    expect(await sidebarOf(page).count()).toBe(0)

    await page.getByRole("button", { name: "展开侧边栏" }).click()
    const drawer = page.getByRole("dialog", { name: "米豆AI" })
    await drawer.getByRole("link", { name: /AI绘画/ }).click()
    await waitForAddress(page, "/aigc")
    await drawer.waitFor({ state: "detached" })
    expect(await sidebarOf(page).count()).toBe(0)
  })

  it("is expanded at 1441 px beside the content, and follows the window as it is resized", async () => {
    const page = await openApp("/list", { width: 1441 })
    await settledMargin(page, "258px")
    const sidebar = sidebarOf(page)
    expect(await sidebar.boundingBox()).toMatchObject({ x: 0, width: 240 })
    for (const group of ["AI创作", "AI助手", "个人"]) await sidebar.getByRole("region", { name: group }).waitFor()
    for (const tag of ["MJ模型", "4o绘图", "现金奖励"]) await sidebar.getByText(tag, { exact: true }).waitFor()

    await page.setViewportSize({ width: 1440, height: 800 })
    await sidebar.waitFor({ state: "detached" })
    await settledMargin(page, "18px")
    await page.setViewportSize({ width: 1441, height: 800 })
    await sidebar.waitFor()
    await settledMargin(page, "258px")
  })

  it("keeps the folded state over a reload on a wide window (the expanded flag is persisted)", async () => {
    const page = await openApp("/community", { width: 1920 })
    await settledMargin(page, "258px")
    await page.getByRole("button", { name: "收起侧边栏" }).click()
    await sidebarOf(page).waitFor({ state: "detached" })
    await settledMargin(page, "18px")

    await page.reload()
    await page.getByRole("button", { name: "展开侧边栏" }).click()
    await sidebarOf(page).waitFor()
    await settledMargin(page, "258px")
  })
})
