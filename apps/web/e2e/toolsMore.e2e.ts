import { describe, expect, it } from "vitest"
import { balanceOf, buyBeans } from "./support/beans"
import { openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { PNG_MAGIC } from "./support/pngImage"
import { captureFullPage } from "./support/screenshots"
import { login, type LoggedIn } from "./support/session"
import { downloadResult, expectNoOverflow, paintStroke, runToResult, shownToolCost, uploadSource } from "./support/tools"

const TITLES = { "hd-repair": "高清修复", discount: "智能抠图", "style-avatar": "风格头像", "remove-watermark": "去水印", "element-elimination": "元素消除", "old-photo-restoration": "老照片上色" } as const

let account: LoggedIn | undefined
const openTool = async (tool: string, width = 1280) => {
  const page = await openApp("/list", { width })
  const first = account === undefined
  account = await login(page, { path: `/tools/${tool}` })
  if (first) {
    await buyBeans(account.token)
    await page.reload()
  }
  await page.locator(`[data-testid=tool-page][data-tool="${tool}"]`).waitFor()
  return { page, token: account.token }
}

const taskOf = (token: string, id: string) =>
  callApi<{ status: string; params: { options: Record<string, unknown>; mask_url?: string }; images: Array<{ artwork_id: number }> }>("/api/v2/task/info", { token, query: { id } })

describe("the AI toolbox (issue 15): cut-out, watermark, style avatar, old photo", () => {
  it("智能抠图: keep / remove hints brushed with the mouse → a transparent PNG result, downloaded as PNG", async () => {
    const { page, token } = await openTool("discount")
    await uploadSource(page, [30, 160, 90])
    // the canvas shows the whole picture (fit): keep the middle of the round subject, remove a strip of the sky
    await page.getByRole("button", { name: "保留" }).click()
    await paintStroke(page, { from: 0.45, to: 0.55, y: 0.45 })
    await page.getByRole("button", { name: "去除" }).click()
    await paintStroke(page, { from: 0.1, to: 0.3, y: 0.1 })
    const cost = await shownToolCost(page)
    const before = await balanceOf(token)
    await runToResult(page)
    expect(await balanceOf(token)).toBe(before - cost)
    const task = await taskOf(token, (await page.getByTestId("tool-result").getAttribute("data-task-id")) ?? "")
    expect(task.params.mask_url).toMatch(/^https?:\/\//)
    const file = await downloadResult(page)
    expect(file.name).toBe(`智能抠图_${task.images[0]!.artwork_id}.png`)
    expect(file.bytes).toEqual(PNG_MAGIC)
    expect(file.pngColourType).toBe(6)
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-discount-1280"))
  }, 90_000)

  it("去水印: the auto mask by default (no brushing needed), NS method → result", async () => {
    const { page, token } = await openTool("remove-watermark", 1920)
    await uploadSource(page, [230, 230, 240])
    await page.getByTestId("tool-option-method").getByRole("radio", { name: /Navier-Stokes/ }).click()
    expect(await page.getByTestId("tool-option-auto_mask").isChecked()).toBe(true)
    await shownToolCost(page)
    await runToResult(page)
    const task = await taskOf(token, (await page.getByTestId("tool-result").getAttribute("data-task-id")) ?? "")
    expect([task.params.options.method, task.params.options.auto_mask, task.params.mask_url]).toEqual(["ns", true, undefined])
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-remove-watermark-1920"))
    // without the auto mask the page waits for a brushed one
    await page.getByRole("button", { name: "继续编辑原图" }).click()
    await page.getByTestId("tool-option-auto_mask").uncheck()
    await expect.poll(() => page.getByTestId("tool-hint").innerText()).toBe("请先涂抹要去除的区域")
  }, 90_000)

  it("风格头像: three styles → three results to flip through", async () => {
    const { page, token } = await openTool("style-avatar")
    await uploadSource(page, [210, 150, 120])
    await page.getByTestId("tool-option-styles").getByRole("button", { name: "胶片" }).click()
    expect(await page.getByTestId("tool-option-styles").locator("[aria-pressed=true]").allInnerTexts()).toEqual(["卡通", "素描", "胶片"])
    await shownToolCost(page)
    await runToResult(page)
    const results = page.getByRole("list", { name: "处理结果" }).getByRole("button")
    await expect.poll(() => results.count()).toBe(3)
    expect(await results.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label")))).toEqual(["卡通", "素描", "胶片"])
    const first = await page.getByTestId("tool-result").getAttribute("data-artwork-id")
    await results.nth(2).click()
    expect(await page.getByTestId("tool-result").getAttribute("data-artwork-id")).not.toBe(first)
    const task = await taskOf(token, (await page.getByTestId("tool-result").getAttribute("data-task-id")) ?? "")
    expect(task.params.options.styles).toBe("cartoon,sketch,film")
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-style-avatar-1280"))
  }, 90_000)

  it("老照片上色: says plainly that colour needs an engine; the restore runs", async () => {
    const { page } = await openTool("old-photo-restoration", 1920)
    await page.getByTestId("tool-offline-note").waitFor()
    expect(await page.getByTestId("tool-offline-note").innerText()).toContain("不能真正上色")
    await uploadSource(page, [120, 110, 90])
    await page.getByTestId("tool-option-tint").getByRole("radio", { name: "怀旧棕（滤镜）" }).click()
    await shownToolCost(page)
    await runToResult(page)
    // the result says it again: restored, not coloured
    expect(await page.getByTestId("tool-note").innerText()).toContain("不能真正上色")
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-old-photo-restoration-1920"))
  }, 90_000)

  it("screenshots of the tools not captured above, at the other width (the source stays from tool to tool)", async () => {
    const { page } = await openTool("hd-repair", 1920)
    await uploadSource(page, [180, 90, 200])
    let current: keyof typeof TITLES = "hd-repair"
    for (const [tool, width] of [["hd-repair", 1920], ["discount", 1920], ["style-avatar", 1920], ["remove-watermark", 1280], ["element-elimination", 1280], ["old-photo-restoration", 1280]] as const) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      if (tool !== current) {
        // the tools bar's switcher, as a user moves on with the same picture
        await page.locator("header").getByRole("button", { name: TITLES[current] }).click()
        await page.getByRole("list", { name: "AI工具" }).getByRole("button", { name: new RegExp(`^${TITLES[tool]}`) }).click()
        current = tool
      }
      await page.locator(`[data-testid=tool-page][data-tool="${tool}"]`).waitFor()
      await page.getByTestId("tool-source-thumb").waitFor()
      await expectNoOverflow(page)
      console.log("screenshot", await captureFullPage(page, `tool-${tool}-${width}`))
    }
  }, 90_000)
})
