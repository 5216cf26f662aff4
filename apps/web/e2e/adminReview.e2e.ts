import type { Page } from "playwright-core"
import { beforeAll, describe, expect, it } from "vitest"
import { baseUrl, openApp } from "./support/browser"
import { grantRole, openAdmin } from "./support/admin"
import { callApi } from "./support/devServer"
import { solidPng } from "./support/pngImage"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { type LoggedIn, loginByApi } from "./support/session"

// Issue 29, 审核 and 举报 in the console: an operator rejects a work in review and its author's message
// drawer shows the reason; the operator takes down a reported post, every report of it resolved at once.
// One operator account (logged in and granted once) for the file; each test opens its own page.

let operatorAccount: LoggedIn
let author: LoggedIn

/** A work of `token`'s library sent for review (upload → artwork/upload → audit/submit). */
const workInReview = async (token: string, title: string): Promise<number> => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(solidPng(96, 128, [40, 120, 200]))], { type: "image/png" }), "lake.png")
  const response = await fetch(new URL("/api/v1/base/upload", baseUrl()), { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
  const { data } = (await response.json()) as { data: { url: string } }
  const parameters = { prompt: "湖面 晨雾 远山", negative_prompt: "模糊", models: [], args: [] }
  const { id } = await callApi<{ id: number }>("/api/v2/artwork/upload", { token, json: { type: "sd", url: data.url, parameters } })
  await callApi("/api/v1/artwork/audit/submit", { token, json: { artwork_id: id, title, is_public: true } })
  return id
}

const itemOf = (page: Page, id: number) => page.locator(`[data-testid=review-item][data-id="${id}"]`)

beforeAll(async () => {
  ;[author, operatorAccount] = await Promise.all([loginByApi(), loginByApi()])
  await grantRole(operatorAccount, "operator")
})

/** The console as the operator, on `path` (a fresh context per test: openApp closes it when the test ends). */
const consoleAt = async (path: string): Promise<Page> => {
  const page = await openApp("/admin")
  await openAdmin(page, operatorAccount, path)
  return page
}

describe("审核", () => {
  it("the operator rejects a work with a reason; the author's drawer shows it", async () => {
    const id = await workInReview(author.token, "晨雾湖面")
    const operator = await consoleAt("/admin/review")
    // oldest waiting first: the demo's own works in review come before it, so page on to the newest
    await operator.getByTestId("review-item").first().waitFor()
    // the page number moves at the click and the page's items come after (aria-busy while they load)
    const loaded = operator.locator("section[aria-labelledby=review-title][aria-busy=false]")
    for (let turn = 0; turn < 10 && (await itemOf(operator, id).count()) === 0; turn++) {
      await operator.getByRole("button", { name: "下一页" }).click()
      await operator.getByText(`第 ${turn + 2}/`).waitFor()
      await loaded.waitFor()
    }
    await itemOf(operator, id).waitFor()
    await expect(itemOf(operator, id).innerText()).resolves.toContain("湖面 晨雾 远山")
    expect(await horizontalOverflow(operator)).toBe(0)
    for (const width of [1280, 1920]) {
      await operator.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureFullPage(operator, `admin-review-${width}`)
    }
    await operator.setViewportSize({ width: 1280, height: 800 })

    await itemOf(operator, id).getByRole("button", { name: "驳回" }).click()
    const dialog = operator.getByRole("dialog", { name: "驳回作品" })
    await dialog.getByRole("textbox", { name: "原因" }).fill("画面与标题不符，请修改后重新提交")
    await dialog.getByRole("button", { name: "驳回" }).click()
    await itemOf(operator, id).waitFor({ state: "detached" })

    const page = await openApp(`/list?token=${encodeURIComponent(author.token)}`)
    await page.getByRole("button", { name: author.nickname }).waitFor()
    await page.getByTestId("message-bell").click()
    const drawer = page.getByRole("dialog", { name: "消息中心" })
    await drawer.getByText("作品审核未通过").waitFor()
    await expect(drawer.getByTestId("message-card").first().innerText()).resolves.toContain("画面与标题不符，请修改后重新提交")
  })
})

describe("举报", () => {
  it("a post reported twice shows once with its count; taking it down resolves both and it leaves the community", async () => {
    const { id } = await callApi<{ id: number }>("/api/v1/community/post/publish", { token: author.token, json: { content: "加我微信领免费会员" } })
    for (const reason of ["spam", "other"]) {
      const reporter = await loginByApi()
      await callApi("/api/v1/community/post/report", { token: reporter.token, json: { id, reason, detail: "" } })
    }
    const operator = await consoleAt("/admin/reports")
    const group = operator.getByTestId("report-group").filter({ hasText: "加我微信领免费会员" })
    await group.waitFor()
    await expect(group.innerText()).resolves.toContain("被举报 2 次")
    for (const width of [1280, 1920]) {
      await operator.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await captureFullPage(operator, `admin-reports-${width}`)
    }
    await operator.setViewportSize({ width: 1280, height: 800 })

    await group.getByRole("button", { name: "下架" }).click()
    const dialog = operator.getByRole("dialog", { name: "下架被举报的帖子" })
    await dialog.getByRole("button", { name: "含有广告或引流信息" }).click()
    await dialog.getByRole("button", { name: "下架" }).click()
    await group.waitFor({ state: "detached" })
    const detail = await fetch(new URL(`/api/v1/open/community/post/detail?id=${id}`, baseUrl()), { headers: { source: "PC" } })
    expect(((await detail.json()) as { code: number }).code).toBe(404)
  })
})
