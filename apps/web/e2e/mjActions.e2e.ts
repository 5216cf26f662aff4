import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { startMjProxyFake, type MjProxyFake } from "../../server/test/engineFakes/mjProxyFake"
import { balanceOf, buyBeans } from "./support/beans"
import { openApp, useServer } from "./support/browser"
import { callApi } from "./support/devServer"
import { artifactsDir } from "./support/paths"
import { solidPng } from "./support/pngImage"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { login } from "./support/session"
import { type RunningServer, startServer } from "./support/startServer"

/**
 * MJ actions through the real midjourney-proxy adapter (ADR 0020): this file starts the proxy fake
 * (open-source flavour: no upload route; it fetches reference links itself, as Midjourney does) and
 * ONE server of its own whose quick_mj engine is that proxy; the shared server stays offline.
 */
const TASK_TIMEOUT = 60_000
let fake: MjProxyFake
let server: RunningServer
let dataDir = ""

beforeAll(async () => {
  fake = await startMjProxyFake()
  dataDir = mkdtempSync(join(tmpdir(), "mido-e2e-mj-"))
  server = await startServer({
    dataDir,
    webDist: inject("webDist"),
    logFile: join(artifactsDir, "server-mj.log"),
    // no demo data: the flow needs only the catalogue (packages, the MJ engine), and a second seeded
    // server would draw every demo picture again on CI's busy cores
    env: { SEED_DEMO: "false", MIDO_ENGINE_QUICK_MJ: "mj-proxy", MIDO_MJ_PROXY_URL: fake.url, MIDO_MJ_PROXY_POLL_MS: "100" }
  })
  useServer(server.baseUrl)
  // new accounts start at 0 beans here too (globalSetup does the same on the shared server)
  await fetch(new URL("/api/dev/config", server.baseUrl), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ key: "points.signup-grant", value: "0" }) })
}, 360_000)
afterAll(async () => {
  useServer(undefined)
  await server?.stop()
  await fake?.close()
  if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
})

const png = (color: readonly [number, number, number]) => ({ name: "ref.png", mimeType: "image/png", buffer: solidPng(160, 120, color) })
const card = (page: Page, id: string) => page.locator(`[data-testid=task-card][data-task-id="${id}"]`)
const newestTaskId = async (page: Page): Promise<string> => (await page.getByTestId("task-card").first().getAttribute("data-task-id").catch(() => null)) ?? ""

/** Clicks `click` and answers the id of the task card that appears first in the panel. */
const newTaskAfter = async (page: Page, click: () => Promise<void>): Promise<string> => {
  const before = await newestTaskId(page)
  await click()
  await expect.poll(() => newestTaskId(page), { timeout: 15_000 }).not.toBe(before)
  return newestTaskId(page)
}

const succeeded = async (page: Page, id: string, images: number) => {
  await page.locator(`[data-testid=task-card][data-task-id="${id}"][data-status="succeeded"]`).waitFor({ timeout: TASK_TIMEOUT })
  await page.waitForFunction(([taskId, expected]) => {
    const pictures = [...document.querySelectorAll(`[data-task-id="${taskId}"] [data-testid=task-image] img`)] as HTMLImageElement[]
    return pictures.length === expected && pictures.every((picture) => picture.complete && picture.naturalWidth > 0)
  }, [id, images] as const, { timeout: TASK_TIMEOUT })
}

