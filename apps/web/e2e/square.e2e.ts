import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, newAppContext, openApp, throttlePage, waitForAddress } from "./support/browser"
import { captureWindow } from "./support/squareShots"
import { login } from "./support/session"

// Issue 12: the inspiration square (/list): cards from the server in a windowed masonry, keyset
// paging as the end comes near, type filter and sort on the server, the view cache keeps it all.

interface FeedCard {
  readonly id: number
  readonly type: string
  readonly cover: string
}

const feed = async (query: Record<string, string>): Promise<Array<FeedCard>> => {
  const response = await fetch(`${baseUrl()}/api/v1/open/artwork/artwork/get_profile_list?${new URLSearchParams({ size: "30", ...query })}`)
  return ((await response.json()) as { data: { list: Array<FeedCard> } }).data.list
}

const cards = (page: Page) => page.locator("[data-testid=square-card]:visible")
const loaded = async (page: Page) => Number(await page.locator("[data-testid=square-masonry]:visible").getAttribute("data-loaded"))
const cardIds = async (page: Page) => (await cards(page).evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-artwork-id")))))
const topCardId = async (page: Page) =>
  page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>("[data-testid=square-card]")].filter((node) => node.offsetParent !== null)
    const top = all.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top || a.getBoundingClientRect().left - b.getBoundingClientRect().left)[0]
    return Number(top?.getAttribute("data-artwork-id"))
  })

/** Client-side navigation, as an in-app link does it (no reload). */
const goTo = async (page: Page, path: string) => {
  await page.evaluate((target) => {
    window.history.pushState(null, "", target)
    window.dispatchEvent(new PopStateEvent("popstate"))
  }, path)
  await waitForAddress(page, path)
}

const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))

