import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { newAppContext, throttlePage } from "./support/browser"
import { callApi } from "./support/devServer"
import { login } from "./support/session"

/**
 * Issue 25, "a click must never be lost": the overlays' code arrives on demand (components/ui/onDemand.tsx,
 * Popover.tsx), so a click can come before it, or while a busy server drops its fetch. The click must
 * still do what it says once the code is there.
 */

/** Refuses every fetch of the named chunk until `release()`; answers how many were refused. */
const holdChunk = async (page: Page, name: string) => {
  let held = true
  let refused = 0
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    if (!held) return route.continue()
    refused++
    return route.abort("connectionreset")
  })
  return {
    refused: () => refused,
    release: () => {
      held = false
    }
  }
}

/** Holds every fetch of the named chunk until `release()` (a slow network or server, not a failing one). */
const slowChunk = async (page: Page, name: string) => {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let requested = 0
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    requested++
    await released
    await route.continue()
  })
  return { requested: () => requested, release: () => release() }
}

const signedIn = async () => {
  const page = await (await newAppContext()).newPage()
  await throttlePage(page)
  return page
}

describe("a click that comes before the overlay's code", () => {
  it("退出所有设备 while the dialog's and the menu's code fail to load: the menu opens and the confirm comes once the code is there", async () => {
    const page = await signedIn()
    const dialogCode = await holdChunk(page, "DialogView")
    const menuCode = await holdChunk(page, "PopoverView")
    const account = await login(page, { fresh: true })
    const avatar = page.getByRole("banner").getByRole("button", { name: account.nickname })

    // the menu's code failed when the top bar mounted: the click asks for it again and opens the menu
    await expect.poll(menuCode.refused).toBeGreaterThan(0)
    menuCode.release()
    await avatar.click()
    const item = page.getByRole("button", { name: "退出所有设备" })
    await item.click()

    // the confirm's code is refused a while: the question waits instead of breaking the page
    await expect.poll(dialogCode.refused, { timeout: 15_000 }).toBeGreaterThan(0)
    await page.waitForTimeout(1200)
    const dialog = page.getByRole("dialog", { name: "退出所有设备" })
    expect(await dialog.count()).toBe(0)
    dialogCode.release()
    await dialog.getByRole("button", { name: "取消" }).click({ timeout: 20_000 })
    await dialog.waitFor({ state: "hidden" })
    // nothing was ended: the session lives on
    expect(await callApi("/api/v1/user/info", { token: account.token })).toMatchObject({ nickname: account.nickname })

    // and the same menu item goes all the way now
    await avatar.click()
    await item.click()
    await dialog.getByRole("button", { name: "全部退出" }).click()
    await page.getByRole("banner").getByRole("button", { name: "登录/注册" }).waitFor()
    await expect(callApi("/api/v1/user/info", { token: account.token })).rejects.toThrow("answered -401")
  })

  it("退出所有设备 while the dialog's code is slow to arrive: the menu stays with the item busy, then gives way to the confirm", async () => {
    const page = await signedIn()
    const dialogCode = await slowChunk(page, "DialogView")
    const account = await login(page, { fresh: true })
    await page.getByRole("banner").getByRole("button", { name: account.nickname }).click()
    const item = page.getByRole("button", { name: "退出所有设备" })
    await item.click()

    // the click answers at once: the item is busy and the menu stays while the confirm's code is on its way
    // (before, the menu closed and nothing at all was on screen until the code came)
    await page.locator("button[aria-busy=true]", { hasText: "退出所有设备" }).waitFor({ timeout: 10_000 })
    expect(dialogCode.requested()).toBeGreaterThan(0)
    const dialog = page.getByRole("dialog", { name: "退出所有设备" })
    expect(await dialog.count()).toBe(0)
    dialogCode.release()
    const cancel = dialog.getByRole("button", { name: "取消" })
    await cancel.waitFor({ timeout: 20_000 })
    // the menu gives way once the confirm is there (its panel leaves with a short transition)
    await item.waitFor({ state: "detached", timeout: 10_000 })
    await cancel.click()
    await dialog.waitFor({ state: "hidden" })
    expect(await callApi("/api/v1/user/info", { token: account.token })).toMatchObject({ nickname: account.nickname })
  })
})
