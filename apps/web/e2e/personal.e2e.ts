import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, openApp } from "./support/browser"
import { solidPng } from "./support/pngImage"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { login } from "./support/session"

/** A seeded creator with public works, from the square's feed. */
const creator = async (): Promise<number> => {
  const response = await fetch(`${baseUrl()}/api/v1/open/artwork/artwork/get_profile_list?size=1`)
  const body = (await response.json()) as { data: { list: Array<{ user_uid: number }> } }
  const uid = body.data.list[0]?.user_uid
  if (uid === undefined) throw new Error("the demo feed has no artwork")
  return uid
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true })
const groupCard = (page: Page, name: string) => page.getByTestId("group-card").filter({ has: page.getByTestId("group-name").filter({ hasText: name }) })
/** The profile header's picture, or null while it shows the name's initial. */
const avatarSrc = (page: Page) => page.getByTestId("profile-header").locator("img").evaluateAll((images) => images[0]?.getAttribute("src") ?? null)
const followers = async (page: Page) => (await page.getByTestId("count-followers").locator("dd").innerText()).trim()

// Issue 12: the personal center on one's own page and on another's.
describe("personal center", () => {
  it("one's own page: every tab; a group is created, renamed and deleted; the nickname change survives a reload", async () => {
    const page = await openApp("/list")
    await login(page, { path: "/personal", fresh: true })
    await page.getByTestId("profile-header").waitFor()
    for (const name of ["作品", "作品集", "喜欢", "收藏", "关注", "粉丝"]) expect(await tab(page, name).count()).toBe(1)
    await page.getByRole("button", { name: "编辑资料" }).waitFor()

    await tab(page, "作品集").click()
    await page.getByRole("button", { name: "+ 新建作品集" }).click()
    await page.getByLabel("作品集名称").fill("山水合集")
    await page.getByRole("button", { name: "确定" }).click()
    await page.getByTestId("group-name").filter({ hasText: "山水合集" }).waitFor()
    await page.getByRole("button", { name: "重命名" }).click()
    await page.getByLabel("作品集名称").fill("山水第二季")
    await page.getByRole("button", { name: "确定" }).click()
    await page.getByTestId("group-name").filter({ hasText: "山水第二季" }).waitFor()
    await page.getByRole("button", { name: "删除", exact: true }).click()
    await page.getByRole("dialog").getByRole("button", { name: "删除" }).click()
    await page.getByText("还没有作品集").waitFor()

    await page.getByRole("button", { name: "编辑资料" }).click()
    const nickname = `画师${Date.now() % 100000}`
    await page.getByLabel("昵称").fill(nickname)
    await page.getByRole("button", { name: "保存" }).click()
    await page.getByTestId("profile-nickname").filter({ hasText: nickname }).waitFor()
    await page.reload()
    await page.getByTestId("profile-nickname").filter({ hasText: nickname }).waitFor()
  })

  it("works uploaded in /property and added there to a group (加入作品集) show in the group on /personal", async () => {
    const page = await openApp("/list")
    await login(page, { path: "/property", fresh: true })
    await page.getByText("资产库还是空的").waitFor()
    await page.getByTestId("property-upload-input").first().setInputFiles([
      { name: "一.png", mimeType: "image/png", buffer: solidPng(64, 48, [220, 60, 60]) },
      { name: "二.png", mimeType: "image/png", buffer: solidPng(48, 64, [60, 90, 220]) }
    ])
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=property-item]").length === 2, null, { timeout: 10_000 })

    await page.goto("/personal")
    await tab(page, "作品集").click()
    await page.getByRole("button", { name: "+ 新建作品集" }).click()
    await page.getByLabel("作品集名称").fill("上传合集")
    await page.getByRole("button", { name: "确定" }).click()
    await groupCard(page, "上传合集").getByText("0 个作品").waitFor()

    await page.goto("/property")
    const items = page.getByTestId("property-item")
    await items.nth(1).waitFor()
    await items.nth(0).getByRole("checkbox").click()
    await items.nth(1).getByRole("checkbox").click()
    await expect.poll(() => page.getByTestId("selection-count").innerText()).toBe("已选 2 项")
    const bar = page.getByRole("region", { name: "批量操作" })
    await bar.getByRole("button", { name: "加入作品集" }).click()
    // the popover panel is portalled out of the bar
    await page.getByRole("button", { name: /^上传合集/ }).click()
    await page.getByText("已将 2 个作品加入作品集「上传合集」").waitFor()

    await page.goto("/personal")
    await tab(page, "作品集").click()
    await groupCard(page, "上传合集").getByText("2 个作品").waitFor()
    await groupCard(page, "上传合集").locator("button").first().click()
    await page.getByRole("heading", { name: "上传合集" }).waitFor()
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=work-tile]").length === 2, null, { timeout: 10_000 })
  })

  it("编辑资料 uploads a new avatar: the header's picture changes and survives a reload", async () => {
    const page = await openApp("/list")
    const account = await login(page, { path: "/personal", fresh: true })
    await page.getByTestId("profile-header").waitFor()
    const before = await avatarSrc(page)
    // the top bar's avatar: the session's user follows the edit
    const topBarSrc = () => page.locator("header img").evaluateAll((images, alt) => images.find((image) => image.getAttribute("alt") === alt)?.getAttribute("src") ?? null, account.nickname)
    await page.getByRole("button", { name: "编辑资料" }).click()
    await page.getByTestId("avatar-input").setInputFiles({ name: "头像.png", mimeType: "image/png", buffer: solidPng(80, 80, [250, 170, 40]) })
    await page.getByRole("dialog").getByText("更换头像").waitFor()
    await page.getByRole("button", { name: "保存" }).click()
    await page.getByRole("dialog").waitFor({ state: "hidden" })
    await expect.poll(() => avatarSrc(page)).not.toBe(before)
    const after = await avatarSrc(page)
    expect(after).toBeTruthy()
    await expect.poll(topBarSrc).toBe(after)
    await page.reload()
    await page.getByTestId("profile-header").waitFor()
    await expect.poll(() => avatarSrc(page)).toBe(after)
    await expect.poll(topBarSrc).toBe(after)
    // the picture is a real upload the server serves
    const response = await fetch(new URL(after!, baseUrl()))
    expect(response.ok).toBe(true)
  })

  it("another's page: public works, follow changes the followers count", async () => {
    const uid = await creator()
    const page = await openApp("/list")
    await login(page, { path: `/personal/${uid}` })
    await page.getByTestId("profile-header").waitFor()
    await page.getByTestId("work-tile").first().waitFor()
    expect(await page.getByRole("button", { name: "编辑资料" }).count()).toBe(0)
    const before = await followers(page)
    const button = page.getByTestId("profile-header").getByRole("button")
    const wasFollowing = (await button.innerText()).includes("已关注")
    await button.click()
    await page.getByTestId("profile-header").getByRole("button", { name: wasFollowing ? "+ 关注" : "已关注" }).waitFor()
    expect(await followers(page)).not.toBe(before)
  })

  describe.each([1280, 1920])("screenshots at %i px", (width) => {
    it("/personal own and another's", async () => {
      const uid = await creator()
      const page = await openApp("/list", { width })
      await login(page, { path: "/personal" })
      await page.getByTestId("profile-header").waitFor()
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `personal-own-${width}`)
      await page.goto(`/personal/${uid}`)
      await page.getByTestId("work-tile").first().waitFor()
      await page.waitForTimeout(500)
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `personal-other-${width}`)
    })
  })
})
