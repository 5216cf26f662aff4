import { deflateSync } from "node:zlib"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { baseUrl, openApp } from "./support/browser"
import { buyBeans } from "./support/beans"
import { callApi } from "./support/devServer"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { inputValue, webuiFields } from "./support/webuiForm"
import { login, type LoggedIn } from "./support/session"
import { pngChunk, withChunks } from "./support/pngImage"
import { scenePng } from "./support/tools"

// Recreate from a picture on /webui (issue 25; docs/spec/pnginfo.md PI, webui.md WF7): a PNG dropped,
// pasted or picked fills the form in the browser (the server's upload is not involved), and a new
// form greets no one with an error.

const tEXt = (keyword: string, text: string) => pngChunk("tEXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.of(0), Buffer.from(text, "latin1")]))
const zippedITXt = (keyword: string, text: string) =>
  pngChunk("iTXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.of(0, 1, 0, 0, 0), deflateSync(Buffer.from(text, "utf8"))]))

const COMFY_PROMPT = {
  "3": { class_type: "KSampler", inputs: { seed: 8675309, steps: 24, cfg: 6.5, sampler_name: "dpmpp_2m", scheduler: "karras", denoise: 1, model: ["10", 0], positive: ["6", 0], negative: ["7", 0], latent_image: ["5", 0] } },
  "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "anything_v5.safetensors" } },
  "5": { class_type: "EmptyLatentImage", inputs: { width: 640, height: 832, batch_size: 1 } },
  "6": { class_type: "CLIPTextEncode", inputs: { text: "1girl, hanfu, cherry blossoms", clip: ["10", 1] } },
  "7": { class_type: "CLIPTextEncode", inputs: { text: "lowres, watermark", clip: ["10", 1] } },
  "8": { class_type: "VAEDecode", inputs: { samples: ["3", 0], vae: ["4", 2] } },
  "9": { class_type: "SaveImage", inputs: { filename_prefix: "ComfyUI", images: ["8", 0] } },
  "10": { class_type: "LoraLoader", inputs: { lora_name: "hanfu_girl_v2.safetensors", strength_model: 0.8, strength_clip: 1, model: ["4", 0], clip: ["4", 1] } }
}


const openWebui = async (width = 1280): Promise<{ page: Page; account: LoggedIn }> => {
  const page = await openApp("/list", { width })
  const account = await login(page, { path: "/webui" })
  await page.getByTestId("webui-engine").getByText("本地演示引擎").waitFor()
  return { page, account }
}

/** Hands the page a file the way the browser does for a drop or a paste: a DataTransfer holding it. */
const transfer = async (page: Page, file: Buffer, name: string, event: "drop" | "paste", target: string) => {
  const dataTransfer = await page.evaluateHandle(([base64, fileName]) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const data = new DataTransfer()
    data.items.add(new File([bytes], fileName, { type: "image/png" }))
    return data
  }, [file.toString("base64"), name] as const)
  if (event === "drop") {
    await page.dispatchEvent(target, "dragover", { dataTransfer })
    await page.dispatchEvent(target, "drop", { dataTransfer })
  } else {
    await page.locator(target).evaluate((node, data) => node.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true })), dataTransfer)
  }
}

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor({ timeout: 10_000 })