describe("/aigc MJ mode through midjourney-proxy (issue 26)", () => {
  it("draws with --sref and --cref uploads without an upload route, then U2 and V3 from the grid; balance and ledger exact", async () => {
    const page = await openApp("/list", { width: 1280 })
    const account = await login(page, { path: "/aigc" })
    await buyBeans(account.token)
    await page.reload()
    await page.getByRole("tab", { name: /MJ 模型/ }).click()
    await page.getByTestId("mj-prompt").fill("a lighthouse on a cliff at sunset")
    await page.getByTestId("upload-style_reference").setInputFiles(png([200, 40, 160]))
    await page.getByTestId("slot-style_reference").getByTestId("slot-picture").waitFor()
    await page.getByTestId("upload-character_reference").setInputFiles(png([40, 160, 200]))
    await page.getByTestId("slot-character_reference").getByTestId("slot-picture").waitFor()
    await page.getByTestId("mj-versions").getByRole("button", { name: /MJ V6\.1/ }).click()
    await page.getByTestId("mj-count").getByRole("button", { name: "4 张" }).click()
    const before = await balanceOf(account.token)

    const gridId = await newTaskAfter(page, () => page.getByTestId("generate-button").click())
    await succeeded(page, gridId, 4)
    const grid = await callApi<{ cost: number; num: number; params: { style_reference: string[]; character_reference: string[] } }>("/api/v2/task/info", { token: account.token, query: { id: gridId } })
    // the proxy got the user's own storage addresses after their flags and fetched them itself; no upload route was asked for
    const imagine = fake.submits().find((request) => request.path === "/mj/submit/imagine")?.json as { prompt: string }
    expect(imagine.prompt).toContain(`--sref ${grid.params.style_reference[0]} --cref ${grid.params.character_reference[0]}`)
    expect(fake.submits().map((request) => request.path)).not.toContain("/mj/submit/upload-discord-images")
    expect(fake.referenceFetches().map((fetched) => fetched.status)).toEqual([200, 200])

    // the grid's buttons, with their prices
    const actions = card(page, gridId).getByTestId("mj-actions")
    const perImage = grid.cost / grid.num
    await expect.poll(() => actions.innerText()).toContain(`${perImage} 米豆/次`)
    expect(await actions.getByRole("button").allInnerTexts()).toEqual(["U1 放大", "U2 放大", "U3 放大", "U4 放大", "V1 变体", "V2 变体", "V3 变体", "V4 变体", "重新生成"])
    console.log("screenshot", await captureFullPage(page, "aigc-mj-actions-1280"))

    const upscaleId = await newTaskAfter(page, () => actions.getByTestId("mj-u2").click())
    await succeeded(page, upscaleId, 1)
    expect(await card(page, upscaleId).getByTestId("task-mj-action").innerText()).toBe("U2 放大")
    expect(fake.submits().at(-1)?.json).toMatchObject({ action: "UPSCALE", index: 2 })

    const variationId = await newTaskAfter(page, () => actions.getByTestId("mj-v3").click())
    await succeeded(page, variationId, 4)
    expect(await card(page, variationId).getByTestId("task-mj-action").innerText()).toBe("V3 变体")
    expect(fake.submits().at(-1)?.json).toMatchObject({ action: "VARIATION", index: 3 })

    const spent = grid.cost + perImage + grid.cost
    expect(await balanceOf(account.token)).toBe(before - spent)
    const ledger = await callApi<{ list: Array<{ remark: string; action_amount: number }> }>("/api/v1/user/coin/list", { token: account.token, query: { page: "1", size: "10", type: "expense" } })
    expect(ledger.list.map((entry) => entry.action_amount)).toEqual([-grid.cost, -perImage, -grid.cost])
    expect(await horizontalOverflow(page)).toBe(0)
    await page.setViewportSize({ width: 1920, height: 1080 })
    console.log("screenshot", await captureFullPage(page, "aigc-mj-actions-1920"))
    expect(await horizontalOverflow(page)).toBe(0)

    // the artwork detail: the upscale says where it came from; a grid candidate offers U / V on itself
    const upscaled = await callApi<{ images: Array<{ artwork_id: number }> }>("/api/v2/task/info", { token: account.token, query: { id: upscaleId } })
    const gridImages = await callApi<{ images: Array<{ artwork_id: number }> }>("/api/v2/task/info", { token: account.token, query: { id: gridId } })
    await page.goto(`/work-detail/${upscaled.images[0]!.artwork_id}`)
    const origin = page.getByTestId("artwork-detail").getByTestId("mj-origin")
    expect(await origin.innerText()).toBe(`由作品 #${gridImages.images[1]!.artwork_id} 的U2 放大而来`)
    expect(await page.getByTestId("artwork-detail").getByTestId("mj-actions").count()).toBe(0)
    await page.goto(`/work-detail/${gridImages.images[2]!.artwork_id}`)
    const detailActions = page.getByTestId("artwork-detail").getByTestId("mj-actions")
    await detailActions.waitFor()
    expect(await detailActions.getByRole("button").allInnerTexts()).toEqual(["U3 放大", "V3 变体", "重新生成"])
    await page.setViewportSize({ width: 1280, height: 800 })
    console.log("screenshot", await captureFullPage(page, "detail-mj-actions-1280"))
    expect(await horizontalOverflow(page)).toBe(0)
  }, 240_000)
})
