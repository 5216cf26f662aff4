import { describe, expect, it } from "vitest"
import { openApp, waitForAddress, waitForTitle } from "./support/browser"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { login } from "./support/session"

// Issue 5: screenshots of /list, /login and a tools page at 1280 and 1920 px, kept as test artifacts
// in e2e/artifacts/screenshots/ for a person to look at; the test checks what a script can.
describe.each([1280, 1920])("screenshots at %i px", (width) => {
  it("/list as a visitor", async () => {
    const page = await openApp("/list", { width })
    await waitForTitle(page, "灵感广场 - 米豆AI")
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, `list-${width}`)
  })

  it("/list logged in", async () => {
    const page = await openApp("/list", { width })
    await login(page)
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, `list-logged-in-${width}`)
  })

  it("/login", async () => {
    const page = await openApp("/login", { width })
    await page.getByRole("heading", { name: "欢迎登录米豆AI" }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, `login-${width}`)
  })

  it("a tools page logged in (/tools/hd-repair)", async () => {
    const page = await openApp("/list", { width })
    await login(page, { path: "/tools/hd-repair" })
    await waitForAddress(page, "/tools/hd-repair")
    await waitForTitle(page, "高清修复 - 米豆AI")
    await page.getByRole("banner").getByRole("button", { name: /高清修复/ }).waitFor() // the tool switcher names the current tool
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, `tools-hd-repair-${width}`)
  })
})
