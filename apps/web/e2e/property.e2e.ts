import JSZip from "jszip"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { JPEG_MAGIC, PNG_MAGIC, solidPng } from "./support/pngImage"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { login, loginByApi } from "./support/session"

/** Puts a PNG into the user's library with a prompt, as /property's upload does (upload, then artwork/upload): the 上传 tab. */
const seedWork = async (token: string, prompt: string, color: readonly [number, number, number]) => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(solidPng(96, 96, color))], { type: "image/png" }), "seed.png")
  const response = await fetch(new URL("/api/v1/base/upload", baseUrl()), { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
  const { data } = (await response.json()) as { data: { url: string } }
  const parameters = { prompt, negative_prompt: "", models: [], args: [] }
  return callApi<{ id: number }>("/api/v2/artwork/upload", { token, json: { type: "sd", url: data.url, parameters } })
}

const items = (page: Page) => page.getByTestId("property-item")
const itemCount = async (page: Page, count: number) => {
  await page.waitForFunction((expected) => document.querySelectorAll("[data-testid=property-item]").length === expected, count, { timeout: 10_000 })
}
const checkbox = (page: Page, index: number) => items(page).nth(index).getByRole("checkbox")

const PROMPTS: ReadonlyArray<readonly [string, readonly [number, number, number]]> = [
  ["雪夜江南 红色灯笼 石桥", [200, 40, 40]],
  ["深海鲸鱼 蓝色光影", [30, 80, 200]],
  ["森林小屋 清晨薄雾", [40, 160, 70]],
  ["紫色星空 银河 远山", [120, 60, 180]]
]

describe("/property, the asset library (issue 12)", () => {
  it("filters and search narrow the grid; a zip of 3 holds image_1…3; a delete stays done; uploads appear", async () => {
    const page = await openApp("/list")
    const account = await login(page, { path: "/list" })
    for (const [prompt, color] of PROMPTS) await seedWork(account.token, prompt, color)
    await page.goto("/property")
    await itemCount(page, 4)
    expect(await horizontalOverflow(page)).toBe(0)

    // search over prompts, then a type tab, then a day range that holds nothing
    await page.getByRole("searchbox", { name: "搜索提示词" }).fill("灯笼")
    await itemCount(page, 1)
    await page.getByRole("searchbox", { name: "搜索提示词" }).fill("")
    await itemCount(page, 4)
    await page.getByRole("group", { name: "作品类型" }).getByRole("button", { name: /MJ 模型/ }).click()
    await page.getByText("没有符合条件的作品").waitFor()
    await page.getByRole("group", { name: "作品类型" }).getByRole("button", { name: /^上传/ }).click()
    await itemCount(page, 4)
    await page.getByLabel("开始日期").fill("2099-01-01")
    await page.getByText("没有符合条件的作品").waitFor()
    await page.getByRole("button", { name: "清除筛选" }).first().click()
    await itemCount(page, 4)

    // select 3: a click, then shift-click the third → the range
    await checkbox(page, 0).click()
    await checkbox(page, 2).click({ modifiers: ["Shift"] })
    await expect.poll(() => page.getByTestId("selection-count").innerText()).toBe("已选 3 项")
    const selectedIds = await items(page).evaluateAll((nodes) => nodes.filter((node) => node.hasAttribute("data-selected")).map((node) => node.getAttribute("data-id")))
    expect(selectedIds).toHaveLength(3)

    const download = page.waitForEvent("download")
    await page.getByRole("region", { name: "批量操作" }).getByRole("button", { name: "下载" }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe("image_zip.zip")
    // the browser runs remotely: read the download through its stream
    const chunks: Array<Buffer> = []
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer)
    const archive = await JSZip.loadAsync(Buffer.concat(chunks))
    const names = Object.keys(archive.files).sort()
    expect(names).toEqual(["image_1.png", "image_2.png", "image_3.png"])
    for (const name of names) {
      const bytes = Array.from(await archive.files[name]!.async("uint8array"))
      const magic = bytes.slice(0, 8)
      expect(magic.join() === PNG_MAGIC.join() || magic.slice(0, 3).join() === JPEG_MAGIC.join()).toBe(true)
    }
    await page.getByText("已打包 3 张图片").waitFor()

    // delete the 3 after the confirm dialog; they stay gone after a reload
    await page.getByRole("region", { name: "批量操作" }).getByRole("button", { name: "删除" }).click()
    await page.getByText("确定删除选中的 3 个作品吗？删除后无法恢复。").waitFor()
    await page.getByRole("dialog").getByRole("button", { name: "删除" }).click()
    await itemCount(page, 1)
    await page.reload()
    await itemCount(page, 1)
    const left = await items(page).first().getAttribute("data-id")
    expect(selectedIds).not.toContain(left)

    // upload a generated PNG: it appears; a wrong type is refused with the spec's message
    await page.getByTestId("property-upload-input").setInputFiles({ name: "新图.png", mimeType: "image/png", buffer: solidPng(64, 48, [250, 200, 30]) })
    await itemCount(page, 2)
    await page.getByText("已上传 1 张图片").waitFor()
    await page.getByTestId("property-upload-input").setInputFiles({ name: "动图.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") })
    await page.getByText("只能上传 png, jpg, jpeg 格式的图片").waitFor()
    await itemCount(page, 2)
  })

  it("without login, /property goes to the login page with the way back", async () => {
    const page = await openApp("/property")
    await page.waitForURL((url) => url.pathname === "/login")
    expect(new URL(page.url()).searchParams.get("ref")).toBe("/property")
  })
})

describe.each([1280, 1920])("/property screenshots at %i px", (width) => {
  it("with works, with a selection, and empty", async () => {
    const page = await openApp("/list", { width })
    const account = await login(page, { path: "/list" })
    const { token } = account
    const existing = await callApi<{ total: number }>("/api/v2/artwork/list", { token })
    for (let index = existing.total; index < 8; index++) await seedWork(token, `截图用作品 ${index}`, PROMPTS[index % PROMPTS.length]![1])
    await page.goto("/property")
    await items(page).first().waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, `property-items-${width}`)
    await checkbox(page, 0).click()
    await checkbox(page, 3).click({ modifiers: ["Shift"] })
    await page.getByTestId("selection-count").waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await captureFullPage(page, `property-selection-${width}`)

    const empty = await openApp("/list", { width })
    const newcomer = await loginByApi()
    await empty.goto(`/property?token=${encodeURIComponent(newcomer.token)}`)
    await empty.getByText("资产库还是空的").waitFor()
    expect(await horizontalOverflow(empty)).toBe(0)
    await captureFullPage(empty, `property-empty-${width}`)
  })
})
