import { describe, expect, it } from "vitest"
import { loginAsAdmin } from "./support/admin"
import { newAppContext } from "./support/browser"
import { callApi } from "./support/devServer"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { loginByApi } from "./support/session"

// Issue 29, 审核词库 (docs/spec/moderation.md): an operator adds a word on the console page, and a
// post holding it, however spaced, is refused with the plain message. One page, one test.

describe("审核词库", () => {
  it("an operator adds a word; a post holding it spaced out is refused; the page fits at 1280 and 1920", async () => {
    const page = await (await newAppContext({ width: 1280 })).newPage()
    await loginAsAdmin(page, "operator", "/admin/moderation-words")
    await page.getByRole("link", { name: "审核词库" }).waitFor()
    await page.getByLabel("敏感词").fill("ＡＢ 测试-禁词")
    await page.getByRole("button", { name: "添加" }).click()
    // kept as typed, matched by its form (MO4)
    await expect.poll(() => page.getByRole("cell", { name: "ＡＢ 测试-禁词", exact: true }).count()).toBe(1)
    await expect.poll(() => page.getByRole("cell", { name: "ab测试禁词", exact: true }).count()).toBe(1)

    const writer = await loginByApi()
    await expect(callApi("/api/v1/community/post/publish", { token: writer.token, json: { content: "来看 a b 测 试 禁 词" } })).rejects.toThrow("400 内容包含不适宜的信息，请修改后重试")

    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `admin-moderation-words-${width}`)
    }
  })
})
