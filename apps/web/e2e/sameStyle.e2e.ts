import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, openApp, waitForAddress } from "./support/browser"
import { buyBeans } from "./support/beans"
import { callApi } from "./support/devServer"
import { solidPng } from "./support/pngImage"
import { captureWindow, horizontalOverflow } from "./support/screenshots"
import { login, type LoggedIn } from "./support/session"

// Issue 25, 做同款 for every type (docs/spec/same-style.md SD1, SD10–SD12), the prompt of MJ and quick
// works in the detail (GA5), 收藏 in the detail, a LoRA's catalogue name, and GV12 in the MJ form.

type Type = "sd" | "quick" | "quick_mj" | "agent"
type Card = { id: number; type: Type }
type Info = { id: number; type: Type; parameters: Record<string, unknown> & { prompt?: string; style_info?: { group: string; name: string } } }

const RETIRED_STYLE = "国风插画"
const TASK_TIMEOUT = 45_000

const feed = async (type: Type, size = 40): Promise<Array<Card>> => {
  const response = await fetch(`${baseUrl()}/api/v1/open/artwork/artwork/get_profile_list?type=${type}&size=${size}`)
  return ((await response.json()) as { data: { list: Array<Card> } }).data.list
}
const infoOf = async (id: number): Promise<Info> =>
  ((await (await fetch(`${baseUrl()}/api/v2/open/artwork/info?id=${id}`)).json()) as { data: Info }).data

/** The first demo work of `type` whose parameters pass `test` (the demo data is seeded; no ids are hard-coded). */
const findWork = async (type: Type, test: (info: Info) => boolean): Promise<Info> => {
  for (const card of await feed(type)) {
    const info = await infoOf(card.id)
    if (test(info)) return info
  }
  throw new Error(`no ${type} work of the demo feed fits`)
}

const ready = (page: Page) => page.locator("[data-testid=artwork-detail][data-status=ready]").waitFor()
const png = (color: readonly [number, number, number]) => ({ name: "ref.png", mimeType: "image/png", buffer: solidPng(160, 120, color) })

let account: LoggedIn | undefined
/** Signed in on `path` (the file's one account, with beans bought once). */
const signedIn = async (path: string, width = 1280): Promise<{ page: Page; account: LoggedIn }> => {
  const page = await openApp("/list", { width, context: { permissions: ["clipboard-read", "clipboard-write"] } })
  const first = account === undefined
  account = await login(page, { path })
  if (first) {
    await buyBeans(account.token)
    await page.reload()
  }
  return { page, account }
}

