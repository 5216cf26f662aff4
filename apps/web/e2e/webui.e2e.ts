import { inflateSync } from "node:zlib"
import { parseInfotext } from "@mido/core/generation"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { errorToast } from "./support/loginForm"
import { captureFullPage, captureWindow, horizontalOverflow } from "./support/screenshots"
import { balanceOf, buyBeans } from "./support/beans"
import { inputValue, webuiFields } from "./support/webuiForm"
import { login, type LoggedIn } from "./support/session"

// /webui, online Stable Diffusion (issue 14; docs/spec/webui.md WT, WP, WF): the form against the real
// server and its offline engine (本地演示引擎).


/** The `parameters` text of a PNG (tEXt, or iTXt when it holds Chinese), as WebUI's PNG Info reads it. */
const pngParameters = (png: Buffer): string | undefined => {
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    const type = png.toString("latin1", at + 4, at + 8)
    const data = png.subarray(at + 8, at + 8 + length)
    const nul = data.indexOf(0)
    if ((type === "tEXt" || type === "iTXt") && data.toString("latin1", 0, nul) === "parameters") {
      if (type === "tEXt") return data.toString("latin1", nul + 1)
      const compressed = data[nul + 1] === 1
      let rest = nul + 3
      for (let skip = 0; skip < 2; skip++) rest = data.indexOf(0, rest) + 1 // language tag, translated keyword
      return compressed ? inflateSync(data.subarray(rest)).toString("utf8") : data.toString("utf8", rest)
    }
    at += 12 + length
  }
  return undefined
}


const openWebui = async (path = "/webui"): Promise<{ page: Page; account: LoggedIn }> => {
  const page = await openApp("/list")
  const account = await login(page, { path })
  await page.getByTestId("webui-engine").getByText("本地演示引擎").waitFor()
  return { page, account }
}

const FULL = [
  "masterpiece, a lighthouse on a cliff at dusk, <lora:oilpaper_umbrella:0.65>",
  "Negative prompt: lowres, blurry",
  "Steps: 24, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 6.5, Seed: 20261125, Size: 512x768, Model: 本地演示·水彩, Batch size: 2, " +
    "Denoising strength: 0.55, Hires upscale: 1.5, Hires steps: 12, Hires upscaler: Lanczos, Clip skip: 2, ADetailer model: face_yolov8n.pt"
].join("\n")