describe("/webui reads a picture's settings (issue 25)", () => {
  it("WF7: the first load shows no error and no 计算消耗…; the cost shows, and an emptied prompt is named", async () => {
    for (const width of [1280, 1920]) {
      const { page } = await openWebui(width)
      await expect.poll(() => page.getByTestId("generate-cost").innerText(), { timeout: 15_000 }).toMatch(/消耗 \d+ 米豆/)
      expect(await page.getByText("请输入提示词").count()).toBe(0)
      expect(await page.getByTestId("webui-problem").count()).toBe(0)
      expect(await page.getByTestId("webui-form").getByRole("alert").count()).toBe(0)
      expect(await horizontalOverflow(page)).toBe(0)
      await captureFullPage(page, `webui-first-load-${width}`)
      if (width !== 1280) continue
      await page.getByTestId("webui-prompt").fill("a cat")
      await page.getByTestId("webui-prompt").fill("")
      await page.getByTestId("webui-problem").getByText("请输入提示词").waitFor()
    }
  }, 90_000)

  it("PI2: a Mido download dropped on the page fills every field it names", async () => {
    const { page, account } = await openWebui()
    await buyBeans(account.token)
    const task = await callApi<{ id: string }>("/api/v2/task/submit", {
      token: account.token,
      json: { type: "sd", prompt: "雪夜江南, 石桥", negative_prompt: "lowres", checkpoint: "本地演示·水彩", loras: [{ name: "oilpaper_umbrella", weight: 0.65 }], sampler: "DPM++ 2M", schedule_type: "Karras", steps: 26, cfg_scale: 6, width: 512, height: 640, seed: 4242, num: 1 }
    })
    let url = ""
    await expect.poll(async () => {
      const view = await callApi<{ status: string; images: Array<{ url: string }> }>("/api/v2/task/info", { token: account.token, query: { id: task.id } })
      url = view.images[0]?.url ?? ""
      return view.status
    }, { timeout: 60_000, interval: 250 }).toBe("succeeded")
    const png = Buffer.from(await (await fetch(new URL(url, baseUrl()))).arrayBuffer())

    await transfer(page, png, "mido.png", "drop", "[data-testid=webui-drop]")
    await toast(page, "已读取图片中的生成参数")
    expect(await webuiFields(page)).toMatchObject({
      checkpoint: "本地演示·水彩", prompt: "雪夜江南, 石桥", negative: "lowres", sampler: "DPM++ 2M", schedule: "Karras",
      steps: "26", cfg: "6", width: "512", height: "640", seed: "4242", loras: ["oilpaper_umbrella:0.65"]
    })
  }, 120_000)

  it("PI3–PI5: a ComfyUI PNG pasted on the page, and an A1111 one picked, fill the form; a plain picture says so", async () => {
    const { page } = await openWebui()
    const comfy = withChunks(scenePng(64, 64, [90, 60, 160]), tEXt("prompt", JSON.stringify(COMFY_PROMPT)), tEXt("workflow", JSON.stringify({ nodes: [], links: [] })))
    await transfer(page, comfy, "ComfyUI_00001_.png", "paste", "body")
    await toast(page, "已读取 ComfyUI 图片中的生成参数")
    expect(await webuiFields(page)).toMatchObject({
      checkpoint: "anything_v5", prompt: "1girl, hanfu, cherry blossoms", negative: "lowres, watermark", sampler: "DPM++ 2M", schedule: "Karras",
      steps: "24", cfg: "6.5", width: "640", height: "832", seed: "8675309", loras: ["hanfu_girl_v2:0.8"]
    })

    // an A1111 / Forge picture with its text compressed, through 从图片读取
    const forge = withChunks(scenePng(64, 64, [30, 120, 90]), zippedITXt("parameters", "山间小屋, 晨雾\nNegative prompt: blurry\nSteps: 18, Sampler: Euler a, Schedule type: Automatic, CFG scale: 4.5, Seed: 77, Size: 768x512, Model: sd_xl_base_1.0"))
    await page.getByTestId("webui-picture-input").setInputFiles({ name: "forge.png", mimeType: "image/png", buffer: forge })
    await expect.poll(() => inputValue(page, "webui-prompt")).toBe("山间小屋, 晨雾")
    expect(await webuiFields(page)).toMatchObject({ checkpoint: "sd_xl_base_1.0", sampler: "Euler a", steps: "18", cfg: "4.5", seed: "77", width: "768", height: "512", loras: [] })

    // into the 粘贴生成参数 box: a picture without settings changes nothing and says so
    await page.getByTestId("webui-paste-toggle").click()
    await transfer(page, scenePng(48, 48, [200, 80, 40]), "photo.png", "drop", "[data-testid=webui-paste]")
    await toast(page, "这张图片不含生成参数")
    expect(await inputValue(page, "webui-prompt")).toBe("山间小屋, 晨雾")
    await captureFullPage(page, "webui-picture-read-1280")
  }, 90_000)
})