describe("做同款 loses nothing, for every type", () => {
  it("MJ: the owner's own result shows its prompt with copy; 做同款 fills the prompt, every reference and the version; GV12 is explained at once", async () => {
    const { page } = await signedIn("/aigc", 1280)
    await page.getByRole("tab", { name: /MJ 模型/ }).click()
    const prompt = "一座悬崖上的灯塔, 黄昏, cinematic --chaos 10"
    await page.getByTestId("mj-prompt").fill(prompt)
    for (const [slot, color] of [["image_prompts", [40, 90, 200]], ["style_reference", [200, 40, 160]], ["omni_reference", [30, 160, 90]]] as const) {
      await page.getByTestId(`upload-${slot}`).setInputFiles(png(color))
      await page.getByTestId(`slot-${slot}`).getByTestId("slot-picture").waitFor()
    }
    // GV12 before anything is sent: V7 takes oref; cref is explained at its slot
    expect(await page.getByTestId("slot-rule-character_reference").innerText()).toContain("角色参考仅支持 V6 与 Niji 6")
    const before = await page.getByTestId("task-card").first().getAttribute("data-task-id").catch(() => null)
    await page.getByTestId("generate-button").click()
    await expect.poll(async () => page.getByTestId("task-card").first().getAttribute("data-task-id"), { timeout: 10_000 }).not.toBe(before)
    const card = page.getByTestId("task-card").first()
    await page.locator(`[data-testid=task-card][data-task-id="${await card.getAttribute("data-task-id")}"][data-status=succeeded]`).waitFor({ timeout: TASK_TIMEOUT })
    // the form emptied, so what 做同款 brings back is the work's, not what was left here
    await page.getByTestId("mj-prompt").fill("")
    while ((await page.getByRole("button", { name: "移除图片" }).count()) > 0) await page.getByRole("button", { name: "移除图片" }).first().click()

    // the result opens the detail: the owner's own MJ work shows its prompt, copied with 复制成功
    await card.getByTestId("task-image").first().getByRole("button", { name: "查看大图" }).click()
    await ready(page)
    const panel = page.getByTestId("prompt-panel")
    expect((await panel.locator("p").innerText()).trim()).toBe(prompt)
    await panel.getByRole("button", { name: "复制" }).click()
    await page.getByTestId("toasts").getByText("复制成功", { exact: true }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt)

    // 做同款 from the detail over an emptied form: everything comes back
    await page.getByTestId("detail-same-style").click()
    await page.getByTestId("artwork-detail").waitFor({ state: "hidden" })
    await waitForAddress(page, "/aigc")
    await expect.poll(() => page.getByTestId("mj-prompt").inputValue()).toBe(prompt)
    expect(await page.getByTestId("mj-prompt").inputValue()).toBe(prompt)
    for (const slot of ["image_prompts", "style_reference", "omni_reference"]) {
      expect(await page.getByTestId(`slot-${slot}`).getByTestId("slot-picture").count()).toBe(1)
    }
    expect(await page.getByTestId("mj-versions").locator("[aria-pressed=true]").innerText()).toContain("V7")

    // GV12 as soon as it conflicts: Niji 6 does not take the oref picture → said at the slot, on the version, and 生成 waits
    expect(await page.getByTestId("mj-versions").getByRole("button", { name: /Niji 6/ }).getAttribute("data-note")).toBe("不支持全能参考")
    await page.getByTestId("mj-versions").getByRole("button", { name: /Niji 6/ }).click()
    const rule = page.getByTestId("slot-rule-omni_reference")
    expect(await rule.getAttribute("data-conflict")).toBe("true")
    expect(await rule.innerText()).toContain("全能参考仅支持 V7 及以上版本")
    expect(await page.getByTestId("generate-hint").innerText()).toBe("全能参考仅支持 V7 及以上版本")
    expect(await page.getByTestId("generate-button").isDisabled()).toBe(true)
    await page.getByTestId("slot-rule-omni_reference").scrollIntoViewIfNeeded()
    console.log("screenshot", await captureWindow(page, "aigc-mj-version-rule-1280"))
    await page.getByTestId("slot-omni_reference").getByRole("button", { name: "移除图片" }).click()
    await expect.poll(() => page.getByTestId("generate-button").isDisabled()).toBe(false)
    expect(await horizontalOverflow(page)).toBe(0)
  }, 150_000)

  it("quick: 做同款 selects its style and fills its prompt; a retired style is named and 生成 waits for a choice", async () => {
    const current = await findWork("quick", (info) => info.parameters.style_info?.name !== RETIRED_STYLE && (info.parameters.prompt ?? "") !== "")
    const retired = await findWork("quick", (info) => info.parameters.style_info?.name === RETIRED_STYLE)
    const { page } = await signedIn("/list")
    await page.goto(`/list?artwork=${current.id}`)
    await ready(page)
    expect((await page.getByTestId("prompt-panel").locator("p").innerText()).trim()).toBe(current.parameters.prompt)
    await page.getByTestId("detail-same-style").click()
    await waitForAddress(page, "/aigc")
    const styles = page.getByTestId("quick-styles")
    await expect.poll(() => styles.locator("[aria-pressed=true]").innerText().catch(() => "")).toBe(current.parameters.style_info?.name)
    expect(await page.getByPlaceholder("例如：保留人物表情").inputValue()).toBe(current.parameters.prompt)
    expect(await page.getByTestId("retired-style").count()).toBe(0)

    await page.goto(`/list?artwork=${retired.id}`)
    await ready(page)
    await page.getByTestId("detail-same-style").click()
    await waitForAddress(page, "/aigc")
    const notice = page.getByTestId("retired-style")
    await notice.waitFor()
    expect(await notice.innerText()).toBe(`原风格「${RETIRED_STYLE}」已下架，请重新选择`)
    expect(await styles.locator("[aria-pressed=true]").count()).toBe(0)
    expect(await page.getByTestId("generate-hint").innerText()).toContain("请")
    console.log("screenshot", await captureWindow(page, "aigc-retired-style-1280"))
    await styles.locator("button").first().click()
    await notice.waitFor({ state: "detached" })
  }, 90_000)

  it("assistant: no 做同款, but 继续创作 opens a new conversation with its prompt, or /webui with the prompt pasted", async () => {
    const agent = await findWork("agent", (info) => (info.parameters.prompt ?? "") !== "")
    const prompt = agent.parameters.prompt ?? ""
    const { page } = await signedIn("/list")
    await page.goto(`/list?artwork=${agent.id}`)
    await ready(page)
    expect((await page.getByTestId("prompt-panel").locator("p").innerText()).trim()).toBe(prompt)
    expect(await page.getByTestId("detail-same-style").count()).toBe(0)
    await page.getByTestId("detail-continue").click()
    await waitForAddress(page, "/intelligent")
    await expect.poll(() => page.getByTestId("chat-input").inputValue()).toBe(prompt)

    await page.goto(`/list?artwork=${agent.id}`)
    await ready(page)
    await page.getByTestId("detail-continue-webui").click()
    await page.waitForURL((url) => url.pathname === "/webui")
    await expect.poll(() => page.getByTestId("webui-prompt").inputValue()).toBe(prompt)
  }, 90_000)
})

