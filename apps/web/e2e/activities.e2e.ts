import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { addressOf, baseUrl, openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { successToast } from "./support/loginForm"
import { solidPng } from "./support/pngImage"
import { captureFullPage, captureWindow, horizontalOverflow } from "./support/screenshots"
import { type LoggedIn, loginByApi } from "./support/session"

/** An artwork of the account's own, published and approved (upload → artwork/upload → audit/submit → the moderator). */
const approvedWork = async (token: string, title: string): Promise<number> => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(solidPng(96, 128, [200, 60, 40]))], { type: "image/png" }), "boat.png")
  const response = await fetch(new URL("/api/v1/base/upload", baseUrl()), { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
  const { data } = (await response.json()) as { data: { url: string } }
  const parameters = { prompt: "端午 龙舟 江面", negative_prompt: "", models: [], args: [] }
  // the uploader says it is AI-made (AL9): its entry carries the 疑似AI生成 notice
  const { id } = await callApi<{ id: number }>("/api/v2/artwork/upload", { token, json: { type: "sd", url: data.url, parameters, ai_generated: true } })
  await callApi("/api/v1/artwork/audit/submit", { token, json: { artwork_id: id, title, is_public: true } })
  await callApi("/api/dev/artworks/approve", { json: { artwork_id: id } })
  return id
}

const openAs = async (account: LoggedIn, path: string, width?: number): Promise<Page> => {
  const page = await openApp(`${path}?token=${encodeURIComponent(account.token)}`, width === undefined ? {} : { width })
  await page.getByRole("button", { name: account.nickname }).waitFor()
  return page
}

/** The seeded activities of one state: their dates follow the day the demo was seeded (AC7–AC9). */
const activitiesIn = async (status: "ongoing" | "upcoming" | "ended"): Promise<ReadonlyArray<{ key: string; title: string; reward: string }>> =>
  (await callApi<{ list: Array<{ key: string; title: string; reward: string }> }>("/api/v1/open/community/activity/list", { query: { status, page: "1", size: "20" } })).list

const submitButton = (page: Page) => page.getByTestId("activity-page").getByRole("button", { name: "提交作品" })

/** Picks the work in the 提交作品 dialog and confirms. */
const handIn = async (page: Page, artworkId: number, screenshot?: string) => {
  await submitButton(page).click()
  const dialog = page.getByRole("dialog", { name: "提交参赛作品" })
  await dialog.locator(`[data-testid=entry-choice][data-id="${artworkId}"]`).click()
  await dialog.getByRole("textbox").fill("雨后的江面，龙舟破浪而来。")
  if (screenshot !== undefined) await captureWindow(page, screenshot)
  await dialog.getByRole("button", { name: "确认提交" }).click()
  return dialog
}

// Issue 17 (C4): the activity pages and special topics against the real server's seeded community.
describe("activities and special topics", () => {
  it("a visitor's 提交作品 opens the login prompt, whose 去登录 comes back to the activity", async () => {
    const [ongoing] = await activitiesIn("ongoing")
    const page = await openApp(`/activity/detail/${ongoing!.key}`)
    await page.getByRole("heading", { name: ongoing!.title }).waitFor()
    expect(await page.getByTestId("activity-page").getByText("进行中", { exact: true }).count()).toBe(1)
    expect(await page.getByTestId("activity-countdown").innerText()).toMatch(/^距结束 \d+天 \d\d:\d\d:\d\d$/)
    // rules and prizes are text with their line breaks kept
    const [firstPrize, secondPrize] = ongoing!.reward.split("\n")
    expect(await page.getByText(firstPrize!).innerText()).toContain(`\n${secondPrize!}`)
    await submitButton(page).click()
    await page.getByRole("dialog", { name: "请先登录" }).getByRole("button", { name: "去登录" }).click()
    await page.waitForURL((url) => url.pathname === "/login")
    expect(new URL(addressOf(page), baseUrl()).searchParams.get("ref")).toBe(`/activity/detail/${ongoing!.key}`)
  })

  it("submits a library work: it is among the entries; a second submission is refused with the server's words", async () => {
    const account = await loginByApi()
    const artworkId = await approvedWork(account.token, "江上龙舟")
    const [ongoing] = await activitiesIn("ongoing")
    const page = await openAs(account, `/activity/detail/${ongoing!.key}`)
    // a second tab opened before the first submission still offers 提交作品
    const stale = await page.context().newPage()
    await stale.goto(`/activity/detail/${ongoing!.key}`)
    await submitButton(stale).waitFor()

    await handIn(page, artworkId, "activity-submit-dialog-1280")
    await successToast(page, "作品提交成功").waitFor()
    await page.locator(`[data-testid=activity-entry][data-id="${artworkId}"]`).waitFor()
    expect(await page.locator(`[data-testid=activity-entry][data-id="${artworkId}"]`).getByTestId("aigc-notice").innerText()).toBe("疑似AI生成")
    await page.getByTestId("activity-page").getByRole("button", { name: "已提交作品" }).waitFor()
    // the entry opens as /activity/work-detail with its activity above it
    await page.locator(`[data-testid=activity-entry][data-id="${artworkId}"] a`).click()
    await page.waitForURL((url) => url.pathname === "/activity/work-detail" && url.searchParams.get("id") === String(artworkId))
    await page.getByTestId("activity-context").getByText(ongoing!.title).waitFor()
    await page.getByText("江上龙舟").first().waitFor()

    const dialog = await handIn(stale, artworkId)
    // the refusal stays in the open dialog, in the server's words
    await dialog.getByRole("alert").filter({ hasText: "每个活动只能提交一件作品" }).waitFor()
  })

  it("the 活动广场 leads to an ended activity with its awards and an upcoming one with its countdown", async () => {
    const ended = await activitiesIn("ended")
    const [upcoming] = await activitiesIn("upcoming")
    expect(ended).toHaveLength(3)
    const page = await openApp("/activity/detail")
    await page.getByRole("heading", { name: "活动广场" }).waitFor()
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=activity-card]").length === 5)
    await page.getByRole("button", { name: "已结束" }).click()
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=activity-card]").length === 3)
    await page.getByTestId("activity-card").first().click()
    await page.waitForURL((url) => url.pathname === `/activity/detail/${ended[0]!.key}`)
    const results = page.getByTestId("activity-results")
    await results.getByText("一等奖").waitFor()
    await page.getByTestId("activity-page").getByRole("button", { name: "已结束" }).waitFor()
    await page.goto(`/activity/detail/${upcoming!.key}`)
    expect(await page.getByTestId("activity-countdown").innerText()).toMatch(/^距开始 \d+天 /)
    await page.getByText("还没有参赛作品").waitFor()
    await page.goto("/activity/detail/no-such-activity")
    await page.getByText("活动不存在或已下线").waitFor()
  })

  it("a special topic shows its cover, description and works; a work opens in the detail dialog", async () => {
    const page = await openApp("/community/special-topic")
    await page.getByRole("heading", { name: "专题", exact: true }).waitFor()
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=topic-card]").length === 3)
    await page.getByTestId("topic-card").filter({ hasText: "霓虹之夜" }).click()
    await page.waitForURL((url) => url.searchParams.get("id") === "cyber-night")
    await page.getByRole("heading", { name: "霓虹之夜：赛博朋克专题" }).waitFor()
    await page.getByText("雨夜、霓虹、义体与巨型都市").waitFor()
    await page.getByTestId("work-tile").first().waitFor()
    expect(await page.getByTestId("work-tile").count()).toBeGreaterThan(0)
    await page.getByTestId("work-tile").first().locator("a").click()
    await page.waitForURL((url) => url.searchParams.has("artwork"))
    await page.locator("[data-testid=artwork-detail][data-status=ready]").waitFor()
    // the same topic in the activity frame
    await page.goto("/activity/special-feature/cyber-night")
    await page.getByRole("heading", { name: "霓虹之夜：赛博朋克专题" }).waitFor()
  })

  it.each([1280, 1920])("screenshots at %i px: /activity/boat and a special topic", async (width) => {
    const page = await openApp("/activity/boat", { width })
    // the 端午 activity is upcoming in spring (no entries yet), else ongoing or ended with entries
    await page.getByTestId("activity-entry").first().or(page.getByText("还没有参赛作品")).waitFor()
    await page.getByText("更多活动").waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, `activity-boat-${width}`)
    await page.goto("/community/special-topic?id=guofeng-classics")
    await page.getByTestId("work-tile").first().waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, `special-topic-${width}`)
  })
})
