import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, openApp } from "./support/browser"
import { buyBeans } from "./support/beans"
import { callApi } from "./support/devServer"
import { solidPng } from "./support/pngImage"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { loginByApi } from "./support/session"
import { scenePng } from "./support/tools"

/**
 * /property's tabs (docs/spec/library.md LB1–LB3, issue 25): an uploaded picture counts in 上传, a
 * toolbox result in 工具 with its tool's name on the card, a /webui drawing in 在线 SD — before, all
 * three were counted as 在线 SD.
 */
const uploadFile = async (token: string, bytes: Buffer, name: string): Promise<string> => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name)
  const response = await fetch(new URL("/api/v1/base/upload", baseUrl()), { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
  return ((await response.json()) as { data: { url: string } }).data.url
}

const finish = async (token: string, body: unknown): Promise<void> => {
  const task = await callApi<{ id: string }>("/api/v2/task/submit", { token, json: body })
  await expect.poll(async () => (await callApi<{ status: string }>("/api/v2/task/info", { token, query: { id: task.id } })).status, { timeout: 60_000, interval: 250 })
    .toBe("succeeded")
}

const tabs = (page: Page) => page.getByRole("group", { name: "作品类型" })
const itemCount = (page: Page, count: number) =>
  page.waitForFunction((expected) => document.querySelectorAll("[data-testid=property-item]").length === expected, count, { timeout: 10_000 })

describe("/property's type tabs (issue 25)", () => {
  it("an upload counts in 上传, a tool result in 工具 (named on its card), a drawing in 在线 SD", async () => {
    const account = await loginByApi()
    await buyBeans(account.token)
    const mine = await uploadFile(account.token, solidPng(96, 96, [200, 120, 40]), "mine.png")
    await callApi("/api/v2/artwork/upload", { token: account.token, json: { type: "sd", url: mine, parameters: { prompt: "", negative_prompt: "", models: [], args: [] } } })
    const source = await uploadFile(account.token, scenePng(160, 120, [70, 130, 200]), "photo.png")
    await finish(account.token, { type: "tool", tool: "hd-repair", image_url: source, options: { scale: 2 } })
    await finish(account.token, {
      type: "sd", prompt: "雪夜江南 石桥", checkpoint: "guofeng_ink_v3.safetensors", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 256, height: 256, seed: 42, num: 1
    })

    for (const width of [1280, 1920]) {
      const page = await openApp(`/property?token=${encodeURIComponent(account.token)}`, { width })
      await itemCount(page, 3)
      for (const [label, count] of [["全部", 3], ["在线 SD", 1], ["上传", 1], ["工具", 1], ["快捷绘画", 0]] as const) {
        await expect.poll(() => tabs(page).getByRole("button", { name: new RegExp(`^${label}`) }).innerText()).toMatch(new RegExp(`^${label}\\s*${count}$`))
      }
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `asset-types-${width}`)
      if (width !== 1280) continue

      await tabs(page).getByRole("button", { name: /^工具/ }).click()
      await itemCount(page, 1)
      await expect.poll(() => page.getByTestId("property-item").innerText()).toContain("工具 · 高清修复")
      // the card's type row sits below the picture, clear of the picture's own AI生成 mark and caption
      const picture = await page.getByTestId("property-item").locator("img").boundingBox()
      const typeRow = await page.getByTestId("property-item").getByText("工具 · 高清修复").boundingBox()
      expect(typeRow!.y).toBeGreaterThanOrEqual(picture!.y + picture!.height - 1)
      await tabs(page).getByRole("button", { name: /^上传/ }).click()
      await itemCount(page, 1)
      await expect.poll(() => page.getByTestId("property-item").innerText()).toContain("上传")
      await tabs(page).getByRole("button", { name: /^在线 SD/ }).click()
      await itemCount(page, 1)
      await expect.poll(() => page.getByTestId("property-item").innerText()).toContain("在线 SD")
      await captureFullPage(page, "asset-types-sd-tab-1280")
    }
  }, 180_000)
})
