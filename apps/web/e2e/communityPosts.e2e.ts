import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp, waitForAddress } from "./support/browser"
import { callApi } from "./support/devServer"
import { solidPng } from "./support/pngImage"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { type LoggedIn, loginByApi } from "./support/session"

/** Opens the app as `account` through the ?token= query (spec §2), on `path`. */
const enterAs = async (page: Page, account: LoggedIn, path: string) => {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(account.token)}`)
  await waitForAddress(page, path.split("?")[0]!)
  await page.getByRole("button", { name: account.nickname }).or(page.getByRole("link", { name: "米豆AI 首页" })).first().waitFor()
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first().waitFor({ timeout: 15_000 })

/** Publishes through /community/publish: text, then `images` PNGs (uploaded, in order), optionally a circle and a topic. */
const publish = async (page: Page, content: string, images = 0, circle?: string, topic?: string) => {
  await page.getByRole("textbox", { name: "动态内容" }).fill(content)
  if (images > 0) {
    const files = Array.from({ length: images }, (_, index) => ({ name: `图${index + 1}.png`, mimeType: "image/png", buffer: solidPng(48 + index * 8, 40, [40 + index * 80, 120, 200]) }))
    await page.getByTestId("composer-file").setInputFiles(files)
    await page.waitForFunction((count) => document.querySelectorAll("[data-testid=composer-image][data-status=done]").length === count, images, { timeout: 20_000 })
  }
  if (circle !== undefined) await page.getByRole("combobox", { name: "选择圈子" }).selectOption({ label: circle })
  if (topic !== undefined) await page.getByRole("textbox", { name: "话题" }).fill(topic)
  await page.getByRole("button", { name: "发布", exact: true }).click()
}

const mentionCards = async (page: Page, account: LoggedIn) => {
  await enterAs(page, account, "/list")
  await page.getByTestId("message-bell").click()
  await page.getByRole("tab", { name: /^提及/ }).click()
  const cards = page.getByRole("dialog", { name: "消息中心" }).getByTestId("message-card")
  await cards.first().waitFor({ timeout: 15_000 })
  return cards
}

// Issue 17 C1: the community feed, a post's detail and publishing, against the real server.
describe("community posts", () => {
  it("login is required for /community/publish", async () => {
    const page = await openApp("/community/publish")
    await waitForAddress(page, "/login?ref=%2Fcommunity%2Fpublish")
    expect(new URL(page.url()).searchParams.get("ref")).toBe("/community/publish")
    // a visitor reads the feed (推荐), but 关注 asks for a login and the tab stays
    await page.goto("/community")
    await page.getByTestId("post-card").first().waitFor()
    await page.getByRole("tab", { name: "关注" }).click()
    await page.getByRole("heading", { name: "请先登录" }).waitFor()
    await page.getByRole("button", { name: "稍后再说" }).click()
    await page.getByRole("heading", { name: "请先登录" }).waitFor({ state: "hidden" })
    expect(await page.getByRole("tab", { name: "推荐" }).getAttribute("aria-selected")).toBe("true")
  })

  it("publish 3 images into a circle → feed, circle, reward once; daily reward; cap", async () => {
    const author = await loginByApi()
    const circles = await callApi<{ list: Array<{ id: number; name: string }> }>("/api/v1/open/community/circle/list", { query: { page: "1", size: "1" } })
    const circle = circles.list[0]!
    await callApi("/api/v1/community/circle/join", { token: author.token, json: { id: circle.id } })

    const page = await openApp("/list")
    await enterAs(page, author, "/community/publish")
    // the joined circle is offered; three images upload with progress, then the last moves first
    await page.getByRole("combobox", { name: "选择圈子" }).locator("option", { hasText: circle.name }).waitFor({ state: "attached" })
    const content = `第一次发帖：三张色块练习 ${Date.now()}`
    await page.getByRole("textbox", { name: "动态内容" }).fill(content)
    await page.getByTestId("composer-file").setInputFiles([1, 2, 3].map((n) => ({ name: `图${n}.png`, mimeType: "image/png", buffer: solidPng(40 + n * 10, 40, [n * 70, 90, 160]) })))
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=composer-image][data-status=done]").length === 3, undefined, { timeout: 20_000 })
    const order = () => page.getByTestId("composer-image").locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("alt")))
    expect(await order()).toEqual(["图1.png", "图2.png", "图3.png"])
    await page.getByTestId("composer-image").nth(2).hover()
    await page.getByRole("button", { name: "图片 3 前移" }).click()
    expect(await order()).toEqual(["图1.png", "图3.png", "图2.png"])
    // a gif is refused with spec §5's message, nothing is added
    await page.getByTestId("composer-file").setInputFiles({ name: "动图.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") })
    await page.getByText("只能上传 png, jpg, jpeg 格式的图片").waitFor()
    expect(await page.getByTestId("composer-image").count()).toBe(3)
    await page.getByRole("combobox", { name: "选择圈子" }).selectOption({ label: circle.name })
    await page.getByRole("textbox", { name: "话题" }).fill("色彩练习")
    await captureFullPage(page, "community-publish-1280")
    await page.getByRole("button", { name: "发布", exact: true }).click()
    await toast(page, "发布成功，获得 50 米豆奖励")
    await page.waitForURL(/\/community-detail\/\d+$/)
    const postId = Number(new URL(page.url()).pathname.split("/").pop())
    await page.getByTestId("post-content").getByText(content).waitFor()
    expect(await page.getByRole("button", { name: /^查看图片/ }).count()).toBe(3)

    // the viewer: arrows, zoom, Esc
    await page.getByRole("button", { name: "查看图片 1" }).click()
    await page.getByTestId("viewer-index").getByText("1 / 3 · 100%").waitFor()
    await page.keyboard.press("ArrowRight")
    await page.getByTestId("viewer-index").getByText("2 / 3").waitFor()
    await page.getByRole("button", { name: "放大" }).click()
    await page.getByTestId("viewer-index").getByText("150%").waitFor()
    await page.keyboard.press("Escape")
    await page.getByTestId("image-viewer").waitFor({ state: "detached" })

    // in the feed (最新) and in the circle
    await page.goto("/community")
    await page.getByRole("tab", { name: "最新" }).click()
    await page.locator(`[data-post-id="${postId}"]`).getByText(content).waitFor()
    const inCircle = await callApi<{ list: Array<{ id: number }> }>("/api/v1/open/community/post/list", { query: { circle_id: String(circle.id) } })
    expect(inCircle.list.map((post) => post.id)).toContain(postId)
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `community-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 800 })

    // a second post the same day earns the daily reward; a third, past the cap (50 + 10), nothing
    await page.goto("/community/publish")
    await publish(page, "第二帖：今日份练习")
    await toast(page, "发布成功，获得 10 米豆奖励")
    await page.waitForURL(/\/community-detail\/\d+$/)
    await page.goto("/community/publish")
    await publish(page, "第三帖：超过每日上限")
    await page.waitForURL(/\/community-detail\/\d+$/)
    expect(await page.getByText(/获得 \d+ 米豆奖励/).count()).toBe(0)
    // the ledger shows each reward once
    await page.goto("/list")
    await page.getByTestId("bean-balance").click()
    await page.getByRole("heading", { name: "米豆明细" }).waitFor()
    await page.getByTestId("ledger-entry").first().waitFor()
    const lines = await page.getByTestId("ledger-entry").allInnerTexts()
    expect(lines.filter((line) => line.includes("首次发帖奖励"))).toHaveLength(1)
    expect(lines.filter((line) => line.includes("每日发帖奖励"))).toHaveLength(1)
    expect(lines.join("\n")).toMatch(/首次发帖奖励[\s\S]*\+50/)
  })

  it("comment, like, follow, reply, @mention in the drawers, then the comment and the post deleted", async () => {
    const [author, reader, friend] = await Promise.all([loginByApi(), loginByApi(), loginByApi()])
    const { id: postId } = await callApi<{ id: number }>("/api/v1/community/post/publish", { token: author.token, json: { content: `色块练习 ${Date.now()}` } })
    const page = await openApp("/list")
    await enterAs(page, author, "/list")

    // the reader comments and mentions the friend; the author replies
    const readerPage = await openApp("/list")
    await enterAs(readerPage, reader, `/community-detail/${postId}`)
    await readerPage.getByRole("textbox", { name: "评论内容" }).fill(`@${friend.nickname} 快来看这组色块`)
    await readerPage.getByRole("button", { name: "发表评论" }).click()
    await toast(readerPage, "评论成功")
    await readerPage.getByTestId("comment").getByText("快来看这组色块").waitFor()
    // the reader likes the post and follows its author: the counts move
    await readerPage.getByRole("button", { name: /^点赞/ }).click()
    await readerPage.getByTestId("detail-like-count").getByText("1").waitFor()
    await readerPage.getByRole("button", { name: "关注", exact: true }).click()
    await readerPage.getByRole("button", { name: "已关注" }).waitFor()
    await readerPage.getByTestId("author-followers").getByText("1").waitFor()

    await page.goto(`/community-detail/${postId}`)
    const readerComment = page.getByTestId("comment").filter({ hasText: "快来看这组色块" })
    await readerComment.getByRole("button", { name: "回复" }).click()
    expect(await page.getByRole("textbox", { name: "评论内容" }).inputValue()).toBe(`@${reader.nickname} `)
    await page.getByRole("textbox", { name: "评论内容" }).pressSequentially("谢谢！")
    await page.getByRole("button", { name: "发表评论" }).click()
    await page.getByTestId("comment").filter({ hasText: "谢谢！" }).getByText(`${author.nickname} 回复 ${reader.nickname}`).waitFor()
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `community-detail-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 800 })

    // the mentioned friend's drawer: 提及 shows the comment; the reader's shows the reply
    const friendPage = await openApp("/list")
    const friendCards = await mentionCards(friendPage, friend)
    await expect(friendCards.first().innerText()).resolves.toMatch(/在评论中提到了你[\s\S]*快来看这组色块/)
    const readerCards = await mentionCards(readerPage, reader)
    await expect(readerCards.first().innerText()).resolves.toMatch(/回复了你的评论[\s\S]*谢谢！/)

    // the reader deletes their own comment (with its replies); the author deletes the post
    await readerPage.goto(`/community-detail/${postId}`)
    await readerPage.getByTestId("comment").filter({ hasText: "快来看这组色块" }).getByRole("button", { name: "删除" }).first().click()
    await readerPage.getByRole("button", { name: "确定" }).click()
    await readerPage.getByText("还没有评论，来抢沙发吧").waitFor()
    expect(await readerPage.getByRole("button", { name: "删除帖子" }).count()).toBe(0)

    await page.goto(`/community-detail/${postId}`)
    await page.getByRole("button", { name: "删除帖子" }).click()
    await page.getByRole("button", { name: "确定" }).click()
    await waitForAddress(page, "/community")
    await page.getByRole("tab", { name: "最新" }).click()
    await page.getByTestId("post-card").first().waitFor()
    expect(await page.locator(`[data-post-id="${postId}"]`).count()).toBe(0)
    await expect(callApi("/api/v1/open/community/post/detail", { query: { id: String(postId) } })).rejects.toThrow(/answered 404/)
  })

  it("the @ list (MN2–MN4): typing @ offers the people I follow, ↓ and Enter pick one, Esc closes it, the comment mentions them", async () => {
    const [writer, moon, flower] = await Promise.all([loginByApi(), loginByApi(), loginByApi()])
    const uidOf = async (account: LoggedIn) => (await callApi<{ uid: number }>("/api/v1/user/info", { token: account.token })).uid
    for (const friend of [moon, flower]) await callApi("/api/v1/user/follow", { token: writer.token, json: { uid: await uidOf(friend), action: "follow" } })
    const feed = await callApi<{ list: Array<{ id: number }> }>("/api/v1/open/community/post/list", { query: { feed: "new", size: "1" } })
    const page = await openApp("/list")
    await enterAs(page, writer, `/community-detail/${feed.list[0]!.id}`)
    const box = page.getByRole("textbox", { name: "评论内容" })
    const list = page.getByRole("listbox", { name: "选择要提醒的人" })

    // both followed people are offered after @, the most recently followed first; typing narrows it
    await box.click()
    await box.pressSequentially("配色很棒 @")
    await list.waitFor()
    expect(await list.getByTestId("mention-name").allInnerTexts()).toEqual([flower.nickname, moon.nickname])
    expect(await list.getByRole("option", { selected: true }).getByTestId("mention-name").innerText()).toBe(flower.nickname)
    await page.keyboard.press("ArrowDown")
    expect(await list.getByRole("option", { selected: true }).getByTestId("mention-name").innerText()).toBe(moon.nickname)
    await page.keyboard.press("Enter")
    await list.waitFor({ state: "hidden" })
    expect(await box.inputValue()).toBe(`配色很棒 @${moon.nickname} `)

    // Esc closes the list for that @ and leaves the text as typed; a click picks from a new one
    await box.pressSequentially(`还有 @${flower.nickname.slice(-4)}`)
    await list.getByRole("option", { name: flower.nickname }).waitFor()
    await page.keyboard.press("Escape")
    await list.waitFor({ state: "hidden" })
    expect(await box.inputValue()).toBe(`配色很棒 @${moon.nickname} 还有 @${flower.nickname.slice(-4)}`)
    await page.keyboard.press("Backspace")
    await page.keyboard.press("Backspace")
    await page.keyboard.press("Backspace")
    await page.keyboard.press("Backspace")
    await list.waitFor({ state: "hidden", timeout: 1000 })
    await box.pressSequentially(" @")
    await list.getByRole("option", { name: flower.nickname }).click()
    expect(await box.inputValue()).toBe(`配色很棒 @${moon.nickname} 还有 @ @${flower.nickname} `)
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width >= 1920 ? 1080 : 800 })
      await box.pressSequentially("@")
      await list.waitFor()
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `mention-list-${width}`)
      await page.keyboard.press("Backspace")
    }

    // sent: both are mentioned (their 提及 tab has it)
    await page.getByRole("button", { name: "发表评论" }).click()
    await toast(page, "评论成功")
    const cards = await mentionCards(await openApp("/list"), moon)
    await cards.filter({ hasText: "配色很棒" }).first().waitFor()
  })
})
