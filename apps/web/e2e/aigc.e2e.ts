import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openApp } from "./support/browser"
import { balanceOf, buyBeans } from "./support/beans"
import { callApi } from "./support/devServer"
import { solidPng } from "./support/pngImage"
import { captureFullPage, horizontalOverflow, saveScreenshot } from "./support/screenshots"
import { login, type LoggedIn } from "./support/session"

// the e2e server's offline engine switches (support/startServer.ts): 慢速测试 slows a prompt, 失败测试 is refused
const SLOW = "慢速测试"
const FAIL = "失败测试"
const TASK_TIMEOUT = 45_000

const cards = (page: Page) => page.getByTestId("task-card")
const png = (color: readonly [number, number, number]) => ({ name: "base.png", mimeType: "image/png", buffer: solidPng(160, 120, color) })

/** The points the button shows once the server answered for the current options. */
const shownCost = async (page: Page): Promise<number> => {
  const button = page.getByTestId("generate-button")
  await page.waitForFunction(() => {
    const node = document.querySelector("[data-testid=generate-button]")
    return node?.getAttribute("data-points") !== null && node?.getAttribute("disabled") === null
  }, undefined, { timeout: 10_000 })
  return Number(await button.getAttribute("data-points"))
}

const waitStatus = (page: Page, id: string, status: string) =>
  page.locator(`[data-testid=task-card][data-task-id="${id}"][data-status="${status}"]`).waitFor({ timeout: TASK_TIMEOUT })

/** Every picture in the card has loaded (naturalWidth > 0). */
const imagesPainted = (page: Page, id: string, count: number) =>
  page.waitForFunction(([taskId, expected]) => {
    const images = [...document.querySelectorAll(`[data-task-id="${taskId}"] [data-testid=task-image] img`)] as HTMLImageElement[]
    return images.length === expected && images.every((image) => image.complete && image.naturalWidth > 0)
  }, [id, count] as const, { timeout: TASK_TIMEOUT })

const newestTaskId = async (page: Page): Promise<string> => ((await cards(page).count()) === 0 ? "" : ((await cards(page).first().getAttribute("data-task-id")) ?? ""))

/** Clicks 生成 and answers the id of the task card that appears first in the panel. */
const generate = async (page: Page): Promise<string> => {
  const before = await newestTaskId(page)
  await page.getByTestId("generate-button").click()
  await expect.poll(() => newestTaskId(page), { timeout: 10_000 }).not.toBe(before)
  return newestTaskId(page)
}

let account: LoggedIn | undefined
/** Opens /aigc signed in, with beans bought once for the file. */
const openAigc = async (width = 1280) => {
  const page = await openApp("/list", { width })
  const first = account === undefined
  account = await login(page, { path: "/aigc" })
  if (first) {
    await buyBeans(account.token)
    await page.reload()
  }
  await page.getByTestId("quick-styles").waitFor()
  return { page, token: account.token }
}

