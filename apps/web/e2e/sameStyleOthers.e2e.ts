import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, openApp, waitForAddress } from "./support/browser"
import { buyBeans } from "./support/beans"
import { callApi } from "./support/devServer"
import { solidPng } from "./support/pngImage"
import { captureWindow, horizontalOverflow } from "./support/screenshots"
import { loginByApi } from "./support/session"

/**
 * Issue 25 follow-ups: 做同款 from ANOTHER user's published MJ work draws with its references (R11:
 * images a published work shows are task inputs for anyone); the detail names an upload 上传 (LB4)
 * and an MJ version as the /aigc list does (GA6).
 */
type Info = { id: number; type: string; parameters: { image_prompts?: Array<string>; style_reference?: Array<string>; version_info?: { name: string } } }

const infoOf = async (id: number): Promise<Info> =>
  ((await (await fetch(`${baseUrl()}/api/v2/open/artwork/info?id=${id}`)).json()) as { data: Info }).data

/** A demo creator's published MJ work on V7 with a 垫图 (the demo data is seeded; no ids are hard-coded). */
const othersMjWork = async (): Promise<Info> => {
  const response = await fetch(`${baseUrl()}/api/v1/open/artwork/artwork/get_profile_list?type=quick_mj&size=40`)
  for (const card of ((await response.json()) as { data: { list: Array<{ id: number }> } }).data.list) {
    const info = await infoOf(card.id)
    if ((info.parameters.image_prompts ?? []).length > 0 && info.parameters.version_info?.name === "v7") return info
  }
  throw new Error("no demo MJ work on v7 with a 垫图")
}

const uploadFile = async (token: string, bytes: Buffer, name: string): Promise<string> => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name)
  const response = await fetch(new URL("/api/v1/base/upload", baseUrl()), { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
  return ((await response.json()) as { data: { url: string } }).data.url
}

const ready = (page: Page) => page.locator("[data-testid=artwork-detail][data-status=ready]").waitFor()

describe("做同款 from another user's work (issue 25 follow-ups)", () => {
  it("R11: user B opens A's published MJ work, 做同款 brings its references to /aigc, and 生成 is accepted", async () => {
    const work = await othersMjWork()
    const account = await loginByApi()
    await buyBeans(account.token)
    const page = await openApp(`/list?artwork=${work.id}&token=${encodeURIComponent(account.token)}`, { width: 1280 })
    await ready(page)
    expect((await page.getByTestId("detail-type").innerText()).trim()).toBe("MJ 模型")
    // GA6: the version as /aigc names it, not the stored "v7"
    expect(await page.getByTestId("artwork-detail").innerText()).toContain("MJ V7")
    console.log("screenshot", await captureWindow(page, "same-style-others-detail-1280"))

    await page.getByTestId("detail-same-style").click()
    await waitForAddress(page, "/aigc")
    await expect.poll(() => page.getByTestId("slot-image_prompts").getByTestId("slot-picture").count(), { timeout: 10_000 }).toBeGreaterThan(0)
    const before = await page.getByTestId("task-card").first().getAttribute("data-task-id").catch(() => null)
    await expect.poll(() => page.getByTestId("generate-button").isDisabled()).toBe(false)
    await page.getByTestId("generate-button").click()
    await expect.poll(async () => page.getByTestId("task-card").first().getAttribute("data-task-id"), { timeout: 10_000 }).not.toBe(before)
    expect(await page.getByTestId("toasts").innerText().catch(() => "")).not.toContain("图片地址无效")
    const tasks = await callApi<{ list: Array<{ status: string; type: string }> }>("/api/v2/task/list", { token: account.token })
    expect(tasks.list[0]).toMatchObject({ type: "quick_mj" })
    expect(tasks.list[0]?.status).not.toBe("failed")
    expect(await horizontalOverflow(page)).toBe(0)
    console.log("screenshot", await captureWindow(page, "same-style-others-aigc-1280"))
  }, 120_000)

  it("LB4: the detail names an upload 上传, not 在线 SD", async () => {
    const account = await loginByApi()
    const url = await uploadFile(account.token, solidPng(160, 120, [200, 120, 40]), "mine.png")
    const made = await callApi<{ id: number }>("/api/v2/artwork/upload", { token: account.token, json: { type: "sd", url, parameters: { prompt: "", negative_prompt: "", models: [], args: [] } } })
    for (const width of [1280, 1920]) {
      const page = await openApp(`/work-detail/${made.id}?token=${encodeURIComponent(account.token)}`, { width })
      await ready(page)
      expect((await page.getByTestId("detail-type").innerText()).trim()).toBe("上传")
      expect(await horizontalOverflow(page)).toBe(0)
      console.log("screenshot", await captureWindow(page, `same-style-others-upload-detail-${width}`))
    }
  }, 60_000)
})
