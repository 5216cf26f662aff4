import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp, waitForAddress } from "./support/browser"

/** The route titles (spec §2) of the pages these tests visit. */
const TITLES: Readonly<Record<string, string>> = {
  "/list": "灵感广场",
  "/community": "社区",
  "/aigc": "AI绘画",
  "/tools-panel": "AI工具箱",
  "/community/circle-list": "圈子列表",
  "/community/special-topic": "专题",
  "/invite-info": "邀请有礼"
}

/** Client-side navigation, as an in-app link does it: the router follows history, no reload. */
const goTo = async (page: Page, path: string) => {
  await page.evaluate((target) => {
    window.history.pushState(null, "", target)
    window.dispatchEvent(new PopStateEvent("popstate"))
  }, path)
  await waitForAddress(page, path)
  // the router has shown the page once its title is up (pages load lazily)
  await page.waitForFunction((title) => document.title.startsWith(title), TITLES[path] ?? path)
}

const visibleContent = (page: Page) => page.locator("[data-testid=main-content]:visible")

/**
 * Marks the shown page the way a person leaves traces on it (a long list they scrolled): a tall block
 * only that mounted page has. A remounted page would not have it.
 */
const markShownPage = async (page: Page) => {
  await visibleContent(page).waitFor()
  await visibleContent(page).evaluate((content) => {
    const block = document.createElement("div")
    block.id = "e2e-kept-state"
    block.style.height = "3000px"
    content.append(block)
  })
}

const markIsShown = (page: Page) => page.locator("#e2e-kept-state:visible").count()

interface CardInView {
  /** the post's id: a card is the same card by its post, whatever its place in the list */
  readonly post: string
  readonly top: number
  readonly scrollY: number
}

/** Where a feed card is on screen (rounded px from the window's top), or null when it is not in the DOM. */
const cardTop = (page: Page, post: string) =>
  page.evaluate((wanted) => {
    const card = document.querySelector<HTMLElement>(`[data-testid=post-feed] [data-post-id="${wanted}"]`)
    return card === null ? null : Math.round(card.getBoundingClientRect().top)
  }, post)

/** The first card reaching into the window, once the feed has stopped moving (two reads 100 ms apart agree). */
const settledCardInView = async (page: Page): Promise<CardInView> => {
  const read = () =>
    page.evaluate(() => {
      const cards = [...document.querySelectorAll<HTMLElement>("[data-testid=post-feed] [data-post-id]")]
      const card = cards
        .map((element) => ({ post: element.dataset.postId!, rect: element.getBoundingClientRect() }))
        .filter(({ rect }) => rect.bottom > 100 && rect.top < window.innerHeight)
        .sort((a, b) => a.rect.top - b.rect.top)[0]
      return card === undefined ? null : { post: card.post, top: Math.round(card.rect.top), scrollY: window.scrollY }
    })
  let last = await read()
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await page.waitForTimeout(100)
    const now = await read()
    if (now !== null && last !== null && now.post === last.post && now.top === last.top && now.scrollY === last.scrollY) return now
    last = now
  }
  throw new Error(`the feed did not settle: ${JSON.stringify(last)}`)
}

// Spec §2 / NV12: at most 5 pages kept alive, their state and scroll position restored on return.
describe("view cache", () => {
  // /community rather than /list: the square's own feed grows as it scrolls (square.e2e.ts checks its
  // kept state); the community page is cached too (spec §2) and holds still under the marker.
  // What a person sees is asserted, not a pixel offset: the feed is windowed, and a card above the
  // window measured late (its images, a slow machine) moves the scroll position by its height's
  // difference so the card in view stays put. CI once read 600 px just before such a correction
  // moved the page to 555 px; the page then came back at 555, exactly where it had been left.
  it("restores a scrolled page's state and what was in view on return; another page starts at the top", async () => {
    const page = await openApp("/community", { width: 1920 })
    await page.locator("[data-testid=post-feed] [data-post-id]").first().waitFor()
    await markShownPage(page)
    // a jump well down the feed, past cards never shown (their heights still guesses)
    const jump = await page.evaluate(() => {
      const feed = document.querySelector<HTMLElement>("[data-testid=post-feed]")!
      const top = feed.getBoundingClientRect().top + window.scrollY
      return Math.round(top + Math.max(600, feed.offsetHeight * 0.6 - window.innerHeight / 2))
    })
    await page.evaluate((y) => window.scrollTo(0, y), jump)
    const before = await settledCardInView(page)

    await page.getByRole("link", { name: /AI绘画/ }).first().click()
    await waitForAddress(page, "/aigc")
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    expect(await markIsShown(page)).toBe(0)

    await page.goBack()
    await waitForAddress(page, "/community")
    await expect.poll(() => markIsShown(page)).toBe(1)
    await expect.poll(() => cardTop(page, before.post)).toBe(before.top)
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before.scrollY)).toBeLessThan(400)
  })

  it("keeps five pages: the least recently shown one is dropped when a sixth is opened", async () => {
    const page = await openApp("/list")
    await markShownPage(page)
    for (const path of ["/community", "/aigc", "/tools-panel", "/community/circle-list"]) await goTo(page, path)
    await goTo(page, "/list")
    expect(await markIsShown(page)).toBe(1)

    // /list is now the most recent; five others push it out
    for (const path of ["/community", "/aigc", "/tools-panel", "/community/circle-list", "/community/special-topic"]) {
      await goTo(page, path)
    }
    await goTo(page, "/list")
    await visibleContent(page).waitFor()
    expect(await markIsShown(page)).toBe(0)
  })

  it("does not keep pages that are not cached: they start fresh", async () => {
    const page = await openApp("/invite-info")
    await markShownPage(page)
    await goTo(page, "/list")
    await page.goBack()
    await waitForAddress(page, "/invite-info")
    await visibleContent(page).waitFor()
    expect(await markIsShown(page)).toBe(0)
  })
})