describe("/webui", () => {
  it("?model= and ?prompt_for_paste= fill every field; unknown labels are shown; the engine is labelled; screenshots", async () => {
    const query = new URLSearchParams({ model: "本地演示·油画", prompt_for_paste: FULL })
    const { page } = await openWebui(`/webui?${query.toString()}`)
    expect(await webuiFields(page)).toEqual({
      checkpoint: "本地演示·油画", prompt: "masterpiece, a lighthouse on a cliff at dusk", negative: "lowres, blurry",
      sampler: "DPM++ 2M", schedule: "Karras", steps: "24", cfg: "6.5", width: "512", height: "768", seed: "20261125", batch: "2", hires: true,
      loras: ["oilpaper_umbrella:0.65"]
    })
    expect(await inputValue(page, "webui-hires-scale")).toBe("1.5")
    expect(await inputValue(page, "webui-hires-steps")).toBe("12")
    expect(await inputValue(page, "webui-hires-denoising")).toBe("0.55")
    expect(await inputValue(page, "webui-hires-upscaler")).toBe("Lanczos")
    const chips = page.getByTestId("webui-unrecognised")
    await chips.getByText("face_yolov8n.pt").waitFor()
    expect((await chips.innerText()).replace(/\s+/g, " ")).toContain("Clip skip: 2")
    await page.getByTestId("webui-offline-notice").waitFor()
    // WT: the counters over both prompt boxes
    expect(await page.getByTestId("webui-prompt-tokens").innerText()).toMatch(/^\d+\/75$/)
    await page.getByTestId("generate-cost").getByText(/消耗 \d+ 米豆/).waitFor()
    await captureFullPage(page, "webui-1280")
    expect(await horizontalOverflow(page)).toBe(0)
    await page.setViewportSize({ width: 1920, height: 1080 })
    await captureFullPage(page, "webui-1920")
    expect(await horizontalOverflow(page)).toBe(0)
  })

  it("same-style from an sd artwork's detail dialog fills every field from its infotext", async () => {
    // a work whose infotext names its checkpoint (the demo's do; a work published by an earlier test may
    // name none, and then the form rightly keeps the checkpoint it had)
    const feed = await callApi<{ list: Array<{ id: number }> }>("/api/v1/open/artwork/artwork/get_profile_list", { query: { type: "sd", size: "20" } })
    type Arg = { key: string; value: string | number }
    type Info = { parameters: { prompt: string; negative_prompt: string; models: Array<{ type: string; name: string }>; args: Array<Arg> } }
    const named = async (): Promise<{ id: number; info: Info }> => {
      for (const { id } of feed.list) {
        const info = await callApi<Info>("/api/v2/open/artwork/info", { query: { id: String(id) } })
        if (info.parameters.models.some((model) => model.type === "Checkpoint")) return { id, info }
      }
      throw new Error("no sd work on the square names its checkpoint")
    }
    const { id, info } = await named()
    const arg = (key: string) => String(info.parameters.args.find((item) => item.key === key)?.value ?? "")
    const { page } = await openWebui()
    await page.goto(`/webui?artwork=${id}`)
    await page.locator("[data-testid=artwork-detail][data-status=ready]").waitFor()
    await page.getByTestId("detail-same-style").click()
    await page.waitForURL((url) => url.pathname === "/webui" && url.searchParams.has("prompt_for_paste"))
    const [width, height] = arg("size").split("x")
    const loraNames = info.parameters.models.filter((model) => model.type === "LoRA")
    // the prefill lands once the page has read the new address (and the select has its options)
    const checkpoint = info.parameters.models.find((model) => model.type === "Checkpoint")!.name
    await expect.poll(() => inputValue(page, "webui-checkpoint"), { timeout: 10_000 }).toBe(checkpoint)
    const form = await webuiFields(page)
    expect(form).toMatchObject({
      checkpoint,
      negative: info.parameters.negative_prompt,
      sampler: arg("sampler"), schedule: arg("schedule_type"), steps: arg("steps"), cfg: arg("cfg_scale"), seed: arg("seed"), width, height
    })
    expect(info.parameters.prompt.startsWith(form.prompt)).toBe(true)
    expect(form.loras).toHaveLength(loraNames.length)
  })

  it("a pasted infotext round-trips: fields → generate → the result's PNG infotext; the balance goes down by the shown cost; ♻ reuses the seed", async () => {
    const { page, account } = await openWebui()
    await buyBeans(account.token, 1)
    await page.getByTestId("webui-paste-toggle").click()
    await page.getByTestId("webui-paste").fill([
      "a red fox in snow, <lora:oilpaper_umbrella:0.65>",
      "Negative prompt: lowres, blurry",
      "Steps: 12, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 6.5, Seed: 4242, Size: 512x768, Model: 本地演示·水彩, VAE: vae-ft-mse"
    ].join("\n"))
    await page.getByTestId("webui-paste-apply").click()
    await page.getByTestId("webui-unrecognised").getByText("vae-ft-mse").waitFor()
    expect(await webuiFields(page)).toMatchObject({ prompt: "a red fox in snow", checkpoint: "本地演示·水彩", seed: "4242", loras: ["oilpaper_umbrella:0.65"] })

    const button = page.getByTestId("generate-button")
    await page.getByTestId("generate-cost").getByText(/消耗 \d+ 米豆/).waitFor()
    const shown = Number(await button.getAttribute("data-points"))
    const before = await balanceOf(account.token)
    expect(before).toBeGreaterThanOrEqual(shown)
    await button.click()
    const card = page.getByTestId("task-card").first()
    await page.locator("[data-testid=task-card][data-status=succeeded]").first().waitFor({ timeout: 30_000 })
    expect(await balanceOf(account.token)).toBe(before - shown)
    await captureFullPage(page, "webui-result-1280")
    expect(await horizontalOverflow(page)).toBe(0)

    const image = card.getByTestId("task-image").first()
    const artworkId = await image.getAttribute("data-artwork-id")
    const src = await image.locator("img").getAttribute("src")
    const png = Buffer.from(await (await fetch(new URL(src!, baseUrl()))).arrayBuffer())
    const parsed = parseInfotext(pngParameters(png) ?? "")
    expect(parsed.prompt).toBe("a red fox in snow, <lora:oilpaper_umbrella:0.65>")
    expect(parsed.negativePrompt).toBe("lowres, blurry")
    expect(parsed.params).toMatchObject({ Steps: "12", Sampler: "DPM++ 2M", "Schedule type": "Karras", "CFG scale": "6.5", Seed: "4242", Size: "512x768", Model: "本地演示·水彩", Engine: "本地演示引擎" })
    expect(parsed.params).not.toHaveProperty("VAE") // not a setting of ours: shown, never sent

    // ♻: after a random seed, reuse takes the seed the server drew, exactly
    await page.getByRole("button", { name: "随机种子" }).click()
    expect(await inputValue(page, "webui-seed")).toBe("-1")
    await button.click()
    await page.locator("[data-testid=task-card][data-status=succeeded]").nth(1).waitFor({ timeout: 30_000 })
    const tasks = await callApi<{ list: Array<{ params: { seed: number } }> }>("/api/v2/task/list", { query: { type: "sd", size: "1" }, token: account.token })
    const drawn = tasks.list[0]!.params.seed
    expect(drawn).toBeGreaterThanOrEqual(0)
    await page.getByRole("button", { name: "复用上次的种子" }).click()
    expect(await inputValue(page, "webui-seed")).toBe(String(drawn))

    // 发布 from the panel (shared with /aigc): a title, then the audit submit
    const first = page.locator(`[data-testid=task-image][data-artwork-id="${artworkId}"]`)
    await first.hover()
    await first.getByRole("button", { name: "发布" }).click()
    const publish = page.getByRole("dialog", { name: "发布作品" })
    const title = publish.getByLabel("作品标题")
    await title.fill("雪地里的狐狸")
    await publish.getByRole("button", { name: "提交审核" }).click()
    await page.getByText("已提交审核，通过后将展示在灵感广场").waitFor()
    await title.waitFor({ state: "hidden" })
    const pending = await callApi<{ list: Array<{ id: number }> }>("/api/v2/artwork/list", { query: { audit_status: "pending" }, token: account.token })
    expect(pending.list.map((item) => item.id)).toContain(Number(artworkId))

    // the result is in the asset library
    await page.goto("/property")
    await page.locator(`[data-testid=property-item][data-id="${artworkId}"]`).waitFor()
  })

  it("the user's models (添加到我的模型) join the engine's catalogue: checkpoints and LoRAs", async () => {
    const page = await openApp("/list")
    const account = await login(page, { fresh: true })
    for (const [name, type] of [["麦橘写实 v7", "Checkpoint"], ["汉服少女", "LoRA"]] as const) {
      const card = await callApi<{ id: number }>("/api/v1/open/artwork/models/info", { query: { name, type } })
      await callApi("/api/v1/sd/models/add", { json: { model_id: card.id }, token: account.token })
    }
    await page.goto("/webui")
    await page.getByTestId("webui-engine").getByText("本地演示引擎").waitFor()
    const checkpoint = page.getByTestId("webui-checkpoint")
    expect(await checkpoint.locator("optgroup[label=我的模型] option").allInnerTexts()).toEqual(["麦橘写实 v7"])
    await checkpoint.selectOption("麦橘写实 v7")
    await page.getByRole("combobox", { name: "选择 LoRA" }).selectOption({ label: "汉服少女（我的模型）" })
    await page.getByRole("button", { name: "添加 LoRA" }).click()
    // the tag name is the file's, as WebUI writes <lora:file:weight> (SD4)
    expect((await webuiFields(page)).loras).toEqual(["汉服少女:1"])
    await page.getByRole("slider", { name: "汉服少女 权重" }).fill("-0.35")
    expect((await webuiFields(page)).loras).toEqual(["汉服少女:-0.35"])
    await page.getByRole("button", { name: "移除 汉服少女" }).click()
    expect((await webuiFields(page)).loras).toEqual([])
  })

  it("a checkpoint the engine does not have (from a same-style link) is refused by name before any charge (issue 26)", async () => {
    const query = new URLSearchParams({ model: "no_such_model_v9.safetensors", prompt_for_paste: "a red fox in snow" })
    const { page, account } = await openWebui(`/webui?${query.toString()}`)
    await buyBeans(account.token, 1)
    expect((await webuiFields(page)).checkpoint).toBe("no_such_model_v9.safetensors")
    await page.getByTestId("generate-cost").getByText(/消耗 \d+ 米豆/).waitFor()
    const before = await balanceOf(account.token)
    await page.getByTestId("generate-button").click()
    await errorToast(page, "模型「no_such_model_v9.safetensors」不存在，请重新选择").waitFor()
    expect(await balanceOf(account.token)).toBe(before)
    await captureWindow(page, "webui-unknown-model-1280")
    await page.setViewportSize({ width: 1920, height: 1080 })
    await captureWindow(page, "webui-unknown-model-1920")
    expect(await horizontalOverflow(page)).toBe(0)
  })

  it("a bad size is named under the field and the button waits", async () => {
    const { page } = await openWebui()
    await page.getByTestId("webui-prompt").fill("a cat")
    await page.getByTestId("webui-width").fill("500")
    await page.getByTestId("webui-size-error").getByText("宽度需为 8 的倍数").waitFor()
    expect(await page.getByTestId("generate-button").isDisabled()).toBe(true)
    await page.getByTestId("webui-height").fill("4096")
    await page.getByTestId("webui-width").fill("512")
    await page.getByTestId("webui-size-error").getByText("高度需在 64 到 2048 之间").waitFor()
    await page.getByRole("button", { name: "768×1024" }).click()
    await page.getByTestId("webui-size-error").waitFor({ state: "hidden" })
    await page.getByTestId("generate-cost").getByText(/消耗 \d+ 米豆/).waitFor()
    expect(await page.getByTestId("generate-button").isDisabled()).toBe(false)
  })
})
