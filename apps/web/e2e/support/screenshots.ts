import { join } from "node:path"
import type { ElementHandle, Locator, Page } from "playwright-core"
import { artifactsDir } from "./paths"

export const screenshotsDir = join(artifactsDir, "screenshots")

/**
 * Whether this run writes screenshots: yes on a developer's machine (they are there to be looked at), no
 * under CI=true unless MIDO_E2E_SCREENSHOTS=1 — CI's clean clone is thrown away, and encoding a few hundred
 * full-page PNGs (with the waits that make them faithful) cost minutes of a 2-core machine. What the
 * tests assert about layout (no horizontal overflow at each width) runs either way.
 */
export const screenshotsWanted = (): boolean =>
  process.env.MIDO_E2E_SCREENSHOTS === "1" || (process.env.MIDO_E2E_SCREENSHOTS !== "0" && process.env.CI !== "true")

/** Writes `target`'s screenshot as e2e/artifacts/screenshots/<name>.png when screenshots are wanted; answers the path. */
export const saveScreenshot = async (
  target: Page | Locator | ElementHandle,
  name: string,
  options: { fullPage?: boolean } = {}
): Promise<string> => {
  const path = join(screenshotsDir, `${name}.png`)
  if (!screenshotsWanted()) return path
  if ("goto" in target) await target.screenshot({ path, animations: "disabled", ...options })
  else await target.screenshot({ path, animations: "disabled" })
  return path
}

// The capture helpers wait as they always did (fonts, lazy images, the network, enter transitions) even
// when no file is written: tests measure the layout right after them (overflow at a new width), and
// that must be the settled layout whether or not someone looks at the picture.

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
  return saveScreenshot(page, name, { fullPage: true })
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
  return saveScreenshot(page, name)
}
