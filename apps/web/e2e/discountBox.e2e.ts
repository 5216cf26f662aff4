import type { Page } from "playwright-core"
import { deflateSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { buyBeans } from "./support/beans"
import { openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { PNG_MAGIC, pngChunk } from "./support/pngImage"
import { captureFullPage } from "./support/screenshots"
import { login } from "./support/session"
import { expectNoOverflow, runToResult } from "./support/tools"


const WIDTH = 320
const HEIGHT = 240

/** A warm round subject on the left third and a blue block on the right, over a green-grey gradient. */
const offCentrePng = (): Buffer => {
  const rows: Array<Buffer> = []
  for (let y = 0; y < HEIGHT; y += 1) {
    const row = Buffer.alloc(1 + WIDTH * 3)
    for (let x = 0; x < WIDTH; x += 1) {
      const t = y / HEIGHT
      let pixel = [150 - 60 * t, 170 - 50 * t, 150 - 70 * t]
      const d = Math.hypot(x - WIDTH * 0.25, y - HEIGHT * 0.5)
      if (d < 52) pixel = [235 - d * 0.6, 160 - d * 0.8, 90 - d * 0.5]
      if (x > WIDTH * 0.66 && x < WIDTH * 0.9 && y > HEIGHT * 0.3 && y < HEIGHT * 0.7) pixel = [40, 70, 200]
      row.set(pixel.map((value) => Math.round(value)), 1 + x * 3)
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(WIDTH, 0)
  header.writeUInt32BE(HEIGHT, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from(PNG_MAGIC), pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(Buffer.concat(rows))), pngChunk("IEND", Buffer.alloc(0))])
}

/** Drags with the mouse over the subject box area, between two points given as fractions of the picture. */
const dragBox = async (page: Page, from: readonly [number, number], to: readonly [number, number]): Promise<void> => {
  const area = page.getByTestId("subject-box-area")
  const box = await area.boundingBox()
  if (box === null) throw new Error("the subject box area is not on screen")
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1])
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 8 })
  await page.mouse.up()
}

/** The frame's place in the picture, in fractions (what the user sees). */
const frameOf = (page: Page) =>
  page.evaluate(() => {
    const area = document.querySelector("[data-testid=subject-box-area]")!.getBoundingClientRect()
    const frame = document.querySelector("[data-testid=subject-box-frame]")?.getBoundingClientRect()
    return frame === undefined ? null : [(frame.x - area.x) / area.width, (frame.y - area.y) / area.height, frame.width / area.width, frame.height / area.height]
  })

/** The alpha of the result picture at (x, y) fractions, read in the page. */
const resultAlpha = (page: Page, points: ReadonlyArray<readonly [number, number]>) =>
  page.evaluate(async (at) => {
    const url = document.querySelector<HTMLImageElement>("[data-testid=compare-slider] img:last-of-type")!.src
    const bitmap = await createImageBitmap(await (await fetch(url)).blob())
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext("2d")!
    context.drawImage(bitmap, 0, 0)
    return at.map(([x, y]) => context.getImageData(Math.floor(x * bitmap.width), Math.floor(y * bitmap.height), 1, 1).data[3])
  }, points)

describe("智能抠图's subject box (issue 15): drawn with the mouse on the source, sent as the box option", () => {
  it("a box round the off-centre subject is sent with the task; the cut-out keeps it and drops the block outside", async () => {
    const page = await openApp("/list", { width: 1280 })
    const account = await login(page, { path: "/tools/discount", fresh: true })
    await buyBeans(account.token)
    await page.reload()
    await page.locator("[data-testid=tool-page][data-tool=discount]").waitFor()
    await page.getByTestId("tool-upload-large").setInputFiles({ name: "left.png", mimeType: "image/png", buffer: offCentrePng() })
    await page.getByTestId("subject-box-area").waitFor({ state: "visible" })
    expect(await page.getByTestId("subject-box-hint").innerText()).toBe("在图片上拖动框出主体，不框选则自动识别")
    expect(await page.getByTestId("subject-box-clear").isDisabled()).toBe(true)

    // a slip of the mouse: the core's TL5 message, nothing kept
    await dragBox(page, [0.5, 0.5], [0.51, 0.6])
    expect(await page.getByTestId("subject-box-problem").innerText()).toBe("主体范围太小，请框出更大的区域（宽和高至少为图片的 2%）")
    expect(await frameOf(page)).toBeNull()

    // first a box in the wrong place, cleared from the keyboard, then the subject's
    await dragBox(page, [0.6, 0.2], [0.95, 0.8])
    expect(await frameOf(page)).not.toBeNull()
    await page.getByTestId("subject-box-clear").focus()
    await page.keyboard.press("Enter")
    expect(await frameOf(page)).toBeNull()
    await dragBox(page, [0.05, 0.2], [0.47, 0.82])
    const frame = await frameOf(page)
    expect(frame?.map((part) => Math.round(part * 100))).toEqual([5, 20, 42, 62])
    expect(await page.getByTestId("subject-box-hint").innerText()).toBe("已框选主体，在图片上重新拖动可重新框选")
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-discount-box-1280"))

    await runToResult(page)
    const id = (await page.getByTestId("tool-result").getAttribute("data-task-id")) ?? ""
    const task = await callApi<{ status: string; params: { options: Record<string, unknown> } }>("/api/v2/task/info", { token: account.token, query: { id } })
    expect(task.status).toBe("succeeded")
    const sent = String(task.params.options.box).split(",").map(Number)
    expect(sent.map((part) => Math.round(part * 100))).toEqual([5, 20, 42, 62])
    // the subject's middle is kept, the blue block outside the box is cut away
    const [subject, block] = await resultAlpha(page, [[0.25, 0.5], [0.78, 0.5]])
    expect(subject).toBe(255)
    expect(block).toBe(0)

    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.getByRole("button", { name: "继续编辑原图" }).click()
    await page.getByTestId("subject-box-frame").waitFor()
    await expectNoOverflow(page)
    console.log("screenshot", await captureFullPage(page, "tool-discount-box-1920"))

    // another picture: the box was drawn on the old one, so it is gone
    const before = await page.getByTestId("tool-source-thumb").getAttribute("src")
    await page.getByTestId("tool-upload").setInputFiles({ name: "again.png", mimeType: "image/png", buffer: offCentrePng() })
    await expect.poll(() => page.getByTestId("tool-source-thumb").getAttribute("src")).not.toBe(before)
    expect(await frameOf(page)).toBeNull()
    expect(await page.getByTestId("subject-box-hint").innerText()).toBe("在图片上拖动框出主体，不框选则自动识别")
  }, 60_000)
})
