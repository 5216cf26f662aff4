import { join } from "node:path"
import type { Page } from "playwright-core"
import { artifactsDir } from "./paths"

export const screenshotsDir = join(artifactsDir, "screenshots")

/**
 * A full-page screenshot into e2e/artifacts/screenshots/<name>.png once fonts and lazy images have
 * loaded (a full-page shot does not scroll, so the page is scrolled through first). Answers the path.
 */
export const captureFullPage = async (page: Page, name: string): Promise<string> => {
  await page.evaluate(() => document.fonts.ready)
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolveStep) => setTimeout(resolveStep, 50))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState("networkidle")
  await page.waitForTimeout(300) // let enter transitions (toasts, headlessui) settle
  const path = join(screenshotsDir, `${name}.png`)
  await page.screenshot({ path, fullPage: true, animations: "disabled" })
  return path
}

/** Content wider than the window (a horizontal scrollbar): what a user notices first. */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/**
 * The window as the user sees it, into e2e/artifacts/screenshots/<name>.png: for dialogs, whose
 * backdrop covers the window, not the whole length of the page behind. Answers the path.
 */
export const captureWindow = async (page: Page, name: string): Promise<string> => {
  await page.evaluate(() => document.fonts.ready)
  await page.waitForLoadState("networkidle")
  await page.waitForTimeout(300) // let the dialog's enter transition settle
  const path = join(screenshotsDir, `${name}.png`)
  await page.screenshot({ path, animations: "disabled" })
  return path
}