describe("the artwork detail", () => {
  it("收藏 toggles at once, keeps the count, and the personal center's 收藏 tab follows", async () => {
    const work = (await feed("sd", 5))[3]!
    const { page } = await signedIn("/personal")
    await page.getByRole("tab", { name: "收藏", exact: true }).click()
    const tile = page.locator(`[data-testid=work-tile][data-id="${work.id}"]`)
    expect(await tile.count()).toBe(0)
    await page.goto(`/personal?artwork=${work.id}`)
    await ready(page)
    const favorites = Number(await page.getByTestId("detail-favorites").innerText())
    const button = page.getByTestId("detail-collect")
    expect([await button.innerText(), await button.getAttribute("aria-pressed")]).toEqual(["收藏", "false"])
    await button.click()
    await expect.poll(() => button.innerText()).toBe("已收藏")
    expect(Number(await page.getByTestId("detail-favorites").innerText())).toBe(favorites + 1)
    await page.getByRole("button", { name: "关闭", exact: true }).first().click()
    await page.getByRole("tab", { name: "收藏", exact: true }).click()
    await tile.waitFor()

    // the server kept it: the page again, the detail again
    await page.goto(`/work-detail/${work.id}`)
    await ready(page)
    expect(await page.getByTestId("detail-collect").innerText()).toBe("已收藏")
    await page.getByTestId("detail-collect").click()
    await expect.poll(() => page.getByTestId("detail-collect").innerText()).toBe("收藏")
    expect(Number(await page.getByTestId("detail-favorites").innerText())).toBe(favorites)
    await page.goto("/personal")
    await page.getByRole("tab", { name: "收藏", exact: true }).click()
    await page.getByText("还没有收藏").or(page.getByTestId("work-tile").first()).waitFor()
    expect(await tile.count()).toBe(0)
  }, 90_000)

  it("a LoRA chip of one's own result shows the catalogue's name (油纸伞), not its file", async () => {
    const { page, account: me } = await signedIn("/list")
    const catalog = await callApi<{ checkpoints: Array<string> }>("/api/v2/task/catalog", { token: me.token, query: { type: "sd" } })
    const submit = {
      type: "sd", prompt: "江南水乡, 烟雨", negative_prompt: "", checkpoint: catalog.checkpoints[0], loras: [{ name: "oilpaper_umbrella", weight: 0.8 }],
      sampler: "Euler a", schedule_type: "Karras", steps: 20, cfg_scale: 7, width: 256, height: 256, seed: 7, num: 1
    }
    const task = await callApi<{ id: string }>("/api/v2/task/submit", { method: "POST", token: me.token, json: submit })
    let artworkId = 0
    await expect.poll(async () => {
      const view = await callApi<{ status: string; images: Array<{ artwork_id: number }> }>("/api/v2/task/info", { token: me.token, query: { id: task.id } })
      artworkId = view.images[0]?.artwork_id ?? 0
      return view.status
    }, { timeout: TASK_TIMEOUT, interval: 500 }).toBe("succeeded")
    await page.goto(`/list?artwork=${artworkId}`)
    await ready(page)
    const chips = await page.getByTestId("model-chip").allInnerTexts()
    expect(chips.map((chip) => chip.replace(/\s+/g, " ").trim())).toContain("LoRA 油纸伞")
  }, 90_000)

  it.each([1280, 1920])("screenshots: the detail of each type at %i px", async (width) => {
    const works = {
      sd: await findWork("sd", (info) => ((info.parameters.models as Array<unknown> | undefined) ?? []).length > 1),
      quick: await findWork("quick", (info) => (info.parameters.prompt ?? "") !== ""),
      quick_mj: await findWork("quick_mj", (info) => (info.parameters.prompt ?? "") !== ""),
      agent: await findWork("agent", (info) => (info.parameters.prompt ?? "") !== "")
    }
    const { page } = await signedIn("/list", width)
    for (const [type, work] of Object.entries(works)) {
      await page.goto(`/list?artwork=${work.id}`)
      await ready(page)
      await page.getByTestId("artwork-detail").locator("img").first().evaluate((image) => (image as HTMLImageElement).decode().catch(() => undefined))
      console.log("screenshot", await captureWindow(page, `samestyle-detail-${type}-${width}`))
      expect(await horizontalOverflow(page)).toBe(0)
    }
    await page.close()
  }, 240_000)
})