describe("/aigc, AI 绘画 (issue 14)", () => {
  it("quick mode: an uploaded base image and a style → queued/running with progress → results in the grid and in /property; balance down by the shown cost", async () => {
    const { page, token } = await openAigc(1280)
    // the style covers are real pictures from the server
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=quick-styles] img")].filter((image) => (image as HTMLImageElement).naturalWidth > 0).length >= 6)
    await page.getByTestId("upload-base").setInputFiles(png([220, 120, 60]))
    await page.getByTestId("slot-base").getByTestId("slot-picture").waitFor()
    await page.getByTestId("style-groups").getByRole("button", { name: "专业风格" }).click()
    await page.getByTestId("quick-styles").getByRole("button", { name: /电影质感/ }).click()
    await page.getByTestId("quick-count").getByRole("button", { name: "2 张" }).click()
    await page.getByPlaceholder("例如：保留人物表情").fill(`海边日落 ${SLOW}`)
    const cost = await shownCost(page)
    expect(await page.getByTestId("generate-cost").innerText()).toBe(`· 消耗 ${cost} 米豆`)
    const before = await balanceOf(token)

    const id = await generate(page)
    await page.locator(`[data-task-id="${id}"] [role=progressbar]`).waitFor({ timeout: TASK_TIMEOUT })
    await expect.poll(() => page.locator(`[data-task-id="${id}"]`).getByText("本地演示引擎").count()).toBeGreaterThan(0)
    expect(await horizontalOverflow(page)).toBe(0)
    // the window as it is while the task runs (a full-page capture waits for the network to go quiet)
    await saveScreenshot(page, "aigc-quick-running-1280")
    await waitStatus(page, id, "succeeded")
    await imagesPainted(page, id, 2)
    expect(await balanceOf(token)).toBe(before - cost)
    const task = await callApi<{ images: Array<{ artwork_id: number }>; cost: number; params: { style_name: string; base_image_url?: string } }>("/api/v2/task/info", { token, query: { id } })
    expect([task.cost, task.params.style_name, task.params.base_image_url !== undefined]).toEqual([cost, "电影质感", true])
    console.log("screenshot", await captureFullPage(page, "aigc-quick-done-1280"))

    // 资产库 opens /property with the work
    const artworkId = task.images[0]!.artwork_id
    await page.locator(`[data-artwork-id="${artworkId}"]`).hover()
    await page.locator(`[data-artwork-id="${artworkId}"]`).getByRole("button", { name: "资产库" }).click()
    await page.locator(`[data-testid=property-item][data-id="${artworkId}"]`).waitFor()
  }, 120_000)

  it("MJ mode with an image prompt, sref and cref (from the asset library) → results; a failed task shows its reason and refund", async () => {
    const { page, token } = await openAigc(1920)
    await page.getByRole("tab", { name: /MJ 模型/ }).click()
    await page.getByTestId("mj-prompt").fill("a lighthouse on a cliff at sunset, cinematic")
    await page.getByTestId("upload-image_prompts").setInputFiles(png([40, 90, 200]))
    await page.getByTestId("slot-image_prompts").getByTestId("slot-picture").waitFor()
    await page.getByTestId("upload-style_reference").setInputFiles(png([200, 40, 160]))
    await page.getByTestId("slot-style_reference").getByTestId("slot-picture").waitFor()
    await page.getByTestId("slot-character_reference").getByRole("button", { name: "资产库" }).click()
    await page.getByTestId("library-picker").locator("button").first().click()
    await page.getByTestId("slot-character_reference").getByTestId("slot-picture").waitFor()
    await page.getByTestId("mj-versions").getByRole("button", { name: /Niji 6/ }).click()
    const cost = await shownCost(page)
    const before = await balanceOf(token)
    const id = await generate(page)
    await waitStatus(page, id, "succeeded")
    await imagesPainted(page, id, 1)
    const task = await callApi<{ params: Record<string, unknown> }>("/api/v2/task/info", { token, query: { id } })
    expect(task.params).toMatchObject({ type: "quick_mj", version: "niji 6" })
    expect([(task.params.image_prompts as string[]).length, (task.params.style_reference as string[]).length, (task.params.character_reference as string[]).length]).toEqual([1, 1, 1])
    expect(await balanceOf(token)).toBe(before - cost)
    expect(await horizontalOverflow(page)).toBe(0)
    console.log("screenshot", await captureFullPage(page, "aigc-mj-done-1920"))

    // the engine refuses → the reason and 已退还 N 米豆, the beans back
    await page.getByTestId("mj-prompt").fill(`a red door ${FAIL}`)
    const failCost = await shownCost(page)
    const beforeFail = await balanceOf(token)
    const failedId = await generate(page)
    await waitStatus(page, failedId, "failed")
    const failed = page.locator(`[data-task-id="${failedId}"]`)
    expect(await failed.getByTestId("task-reason").innerText()).toContain("测试开关")
    expect(await failed.getByTestId("task-refund").innerText()).toBe(`已退还 ${failCost} 米豆`)
    expect(await balanceOf(token)).toBe(beforeFail)
  }, 120_000)

  it("cancel a queued task → 已退还 shown and a refund row in the ledger; a reload keeps the tasks", async () => {
    const { page, token } = await openAigc(1280)
    await page.getByTestId("upload-base").setInputFiles(png([60, 160, 90]))
    await page.getByTestId("slot-base").getByTestId("slot-picture").waitFor()
    await page.getByTestId("quick-count").getByRole("button", { name: "4 张" }).click()
    await page.getByPlaceholder("例如：保留人物表情").fill(`森林 ${SLOW}`)
    await shownCost(page)
    // two run at a time per user: the third waits in the queue
    const ids: string[] = []
    await page.getByTestId("task-panel").waitFor()
    await page.waitForLoadState("networkidle")
    for (let round = 0; round < 3; round++) ids.push(await generate(page))
    const queuedId = ids[2]!
    await waitStatus(page, queuedId, "queued")
    expect(await page.locator(`[data-task-id="${queuedId}"]`).getByTestId("task-status").innerText()).toMatch(/排队中/)
    const queued = page.locator(`[data-task-id="${queuedId}"]`)
    await queued.getByRole("button", { name: "取消" }).click()
    await waitStatus(page, queuedId, "cancelled")
    const refundText = await queued.getByTestId("task-refund").innerText()
    const refunded = Number(/已退还 (\d+) 米豆/.exec(refundText)?.[1])
    expect(refunded).toBeGreaterThan(0)
    const ledger = await callApi<{ list: Array<{ remark: string; action_amount: number }> }>("/api/v1/user/coin/list", { token, query: { page: "1", size: "20", type: "income" } })
    expect(ledger.list.some((entry) => entry.action_amount === refunded && /退/.test(entry.remark))).toBe(true)

    // a reload: the tasks come back from the server, the running ones still moving
    const shown = await cards(page).count()
    await page.reload()
    await page.locator(`[data-task-id="${queuedId}"][data-status="cancelled"]`).waitFor()
    await expect.poll(() => cards(page).count()).toBe(shown)
    for (const id of ids.slice(0, 2)) await page.locator(`[data-task-id="${id}"]`).getByRole("button", { name: "取消" }).click().catch(() => undefined)
  }, 120_000)

  it("same-style from a detail dialog fills quick mode (style and base image), then is consumed", async () => {
    const { page, token } = await openAigc(1280)
    const done = await callApi<{ list: Array<{ images: Array<{ artwork_id: number }>; params: { style_name?: string; base_image_url?: string } }> }>("/api/v2/task/list", { token, query: { type: "quick", status: "succeeded" } })
    const source = done.list[0]!
    await page.goto(`/property?artwork=${source.images[0]!.artwork_id}`)
    await page.getByTestId("detail-same-style").click()
    await page.waitForURL(/\/aigc/)
    await page.getByTestId("quick-form").waitFor()
    await page.getByTestId("quick-styles").getByRole("button", { name: new RegExp(source.params.style_name ?? "") , pressed: true }).waitFor()
    expect(await page.getByTestId("slot-base").getByTestId("slot-picture").getAttribute("src")).toBe(source.params.base_image_url)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("mido.work") ?? "null") as { params: unknown } | null)
    expect(stored?.params ?? null).toBeNull()
  }, 60_000)
})