describe("the inspiration square", () => {
  it("shows the server's newest cards first, with lazy images and author on hover", async () => {
    const page = await openApp("/list")
    await cards(page).first().waitFor()
    const newest = await feed({})
    expect(await topCardId(page)).toBe(newest[0]!.id)
    // the first row's pictures are fetched at once (the first paint, ADR 0028); the rows below when they come near
    expect(await cards(page).first().locator("img").first().getAttribute("loading")).toBe("eager")
    expect(await page.locator("[data-testid=square-card] img[loading=lazy]").count()).toBeGreaterThan(0)
    await cards(page).first().hover()
    await expect.poll(() => cards(page).first().getByTestId("square-card-author").isVisible()).toBe(true)
  })

  it("the first paint (ADR 0028): the HTML brings the page's code, the first page and the first row's pictures; nothing is asked twice", async () => {
    const html = await (await fetch(`${baseUrl()}/list`)).text()
    expect(html).toMatch(/<link rel="preload" as="script" crossorigin href="\/assets\/SquarePage-[\w-]+\.js" fetchpriority="low">/)
    expect(html).toContain('<script type="application/json" id="mido-square-first-page">')
    const newest = (await feed({}))[0]!

    // with JavaScript off, the HTML alone shows the first artworks: pictures drawn, titles, links to the works
    const noScript = await newAppContext({ context: { javaScriptEnabled: false } })
    const staticPage = await noScript.newPage()
    await staticPage.goto("/list")
    const staticCards = staticPage.locator("[data-testid=first-screen-card]")
    expect(await staticCards.count()).toBeGreaterThanOrEqual(12)
    const firstStatic = staticCards.first()
    expect(await firstStatic.getAttribute("data-artwork-id")).toBe(String(newest.id))
    const staticPicture = firstStatic.locator("img[elementtiming=square-card]")
    await expect.poll(() => staticPicture.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true)
    const titles = (await feed({})).slice(0, 3).map((card) => (card as FeedCard & { title?: string }).title)
    expect(await staticCards.evaluateAll((nodes) => nodes.slice(0, 3).map((node) => node.getAttribute("aria-label")))).toEqual(titles)
    expect(await staticPicture.getAttribute("alt")).toBe(titles[0])
    const staticBox = await firstStatic.boundingBox()
    // a card of the second row or below, where the masonry's lanes depend on the column width
    const seventh = await staticCards.nth(6).getAttribute("data-artwork-id")
    const seventhStaticBox = await staticCards.nth(6).boundingBox()
    await firstStatic.click()
    await waitForAddress(staticPage, `/list?artwork=${newest.id}`)
    await noScript.close()

    const context = await newAppContext()
    const page = await context.newPage()
    await throttlePage(page)
    const firstPages: Array<{ readonly member: boolean }> = []
    const pictures: Array<string> = []
    page.on("request", (request) => {
      const url = new URL(request.url())
      if (url.pathname.endsWith("/get_profile_list") && !url.searchParams.has("cursor")) firstPages.push({ member: request.headers().authorization !== undefined })
      if (url.pathname.startsWith("/uploads/") && !url.pathname.includes("avatar")) pictures.push(`${url.pathname}${url.search}`)
    })
    await page.goto("/list")
    await cards(page).first().waitFor()
    expect(firstPages).toEqual([])
    // the app has taken over: the static screen is gone, and its cards stand where the static ones stood
    expect(await page.locator("#mido-first-screen").count()).toBe(0)
    const mountedBox = await cards(page).first().boundingBox()
    const seventhBox = await page.locator(`[data-testid=square-card][data-artwork-id="${seventh}"]`).boundingBox()
    for (const [before, after] of [[staticBox, mountedBox], [seventhStaticBox, seventhBox]] as const) {
      for (const side of ["x", "y", "width", "height"] as const) expect(Math.abs(after![side] - before![side]), side).toBeLessThanOrEqual(2)
    }
    const image = page.locator(`[data-testid=square-card][data-artwork-id="${newest.id}"] img[elementtiming=square-card]`)
    await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true)
    expect(await image.getAttribute("fetchpriority")).toBe("high")
    expect(await image.getAttribute("loading")).toBe("eager")
    expect(await image.getAttribute("sizes")).toBe("(min-width: 760px) 320px, 456px")
    // a 1280-px window at 1×: five columns of ~234 px, so the 320 copy
    const picture = `${new URL(newest.cover).pathname}?x-oss-process=image/resize,w_320`
    expect(await image.evaluate((node: HTMLImageElement) => node.currentSrc)).toBe(`${newest.cover}?x-oss-process=image/resize,w_320`)
    expect(await image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBeLessThanOrEqual(320)
    // the HTML's preload and the card's <img> are one download, and the original is not fetched
    expect(pictures.filter((path) => path === picture)).toHaveLength(1)
    expect(pictures).not.toContain(new URL(newest.cover).pathname)

    // a logged-in viewer's page carries their likes: their store asks the server, once
    await login(page)
    await cards(page).first().waitFor()
    expect(firstPages).toEqual([{ member: true }])
  })

  it("loads three pages as it scrolls, keeps the DOM small, and keeps its state and scroll across a trip away", async () => {
    const page = await openApp("/list")
    await cards(page).first().waitFor()
    expect(await loaded(page)).toBe(30)
    for (const want of [60, 90]) {
      await scrollToEnd(page)
      await expect.poll(() => loaded(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(want)
    }
    expect(await cards(page).count()).toBeLessThan(90)
    await page.evaluate(() => window.scrollTo(0, 2000))
    await page.waitForTimeout(200)
    const before = { loaded: await loaded(page), y: await page.evaluate(() => window.scrollY), ids: await cardIds(page) }

    await goTo(page, "/community")
    await page.waitForFunction(() => document.title.startsWith("社区"))
    await page.goBack()
    await waitForAddress(page, "/list")
    await cards(page).first().waitFor()
    expect(await loaded(page)).toBe(before.loaded)
    expect(await page.evaluate(() => window.scrollY)).toBe(before.y)
    expect(await cardIds(page)).toEqual(before.ids)

    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => topCardId(page)).toBe((await feed({}))[0]!.id)
  })

  it("the type filter and the sort ask the server again", async () => {
    const page = await openApp("/list")
    await cards(page).first().waitFor()
    await page.getByRole("button", { name: "MJ", exact: true }).click()
    await expect.poll(() => topCardId(page)).toBe((await feed({ type: "quick_mj" }))[0]!.id)
    expect(new Set(await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-type"))))).toEqual(new Set(["quick_mj"]))

    await page.getByRole("button", { name: "最热" }).click()
    await expect.poll(() => topCardId(page)).toBe((await feed({ type: "quick_mj", sort: "hot" }))[0]!.id)
    await page.getByRole("button", { name: "全部" }).click()
    await expect.poll(() => topCardId(page)).toBe((await feed({ sort: "hot" }))[0]!.id)
  })

  it("a broken image shows the fallback", async () => {
    const first = (await feed({}))[0]!
    const page = await openApp("/list", { waitUntil: "domcontentloaded" })
    await page.route((url) => url.href === first.cover || url.pathname === new URL(first.cover, baseUrl()).pathname, (route) => route.fulfill({ status: 404, body: "" }))
    await page.reload()
    const card = page.locator(`[data-testid=square-card][data-artwork-id="${first.id}"]`)
    await card.getByTestId("square-card-fallback").waitFor()
    expect(await card.getByTestId("square-card-fallback").innerText()).toContain("图片加载失败")
  })

  it("a click on a card adds ?artwork= to the address; a visitor's like asks for a login", async () => {
    const page = await openApp("/list")
    await cards(page).first().waitFor()
    const id = await cards(page).first().getAttribute("data-artwork-id")
    await cards(page).first().hover()
    await cards(page).first().getByTestId("square-card-like").click()
    const prompt = page.getByText("登录米豆AI后即可使用全部")
    await prompt.waitFor()
    await page.getByRole("button", { name: "稍后再说" }).click()
    await prompt.waitFor({ state: "hidden" })
    await cards(page).first().click({ position: { x: 20, y: 20 } })
    await waitForAddress(page, `/list?artwork=${id}`)
  })

  it("a logged-in like shows the new count", async () => {
    const page = await openApp("/list")
    await login(page)
    await cards(page).first().waitFor()
    const card = cards(page).first()
    await card.hover()
    const like = card.getByTestId("square-card-like")
    const before = await like.getAttribute("aria-pressed")
    await like.click()
    await expect.poll(() => like.getAttribute("aria-pressed")).not.toBe(before)
  })

  it("a like in the detail dialog opened from a card moves that card's heart and count, without a reload", async () => {
    const page = await openApp("/list")
    await login(page)
    await cards(page).nth(1).waitFor()
    const id = await cards(page).nth(1).getAttribute("data-artwork-id")
    const card = page.locator(`[data-testid=square-card][data-artwork-id="${id}"]`)
    const like = card.getByTestId("square-card-like")
    const pressedBefore = await like.getAttribute("aria-pressed")
    const countBefore = (await like.textContent())?.trim()
    // a mark on this document: a reload would drop it
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await card.click({ position: { x: 20, y: 20 } })
    await waitForAddress(page, `/list?artwork=${id}`)
    await page.locator("[data-testid=artwork-detail][data-status=ready]").waitFor()
    const detailCount = () => page.getByTestId("detail-like-count").textContent().then((text) => text?.trim())
    expect(await detailCount()).toBe(countBefore)
    await page.getByTestId("detail-like").click()
    await expect.poll(detailCount).not.toBe(countBefore)
    const countAfter = await detailCount()
    await page.getByRole("button", { name: "关闭", exact: true }).first().click()
    await waitForAddress(page, "/list")
    expect(await like.getAttribute("aria-pressed")).not.toBe(pressedBefore)
    expect((await like.textContent())?.trim()).toBe(countAfter)
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true)
  })

  for (const width of [1280, 1920]) {
    it(`screenshots at ${width} px, logged out and in`, async () => {
      const page = await openApp("/list", { width })
      await cards(page).first().waitFor()
      await captureWindow(page, `square-visitor-${width}`)
      await login(page)
      await cards(page).first().waitFor()
      await cards(page).nth(1).hover()
      await captureWindow(page, `square-member-${width}`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    })
  }
})
