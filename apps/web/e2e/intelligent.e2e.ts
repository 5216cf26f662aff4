import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp } from "./support/browser"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { balanceOf, buyBeans } from "./support/beans"
import { login, type LoggedIn } from "./support/session"

// /intelligent, the assistant that draws (issue 14): a chat against the real server, its offline
// prompt composer (本地演示引擎) and the offline drawing engine.


const messages = (page: Page) => page.getByTestId("chat-message")
const lastReply = (page: Page) => page.locator("[data-testid=chat-message][data-role=assistant]").last()
const say = async (page: Page, text: string) => {
  const count = await messages(page).count()
  await page.getByTestId("chat-input").fill(text)
  await page.getByTestId("chat-input").press("Enter")
  await page.waitForFunction((expected) => document.querySelectorAll("[data-testid=chat-message]").length >= expected, count + 2, { timeout: 15_000 })
}
/** Confirms the last proposed drawing; answers the cost it showed once its image is in the chat. */
const confirmLastDrawing = async (page: Page): Promise<number> => {
  const reply = lastReply(page)
  const button = reply.getByTestId("confirm-drawing")
  const points = Number(await button.getAttribute("data-points"))
  expect(await button.innerText()).toContain(`消耗 ${points} 米豆`)
  await button.click()
  await reply.getByTestId("task-image").first().waitFor({ timeout: 30_000 })
  return points
}

let account: LoggedIn

describe("/intelligent, the assistant that draws", () => {
  it("talks for free, draws at the shown cost, edits the picture, keeps it all after a reload", async () => {
    const page = await openApp("/list")
    account = await login(page, { path: "/intelligent" })
    await buyBeans(account.token, 1)
    await page.reload()
    await page.getByText("想画什么，直接告诉我").waitFor()
    await expect.poll(() => page.getByTestId("assistant-engine").innerText()).toContain("本地演示引擎")
    const start = await balanceOf(account.token)

    // a plain question: a text answer, nothing charged
    await page.getByTestId("chat-input").fill("你好，你是谁？")
    await page.getByTestId("chat-input").press("Shift+Enter")
    expect(await page.getByTestId("chat-input").inputValue()).toBe("你好，你是谁？\n")
    await say(page, "你好，你是谁？")
    await expect.poll(() => lastReply(page).innerText()).toContain("不是 AI 大模型")
    expect(await lastReply(page).getByTestId("drawing").count()).toBe(0)
    expect(await balanceOf(account.token)).toBe(start)
    await expect.poll(() => page.getByTestId("chat-title").innerText()).toBe("你好，你是谁？")

    // a picture: the structured prompt and the cost first, nothing charged until confirmed
    await say(page, "帮我画一只在雪地里的橘猫，水彩风格，黄昏")
    const reply = lastReply(page)
    expect(await reply.getByTestId("prompt-subject").innerText()).toBe("雪地里的橘猫")
    expect(await reply.getByTestId("prompt-style").innerText()).toBe("水彩")
    expect(await reply.getByTestId("prompt-lighting").innerText()).toBe("黄昏暖光")
    expect(await balanceOf(account.token)).toBe(start)
    await captureFullPage(page, "intelligent-proposal-1280")
    const cost = await confirmLastDrawing(page)
    expect(cost).toBeGreaterThan(0)
    expect(await balanceOf(account.token)).toBe(start - cost)

    // 编辑这张图 → the picture is attached; the edit draws a second image on it
    await reply.getByTestId("edit-image").first().click()
    await page.getByTestId("attachments").locator("img").waitFor()
    await say(page, "把背景换成夜空")
    const edit = lastReply(page)
    expect(await edit.getByAltText("要修改的图片").count()).toBe(1)
    expect(await edit.getByTestId("prompt-subject").innerText()).toBe("雪地里的橘猫；把背景换成夜空")
    expect(await edit.getByTestId("prompt-style").innerText()).toBe("水彩")
    expect(await edit.getByTestId("prompt-lighting").innerText()).toBe("夜晚，冷色环境光")
    await confirmLastDrawing(page)
    expect(await balanceOf(account.token)).toBe(start - 2 * cost)

    // 再来一张，换成油画风格 (AS1): a new drawing of the same subject in oil, not another edit of the picture
    await say(page, "再来一张，换成油画风格")
    const again = lastReply(page)
    expect(await again.getByTestId("prompt-subject").innerText()).toBe("雪地里的橘猫；把背景换成夜空")
    expect(await again.getByTestId("prompt-style").innerText()).toBe("油画")
    expect(await again.getByAltText("要修改的图片").count()).toBe(0)
    expect(await again.getByTestId("confirm-drawing").count()).toBe(1)
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, "intelligent-1280")

    // a reload keeps the conversation, its drawings and their images
    await page.reload()
    await page.locator("[data-testid=chat-message]").nth(7).waitFor()
    expect(await messages(page).count()).toBe(8)
    expect(await page.getByTestId("task-image").count()).toBe(2)
    expect(await page.getByTestId("conversation-item").first().innerText()).toContain("你好，你是谁？")

    // both pictures are agent artworks in the asset library
    await page.goto("/property")
    await page.getByRole("group", { name: "作品类型" }).getByRole("button", { name: /智能助手/ }).click()
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=property-item]").length === 2, undefined, { timeout: 10_000 })
  })

  it("new, rename and delete conversations; the chat at 1920 px", async () => {
    const page = await openApp("/list", { width: 1920 })
    await login(page, { path: "/intelligent" })
    await page.locator("[data-testid=chat-message]").first().waitFor()
    await captureFullPage(page, "intelligent-1920")
    expect(await horizontalOverflow(page)).toBe(0)

    await page.getByTestId("new-conversation").click()
    await page.getByText("想画什么，直接告诉我").waitFor()
    await expect.poll(() => page.getByTestId("conversation-item").count()).toBe(2)
    await captureFullPage(page, "intelligent-empty-1920")
    const first = page.getByTestId("conversation-item").first()
    await first.hover()
    await page.getByRole("button", { name: "重命名" }).first().click()
    await page.getByTestId("rename-input").fill("灯塔系列")
    await page.getByTestId("rename-input").press("Enter")
    await expect.poll(() => page.getByTestId("conversation-item").first().innerText()).toContain("灯塔系列")
    await page.getByTestId("conversation-item").first().hover()
    await page.getByRole("button", { name: "删除" }).first().click()
    await page.getByRole("dialog").getByRole("button", { name: "删除" }).click()
    await expect.poll(() => page.getByTestId("conversation-item").count()).toBe(1)
    expect(await page.getByTestId("conversation-item").first().innerText()).toContain("你好，你是谁？")
  })
})
