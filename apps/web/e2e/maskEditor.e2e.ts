import type { Locator, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp } from "./support/browser"
import { saveScreenshot } from "./support/screenshots"

// Issue 15 (T3): the toolbox's mask editor and compare slider, driven with a real mouse and keyboard on
// the style guide's demo (a 960 × 640 scene drawn by the page), the exported PNG read back pixel by pixel.

type MaskPixels = { width: number; height: number; levels: number[]; at: number[] }

/** The exported mask shown by the demo, decoded in the page: its size, its distinct grey levels, and the grey at some points. */
const readMask = (page: Page, points: ReadonlyArray<readonly [number, number]>): Promise<MaskPixels> =>
  page.getByRole("img", { name: "导出的蒙版" }).evaluate(async (element, points) => {
    const img = element as HTMLImageElement
    await img.decode()
    const canvas = document.createElement("canvas")
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    const ctx = canvas.getContext("2d")!
    ctx.drawImage(img, 0, 0)
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
    const levels = new Set<number>()
    for (let i = 0; i < data.length; i += 4) levels.add(data[i]!)
    return {
      width: canvas.width,
      height: canvas.height,
      levels: [...levels].sort((a, b) => a - b),
      at: points.map(([x, y]) => data[(y * canvas.width + x) * 4]!)
    }
  }, points)

/** Drags the mouse across the shown image between fractions of its width, at a fraction of its height. */
async function stroke(page: Page, editor: Locator, fromX: number, toX: number, atY: number) {
  const box = (await editor.getByRole("img", { name: "示例图片" }).boundingBox())!
  const y = box.y + box.height * atY
  await page.mouse.move(box.x + box.width * fromX, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * toX, y, { steps: 12 })
  await page.mouse.up()
}

/** The style guide's sticky header would cover the top of a scrolled-to editor (and of its screenshot). */
const openDemo = async () => {
  const page = await openApp("/__styleguide#editor")
  await page.getByTestId("mask-editor").waitFor()
  await page.evaluate(() => document.querySelector<HTMLElement>("header.sticky")?.style.setProperty("position", "static"))
  return page
}

const centre = (locator: Locator) => locator.evaluate((element) => element.scrollIntoView({ block: "center" }))

const zoomText = (editor: Locator) => editor.getByLabel("缩放比例").textContent()

describe("mask editor and compare slider", () => {
  it("paints a mask with the mouse, exports it at natural size, undoes, redoes and zooms", async () => {
    const page = await openDemo()
    const section = page.locator("#editor")
    const editor = section.getByTestId("mask-editor")
    await editor.getByRole("img", { name: "示例图片" }).waitFor()
    await centre(editor)
    await section.getByText("未绘制（null）").waitFor()

    await stroke(page, editor, 0.3, 0.6, 0.5)
    await section.getByRole("img", { name: "导出的蒙版" }).waitFor()
    const mask = await readMask(page, [[432, 320], [50, 50], [900, 600]])
    expect(mask).toEqual({ width: 960, height: 640, levels: [0, 255], at: [255, 0, 0] })
    await saveScreenshot(section, "mask-editor-1280")

    await page.keyboard.press("Control+z")
    await section.getByText("未绘制（null）").waitFor()
    await page.keyboard.press("Control+Shift+z")
    await section.getByRole("img", { name: "导出的蒙版" }).waitFor()

    const start = await zoomText(editor)
    await editor.getByRole("button", { name: "放大" }).click()
    await expect.poll(() => zoomText(editor)).not.toBe(start)
    await editor.getByRole("button", { name: "适应窗口" }).click()
    await expect.poll(() => zoomText(editor)).toBe(start)
    const area = (await editor.getByTestId("mask-canvas").boundingBox())!
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2)
    await page.keyboard.down("Control")
    await page.mouse.wheel(0, -300)
    await page.keyboard.up("Control")
    await expect.poll(() => zoomText(editor)).not.toBe(start)

    // zoomed in, a stroke still lands on the image pixels under the pointer
    await editor.getByRole("button", { name: "清空" }).click()
    await section.getByText("未绘制（null）").waitFor()
    await stroke(page, editor, 0.45, 0.55, 0.25)
    await section.getByRole("img", { name: "导出的蒙版" }).waitFor()
    const zoomed = await readMask(page, [[480, 160], [432, 320]])
    expect(zoomed.at).toEqual([255, 0])
  })

  it("paints keep / remove hints exported as white / black on grey", async () => {
    const page = await openDemo()
    const section = page.locator("#editor")
    await section.getByRole("tab", { name: "保留 / 去除" }).click()
    const editor = section.getByTestId("mask-editor")
    await editor.getByRole("img", { name: "示例图片" }).waitFor()
    await centre(editor)
    await section.getByText("未绘制（null）").waitFor()
    await stroke(page, editor, 0.4, 0.5, 0.6)
    await editor.getByRole("button", { name: "去除" }).click()
    await stroke(page, editor, 0.1, 0.2, 0.2)
    await section.getByRole("img", { name: "导出的蒙版" }).waitFor()
    await expect
      .poll(async () => (await readMask(page, [[432, 384], [144, 128], [800, 500]])).at)
      .toEqual([255, 0, 128])
    expect((await readMask(page, [])).levels).toEqual([0, 128, 255])
    await saveScreenshot(section, "mask-editor-hints-1280")
  })

  it("moves the compare divider by dragging and by the keyboard", async () => {
    const page = await openDemo()
    const frame = page.getByTestId("compare-slider")
    await centre(frame)
    await frame.getByRole("img", { name: "示例效果图" }).waitFor()
    const slider = frame.getByRole("slider", { name: "原图与效果图对比" })
    expect(await slider.getAttribute("aria-valuenow")).toBe("50")

    const box = (await frame.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    expect(Math.round(Number(await slider.getAttribute("aria-valuenow")))).toBe(25)

    await slider.focus()
    await page.keyboard.press("Shift+ArrowRight")
    await page.keyboard.press("ArrowRight")
    expect(Math.round(Number(await slider.getAttribute("aria-valuenow")))).toBe(36)
    await page.keyboard.press("End")
    expect(await slider.getAttribute("aria-valuenow")).toBe("100")
    await page.keyboard.press("Home")
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowRight")
    expect(await slider.getAttribute("aria-valuenow")).toBe("50")
    await saveScreenshot(frame, "compare-slider-1280")
  })

  it("the style guide's tab sizes and pay-method segments: arrow keys move the choice", async () => {
    const page = await openDemo()
    const section = page.locator("#tabs")
    await centre(section)
    const group = section.getByRole("radiogroup", { name: "支付方式" })
    await group.getByRole("radio", { name: "微信支付" }).focus()
    await page.keyboard.press("ArrowRight")
    expect(await group.getByRole("radio", { name: "支付宝" }).getAttribute("aria-checked")).toBe("true")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("支付宝")
    await section.getByRole("tablist", { name: "购买类型" }).getByRole("tab", { name: "米豆套餐" }).click()
    expect(await section.getByRole("tab", { name: "米豆套餐" }).getAttribute("aria-selected")).toBe("true")
    await saveScreenshot(section, "styleguide-tabs-1280")
  })
})
