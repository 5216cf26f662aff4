import type { Page } from "playwright-core"
import { expect } from "vitest"
import { deflateSync } from "node:zlib"
import { PNG_MAGIC, pngChunk } from "./pngImage"

// the toolbox pages' steps shared by tools.e2e.ts and toolsMore.e2e.ts

export const TOOL_TIMEOUT = 60_000


/**
 * A small photo-like scene the processors have something to work on: a sky-to-ground gradient tinted
 * by `color`, a round warm subject in the middle, and a dark "watermark" of text-like bars at the bottom right.
 */
export const scenePng = (width: number, height: number, [red, green, blue]: readonly [number, number, number]): Buffer => {
  const rows: Array<Buffer> = []
  const cx = width / 2
  const cy = height * 0.48
  const radius = Math.min(width, height) * 0.28
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x += 1) {
      const t = y / height
      let pixel = [red * (1 - t) + 40 * t, green * (1 - t) + 90 * t, blue * (1 - t) + 60 * t]
      const d = Math.hypot(x - cx, y - cy)
      if (d < radius) pixel = [235 - d * 0.6, 170 - d * 0.8, 120 - d * 0.5]
      const inMark = x > width * 0.6 && x < width * 0.94 && y > height * 0.82 && y < height * 0.92 && Math.floor(x / 6) % 3 !== 2
      if (inMark) pixel = [250, 250, 250]
      row.set(pixel.map((value) => Math.max(0, Math.min(255, Math.round(value)))), 1 + x * 3)
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from(PNG_MAGIC), pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(Buffer.concat(rows))), pngChunk("IEND", Buffer.alloc(0))])
}

export const toolPng = (color: readonly [number, number, number], name = "photo.png") => ({ name, mimeType: "image/png", buffer: scenePng(320, 240, color) })

/** The points 开始处理 shows once the server answered (and the button is enabled). */
export const shownToolCost = async (page: Page): Promise<number> => {
  await page.waitForFunction(() => {
    const node = document.querySelector("[data-testid=generate-button]")
    return node?.getAttribute("data-points") !== null && node?.getAttribute("disabled") === null
  }, undefined, { timeout: 15_000 })
  return Number(await page.getByTestId("generate-button").getAttribute("data-points"))
}

/** Uploads the source picture through the page's drop area and waits for it in the side panel. */
export const uploadSource = async (page: Page, color: readonly [number, number, number]): Promise<void> => {
  await page.getByTestId("tool-upload-large").setInputFiles(toolPng(color))
  await page.getByTestId("tool-source-thumb").waitFor()
}

/** Paints a stroke with the mouse across the mask editor's canvas, from x `from` to x `to` at height `y` (fractions of the canvas). */
export const paintStroke = async (page: Page, { from = 0.3, to = 0.7, y = 0.5 }: { from?: number; to?: number; y?: number } = {}): Promise<void> => {
  // strokes count once the picture has loaded into the editor (before that the editor takes none)
  await page.locator("[data-testid=mask-editor][data-ready=true]").waitFor()
  const canvas = page.getByTestId("mask-canvas")
  const box = await canvas.boundingBox()
  if (box === null) throw new Error("the mask canvas is not on screen")
  const top = box.y + box.height * y
  await page.mouse.move(box.x + box.width * from, top)
  await page.mouse.down()
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + box.width * (from + ((to - from) * step) / 10), top + step)
  await page.mouse.up()
}

/** Clicks 开始处理 and waits for the result (the compare slider with its after picture painted). */
export const runToResult = async (page: Page): Promise<void> => {
  await page.getByTestId("generate-button").click()
  await page.getByTestId("tool-result").waitFor({ timeout: TOOL_TIMEOUT })
  await page.waitForFunction(() => {
    const images = [...document.querySelectorAll("[data-testid=compare-slider] img")] as Array<HTMLImageElement>
    return images.length >= 2 && images.every((image) => image.complete && image.naturalWidth > 0)
  }, undefined, { timeout: TOOL_TIMEOUT })
}

/** Drags the compare slider's divider to `fraction` of its width and answers the slider's value. */
export const dragCompare = async (page: Page, fraction: number): Promise<number> => {
  const frame = page.getByTestId("compare-slider")
  const box = await frame.boundingBox()
  const handle = frame.getByRole("slider")
  const handleBox = await handle.boundingBox()
  if (box === null || handleBox === null) throw new Error("the compare slider is not on screen")
  await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * fraction, handleBox.y + handleBox.height / 2, { steps: 8 })
  await page.mouse.up()
  return Number(await handle.getAttribute("aria-valuenow"))
}

/** The downloaded file's name and first bytes (the browser runs remotely: read through its stream). */
export const downloadResult = async (page: Page): Promise<{ name: string; bytes: Array<number>; pngColourType: number }> => {
  const download = page.waitForEvent("download")
  await page.getByTestId("tool-download").click()
  const file = await download
  const chunks: Array<Buffer> = []
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer)
  const bytes = Buffer.concat(chunks)
  // a PNG's IHDR colour type (byte 25): 6 = RGBA, 2 = RGB
  return { name: file.suggestedFilename(), bytes: Array.from(bytes.subarray(0, 8)), pngColourType: bytes[25] ?? -1 }
}

/** No horizontal scrollbar: content fits the window. */
export const expectNoOverflow = async (page: Page): Promise<void> => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
}
