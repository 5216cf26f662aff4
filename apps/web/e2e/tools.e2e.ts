import { describe, expect, it } from "vitest"
import { balanceOf, buyBeans } from "./support/beans"
import { openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { PNG_MAGIC } from "./support/pngImage"
import { captureFullPage, captureWindow } from "./support/screenshots"
import { login, type LoggedIn } from "./support/session"
import { dragCompare, downloadResult, expectNoOverflow, paintStroke, runToResult, shownToolCost, uploadSource } from "./support/tools"

let account: LoggedIn | undefined
/** Opens `path` signed in, with beans bought once for the file. */
const openSignedIn = async (path: string, width = 1280) => {
  const page = await openApp("/list", { width })
  const first = account === undefined
  account = await login(page, { path })
  if (first) {
    await buyBeans(account.token)
    await page.reload()
  }
  await page.getByTestId("tool-page").or(page.getByRole("heading", { name: "AI工具箱" })).first().waitFor()
  return { page, token: account.token }
}

describe("the AI toolbox (issue 15): /tools-panel and the tool pages", () => {
  it("/tools-panel: the seven tools in groups; a visitor is asked to log in, a user opens the tool", async () => {
    const page = await openApp("/tools-panel", { width: 1280 })
    await expect.poll(() => page.getByTestId("tool-card").count(), { timeout: 10_000 }).toBe(7)
    expect(await page.getByTestId("tool-group").locator("h2").allInnerTexts()).toEqual(["画质增强", "抠图与消除", "创意改图"])
    await page.getByTestId("tool-card").filter({ hasText: "智能抠图" }).click()
    await page.getByRole("button", { name: "去登录" }).click()
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("ref") === "/tools/discount")

    const { page: signed } = await openSignedIn("/tools-panel", 1920)
    await expect.poll(() => signed.getByTestId("tool-card").count()).toBe(7)
    await signed.waitForFunction(() => [...document.querySelectorAll("[data-testid=tool-card] img")].every((image) => (image as HTMLImageElement).naturalWidth > 0))
    await expectNoOverflow(signed)
    console.log("screenshot", await captureFullPage(signed, "tools-panel-1920"))
    await signed.setViewportSize({ width: 1280, height: 800 })
    console.log("screenshot", await captureFullPage(signed, "tools-panel-1280"))
    await signed.getByTestId("tool-card").filter({ hasText: "高清修复" }).click()
    await signed.locator("[data-testid=tool-page][data-tool=hd-repair]").waitFor()
    expect(new URL(signed.url()).pathname).toBe("/tools/hd-repair")
  }, 60_000)

  it("高清修复: upload → ×4 → cost → result; the compare slider drags; 下载 a PNG named after the tool; the result is in /property; 用作 another tool", async () => {
    const { page, token } = await openSignedIn("/tools/hd-repair")
    await uploadSource(page, [200, 120, 60])
    await page.getByTestId("tool-option-scale").getByRole("radio", { name: "4 倍" }).click()
    await page.getByTestId("tool-option-method").getByRole("radio", { name: "Lanczos 快速放大" }).click()
    const cost = await shownToolCost(page)
    expect(cost).toBeGreaterThan(0)
    const before = await balanceOf(token)
    await runToResult(page)
    expect(await balanceOf(token)).toBe(before - cost)
    const result = page.getByTestId("tool-result")
    const taskId = (await result.getAttribute("data-task-id")) ?? ""
    const task = await callApi<{ params: { tool: string; image_url: string; options: Record<string, unknown> }; images: Array<{ width: number; artwork_id: number }> }>("/api/v2/task/info", { token, query: { id: taskId } })
    expect([task.params.tool, task.params.options.scale, task.params.options.method]).toEqual(["hd-repair", 4, "lanczos"])

    expect(await dragCompare(page, 0.2)).toBeLessThan(35)
    expect(await dragCompare(page, 0.8)).toBeGreaterThan(65)
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-hd-repair-1280"))

    const file = await downloadResult(page)
    const artworkId = Number(await result.getAttribute("data-artwork-id"))
    expect(file.name).toBe(`高清修复_${artworkId}.png`)
    expect(file.bytes).toEqual(PNG_MAGIC)

    // 用作… 智能抠图: that page opens with the result as its source
    await page.getByRole("button", { name: /用作/ }).click()
    await page.getByTestId("tool-use-as").getByRole("button", { name: "智能抠图" }).click()
    await page.locator("[data-testid=tool-page][data-tool=discount]").waitFor()
    expect(await page.getByTestId("tool-source-thumb").getAttribute("src")).toContain(`/${taskId}/`)
    // 从资产库选择: the library, newest first, holds the result then the uploaded original; the original becomes the source
    await page.getByRole("button", { name: "从资产库选择" }).click()
    await page.getByTestId("library-picker").locator("button").nth(1).click()
    await expect.poll(() => page.getByTestId("tool-source-thumb").getAttribute("src")).toBe(task.params.image_url)

    // the result is in the asset library
    await page.goto(new URL(`/property`, page.url()).toString())
    await page.locator(`[data-testid=property-item][data-id="${artworkId}"]`).waitFor()

    // its artwork detail names the type and the tool (LB4): 工具 · 高清修复, at both widths
    await page.goto(new URL(`/work-detail/${artworkId}`, page.url()).toString())
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await page.locator("[data-testid=artwork-detail][data-status=ready]").waitFor()
      expect((await page.getByTestId("detail-type").innerText()).trim()).toBe("工具 · 高清修复")
      await expectNoOverflow(page)
      console.log("screenshot", await captureWindow(page, `detail-tool-${width}`))
    }
  }, 90_000)

  it("元素消除: 开始处理 waits for a mask; a stroke drawn with the mouse makes one; the result comes back", async () => {
    const { page, token } = await openSignedIn("/tools/element-elimination", 1920)
    await uploadSource(page, [40, 140, 200])
    await page.getByTestId("mask-editor").waitFor()
    expect(await page.getByTestId("tool-hint").innerText()).toBe("请先涂抹要去除的区域")
    expect(await page.getByTestId("generate-button").isDisabled()).toBe(true)
    // the mask reaches the store once the editor has exported it (120 ms after the stroke, then a PNG of the picture's size)
    await paintStroke(page)
    await expect.poll(() => page.getByTestId("tool-hint").innerText(), { timeout: 10_000 }).toBe("处理结果会自动保存到资产库")
    const cost = await shownToolCost(page)
    const before = await balanceOf(token)
    await runToResult(page)
    expect(await balanceOf(token)).toBe(before - cost)
    const taskId = (await page.getByTestId("tool-result").getAttribute("data-task-id")) ?? ""
    const task = await callApi<{ params: { mask_url?: string } }>("/api/v2/task/info", { token, query: { id: taskId } })
    expect(task.params.mask_url).toMatch(/^https?:\/\//)
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-element-elimination-1920"))
  }, 90_000)

  it("局部重绘 offline: the page says it needs an engine before anything is spent; the reward image is the source", async () => {
    const { page, token } = await openSignedIn("/tools/hd-repair")
    await uploadSource(page, [90, 30, 160])
    const reward = (await page.getByTestId("tool-source-thumb").getAttribute("src")) ?? ""
    // a result sent to a new tab from /aigc: the work store's reward image (spec "Reward image")
    await page.evaluate((url) => localStorage.setItem("mido.work", JSON.stringify({ drawType: 1, params: null, rewardImage: url, referenceImage: null })), reward)
    await page.goto(new URL("/tools/redraw", page.url()).toString())
    await page.getByTestId("tool-source-thumb").waitFor()
    expect(await page.getByTestId("tool-source-thumb").getAttribute("src")).toBe(reward)
    await page.getByTestId("tool-blocked").waitFor()
    expect(await page.getByTestId("tool-blocked").innerText()).toContain("未扣除米豆")
    await page.getByTestId("tool-prompt").fill("一束向日葵")
    await paintStroke(page)
    const before = await balanceOf(token)
    expect(await page.getByTestId("generate-button").isDisabled()).toBe(true)
    expect(await balanceOf(token)).toBe(before)
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-redraw-1280"))
    await page.setViewportSize({ width: 1920, height: 1000 })
    console.log("screenshot", await captureFullPage(page, "tool-redraw-1920"))
  }, 60_000)

  it("取消 while ESRGAN runs: 已取消处理 with the refund, the balance back where it was", async () => {
    const { page, token } = await openSignedIn("/tools/hd-repair")
    await uploadSource(page, [60, 120, 200])
    await page.getByTestId("tool-option-scale").getByRole("radio", { name: "4 倍" }).click()
    const cost = await shownToolCost(page)
    const before = await balanceOf(token)
    await page.getByTestId("generate-button").click()
    await page.getByTestId("tool-progress").waitFor({ timeout: 15_000 })
    expect(await balanceOf(token)).toBe(before - cost)
    await page.getByTestId("tool-cancel").click()
    await page.getByTestId("tool-failure").waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("tool-failure").innerText()).toBe(`已取消处理，已退还 ${cost} 米豆`)
    await expect.poll(() => balanceOf(token)).toBe(before)
  }, 60_000)
})
