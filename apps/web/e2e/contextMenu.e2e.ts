import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, openApp } from "./support/browser"

/** A cover from the public feed, served by the storage origin (R20). */
const feedCover = async (): Promise<string> => {
  const response = await fetch(`${baseUrl()}/api/v1/open/artwork/artwork/get_profile_list?size=1`)
  const body = (await response.json()) as { data: { list: Array<{ cover: string }> } }
  const cover = body.data.list[0]?.cover
  if (!cover) throw new Error("the demo feed has no artwork")
  return cover
}

/** Puts an artwork picture on the page, as the feed's cards will show it. */
const showPicture = async (page: Page, src: string) => {
  const content = page.locator("[data-testid=main-content]:visible")
  await content.waitFor()
  await content.evaluate((element, url) => {
    const picture = document.createElement("img")
    picture.id = "e2e-picture"
    picture.src = url
    picture.alt = "作品"
    picture.style.width = "240px"
    picture.style.height = "240px"
    element.prepend(picture)
  }, src)
  await page.locator("#e2e-picture").evaluate((image: HTMLImageElement) => image.decode())
}

const menu = (page: Page) => page.getByRole("menu", { name: "右键菜单" })

// Spec §2 "context menu": 下载图片 / 关闭 over an image, a disabled entry elsewhere; closes on left
// click, Escape or scroll; stays inside the window.
describe("context menu", () => {
  it("over a picture offers 下载图片 and 关闭; downloading saves the picture", async () => {
    const page = await openApp("/list")
    await showPicture(page, await feedCover())
    await page.locator("#e2e-picture").click({ button: "right" })
    await menu(page).waitFor()
    expect(await menu(page).getByRole("menuitem").allInnerTexts()).toEqual(["下载图片", "关闭"])

    const download = page.waitForEvent("download")
    await menu(page).getByRole("menuitem", { name: "下载图片" }).click()
    expect((await download).suggestedFilename()).toMatch(/\.(jpe?g|png)$/)
    await menu(page).waitFor({ state: "detached" })
  })

  it("elsewhere shows one disabled entry, and closes on Escape, a left click and a scroll", async () => {
    const page = await openApp("/list", { height: 600 })
    const content = page.locator("[data-testid=main-content]:visible")
    await content.waitFor()
    // A blank block ahead of the feed: every click lands on it, never on a card that would open a
    // work (a left click on a card navigates, and the feed may arrive at any moment).
    await content.evaluate((element) => {
      const block = document.createElement("div")
      block.id = "e2e-blank"
      block.style.height = "2000px"
      element.prepend(block)
    })
    const blank = page.locator("#e2e-blank")

    await blank.click({ button: "right", position: { x: 200, y: 100 } })
    await menu(page).waitFor()
    const entry = menu(page).getByRole("menuitem")
    expect(await entry.allInnerTexts()).toEqual(["暂无操作"])
    expect(await entry.getAttribute("aria-disabled")).toBe("true")
    await page.keyboard.press("Escape")
    await menu(page).waitFor({ state: "detached" })

    await blank.click({ button: "right", position: { x: 200, y: 100 } })
    await menu(page).waitFor()
    await blank.click({ position: { x: 500, y: 300 } })
    await menu(page).waitFor({ state: "detached" })

    await blank.click({ button: "right", position: { x: 200, y: 100 } })
    await menu(page).waitFor()
    await page.mouse.wheel(0, 400)
    await menu(page).waitFor({ state: "detached" })
  })

  it("opened in the bottom-right corner stays inside the window", async () => {
    const page = await openApp("/list")
    await page.locator("[data-testid=main-content]:visible").waitFor()
    const viewport = page.viewportSize() ?? { width: 1280, height: 800 }
    await page.mouse.click(viewport.width - 4, viewport.height - 4, { button: "right" })
    await menu(page).waitFor()
    await expect.poll(async () => {
      const box = await menu(page).boundingBox()
      return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height
    }).toBe(true)
  })
})
