import type { Locator, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp, waitForAddress } from "./support/browser"
import { callApi } from "./support/devServer"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { type LoggedIn, login, loginByApi } from "./support/session"

// Issue 25, "Rough edges from the walk": comment links, tool cards as links, one main landmark, the
// conversation list and the square cards' overlays.

interface Box { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox()
  if (box === null) throw new Error("not on screen")
  return box
}

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const enterAs = async (page: Page, account: LoggedIn, path: string) => {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(account.token)}`)
  await waitForAddress(page, path.split("?")[0]!)
  await page.getByRole("button", { name: account.nickname }).waitFor()
}

describe("comments: mentions and topics are links, a reply names whom it answers once (MN5–MN7)", () => {
  it("links @昵称 to the person and #话题# to its posts; a reply reads 'A 回复 B：' without a second @B", async () => {
    const [author, friend] = await Promise.all([loginByApi(), loginByApi()])
    const post = await callApi<{ id: number; author: { uid: number } }>("/api/v1/community/post/publish", { token: author.token, json: { content: "今天的配色练习，欢迎指点", topics: ["配色练习"] } })
    const friendUid = (await callApi<{ uid: number }>("/api/v1/user/info", { token: friend.token })).uid
    const comment = await callApi<{ comment: { id: number } }>("/api/v1/community/post/comment_create", {
      token: friend.token,
      json: { post_id: post.id, content: `@${author.nickname} 这组颜色很舒服，推荐 #配色练习# 的朋友都来看看` }
    })
    await callApi("/api/v1/community/post/comment_create", { token: author.token, json: { post_id: post.id, content: `@${friend.nickname} 谢谢！`, reply_id: comment.comment.id } })

    const page = await openApp(`/community-detail/${post.id}`)
    const top = page.getByTestId("comment").filter({ hasText: "这组颜色很舒服" }).first()
    const mention = top.getByTestId("comment-mention")
    await mention.waitFor()
    expect(await mention.innerText()).toBe(`@${author.nickname}`)
    expect(await mention.getAttribute("href")).toBe(`/personal/${post.author.uid}`)
    const topic = top.getByTestId("comment-topic")
    expect(await topic.innerText()).toBe("#配色练习#")
    expect(await topic.getAttribute("href")).toBe(`/community?topic=${encodeURIComponent("配色练习")}`)

    const reply = page.getByTestId("comment").filter({ hasText: "谢谢！" }).last()
    expect(await reply.getByTestId("comment-byline").innerText()).toBe(`${author.nickname} 回复 ${friend.nickname}：`)
    expect(await reply.getByTestId("comment-byline").getByRole("link", { name: friend.nickname }).getAttribute("href")).toBe(`/personal/${friendUid}`)
    expect(await reply.getByTestId("comment-text").innerText()).toBe("谢谢！")

    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `polish-post-comments-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 800 })

    // the topic's link opens the community feed narrowed to it
    await topic.click()
    await page.waitForURL((url) => url.pathname === "/community" && url.searchParams.get("topic") === "配色练习")
    await page.getByTestId("community-topic").getByText("#配色练习#").waitFor()
    await page.getByText("今天的配色练习，欢迎指点").first().waitFor()
    const card = page.getByTestId("post-card").filter({ hasText: "今天的配色练习" }).first()
    expect(await card.getByRole("link", { name: "#配色练习#" }).getAttribute("href")).toBe(`/community?topic=${encodeURIComponent("配色练习")}`)
    await page.goBack()
    await page.getByTestId("comment-mention").first().click()
    await page.waitForURL((url) => url.pathname === `/personal/${post.author.uid}`)
  })
})

describe("/tools-panel: each tool card is a link", () => {
  it("has the tool's href (middle-click and new tabs work); a visitor's plain click asks to log in first", async () => {
    const page = await openApp("/tools-panel")
    const card = page.getByTestId("tool-card").filter({ hasText: "高清修复" })
    await card.waitFor()
    expect(await card.evaluate((element) => element.tagName)).toBe("A")
    expect(await card.getAttribute("href")).toBe("/tools/hd-repair")
    expect(await page.getByTestId("tool-card").evaluateAll((cards) => cards.every((element) => element.tagName === "A" && element.getAttribute("href")?.startsWith("/tools/")))).toBe(true)

    // a modified click opens a new tab at the tool's address, as a link does
    const opened = page.context().waitForEvent("page")
    await card.click({ modifiers: ["ControlOrMeta"] })
    const tab = await opened
    await tab.waitForURL((url) => url.pathname === "/tools/hd-repair" || url.pathname === "/login")
    await tab.close()
    await page.bringToFront()
    expect(new URL(page.url()).pathname).toBe("/tools-panel")

    await card.click()
    // the dialog's own box has no size (its panel is fixed): wait for its button
    await page.getByRole("dialog", { name: "请先登录" }).getByRole("button", { name: "去登录" }).waitFor()
    expect(new URL(page.url()).pathname).toBe("/tools-panel")

    await page.getByRole("button", { name: "稍后再说" }).click()
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=tool-card] img")].every((image) => (image as HTMLImageElement).complete))
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `polish-tools-panel-${width}`)
    }
  })

  it("a logged-in click opens the tool in the same tab", async () => {
    const page = await openApp("/list")
    await login(page, { path: "/tools-panel" })
    await page.getByTestId("tool-card").filter({ hasText: "高清修复" }).click()
    await page.waitForURL((url) => url.pathname === "/tools/hd-repair")
  })
})

describe("the view cache keeps one main landmark", () => {
  it("exposes a single main (hidden cached pages included) after moving between cached pages", async () => {
    const page = await openApp("/list", { width: 1920 })
    const mains = () => page.getByRole("main", { includeHidden: true }).count()
    await page.getByTestId("square-card").first().waitFor()
    expect(await mains()).toBe(1)
    const nav = page.getByRole("navigation", { name: "主导航" })
    for (const [name, path] of [["社区", "/community"], ["AI工具箱", "/tools-panel"], ["灵感广场", "/list"], ["社区", "/community"]] as const) {
      await nav.getByRole("link", { name, exact: true }).click()
      await waitForAddress(page, path)
      // a hidden page re-renders at React's lowest priority (Activity), after the shown page's work
      await expect.poll(mains, { timeout: 10_000 }).toBe(1)
      expect(await page.getByRole("main").count()).toBe(1)
    }
    // the shown page's main is the landmark, and it holds the page
    await page.getByRole("main").getByRole("heading", { name: "设计社区" }).waitFor()
  })
})

describe("overlays that covered what they sit on", () => {
  it("/intelligent at 1280 px: 重命名 / 删除 sit beside a long title, which ends in an ellipsis", async () => {
    const account = await loginByApi()
    const title = "樱花树下看书的橘猫与窗外的春日午后阳光水彩系列第二组"
    await callApi("/api/v2/assistant/conversation/create", { token: account.token, json: { title } })
    const page = await openApp("/list", { width: 1280 })
    await enterAs(page, account, "/intelligent")
    const item = page.getByTestId("conversation-item").first()
    await item.waitFor()
    await item.hover()
    const row = page.locator("li", { has: item })
    const titleBox = await boxOf(row.getByTestId("conversation-title"))
    for (const name of ["重命名", "删除"]) {
      const action = await boxOf(row.getByRole("button", { name, exact: true }))
      expect(overlaps(titleBox, action), `${name} over the title`).toBe(false)
    }
    expect(await row.getByTestId("conversation-title").evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
    expect(await row.getByTestId("conversation-title").evaluate((element) => getComputedStyle(element).textOverflow)).toBe("ellipsis")
    await captureFullPage(page, "polish-intelligent-1280")
    await page.setViewportSize({ width: 1920, height: 1080 })
    await item.hover()
    await captureFullPage(page, "polish-intelligent-1920")
  })

  it.each([1280, 1920])("/list at %i px: a card's like count and byline keep clear of the 本地演示引擎 caption corner", async (width) => {
    const page = await openApp("/list", { width })
    const card = page.getByTestId("square-card").first()
    await card.waitFor()
    await page.waitForFunction(() => (document.querySelector("[data-testid=square-card] img") as HTMLImageElement | null)?.complete === true)
    await card.hover()
    const cardBox = await boxOf(card)
    // the offline engine draws its caption in the bottom-right corner, about a fifth of the width and
    // a twentieth of the height with its margin (captionBox on the server); keep a generous corner free
    const corner: Box = { x: cardBox.x + cardBox.width * 0.7, y: cardBox.y + cardBox.height * 0.85, width: cardBox.width * 0.3, height: cardBox.height * 0.15 }
    expect(overlaps(await boxOf(card.getByTestId("square-card-like")), corner)).toBe(false)
    expect(overlaps(await boxOf(card.getByTestId("square-card-byline")), corner)).toBe(false)
    await captureFullPage(page, `polish-list-cards-${width}`)
  })
})
