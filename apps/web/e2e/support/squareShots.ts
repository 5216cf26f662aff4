import type { Page } from "playwright-core"
import { saveScreenshot } from "./screenshots"

/**
 * A screenshot of the window as it is (not the full page: the square loads more as it scrolls and
 * keeps only the cards near the window), once fonts and the visible images have painted.
 */
export const captureWindow = async (page: Page, name: string): Promise<string> => {
  await page.evaluate(() => document.fonts.ready)
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>("[data-testid=square-card] img")]
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete))
  await page.waitForTimeout(400)
  return saveScreenshot(page, name)
}
