import { envelope, makeMemoryServerEvents, taskEvents } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { type Answers, loggedIn, makeWorld, type World } from "../../../test/world.js"

const ID = "0b7c6a52-3f1e-4d8a-9c2b-5e4f1a2b3c4d"
const CATALOG = { engine: "本地演示引擎", offline: true, checkpoints: ["本地演示·通用", "本地演示·水彩"], loras: [], samplers: ["Euler a", "DPM++ 2M"], schedulers: ["Automatic", "Karras"], upscalers: ["Lanczos"] }
const model = (id: number, type: "Checkpoint" | "LoRA", name: string, file: string) => ({
  id, type, name, cover: "", description: "", base_model: "SD 1.5", files: [{ name: file, size: 1 }], tags: [], use_count: 0, is_added: true
})
const MINE = [model(2, "LoRA", "油纸伞", "oilpaper_umbrella.safetensors"), model(1, "Checkpoint", "麦橘写实 v7", "majicmixRealistic_v7.safetensors")]
const sdParams = (seed: number) => ({
  type: "sd", prompt: "cat", negative_prompt: "", checkpoint: "本地演示·通用", loras: [], sampler: "Euler a", schedule_type: "Automatic",
  steps: 20, cfg_scale: 7, width: 512, height: 512, seed, num: 1
})
const task = (seed: number, status = "succeeded") => ({
  id: ID, type: "sd", status, progress: 100, images: [], num: 1, cost: 6, refunded: 0, prompt: "cat", engine: "本地演示引擎",
  params: sdParams(seed), created_at: "2026-11-25 20:15:02"
})

/** A 1×1 PNG with one tEXt chunk per [keyword, text] (CRCs are not checked by the reader). */
const pngWith = (...texts: ReadonlyArray<readonly [string, string]>): Blob => {
  const chunk = (type: string, data: ReadonlyArray<number>) => {
    const length = data.length
    return [length >>> 24, (length >>> 16) & 255, (length >>> 8) & 255, length & 255, ...[...type].map((char) => char.charCodeAt(0)), ...data, 0, 0, 0, 0]
  }
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
  const bytes = [
    137, 80, 78, 71, 13, 10, 26, 10,
    ...chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]),
    ...texts.flatMap(([keyword, text]) => chunk("tEXt", [...ascii(keyword), 0, ...ascii(text)])),
    ...chunk("IEND", [])
  ]
  return new Blob([Uint8Array.from(bytes)], { type: "image/png" })
}

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const open = async (extra: Answers = {}) => {
  world = makeWorld({
    stored: loggedIn(),
    host: { serverEvents: makeMemoryServerEvents(() => taskEvents(task(987654))).events },
    answers: {
      ...startupAnswers,
      "/api/v2/task/catalog": () => envelope(0, CATALOG),
      "/api/v1/sd/models/mine": () => envelope(0, MINE),
      "/api/v1/user/points": () => envelope(0, { balance: 100, today_consumed: 0 }),
      "/api/v2/quick/task/points": () => envelope(0, { points: 6, balance: 100 }),
      "/api/v2/task/submit": () => envelope(0, task(987654, "queued")),
      "/api/v2/task/list": () => envelope(0, { list: [] }),
      ...extra
    }
  })
  await world.boot()
  return { ...world, webui: await world.store.webuiStore() }
}

describe("WebuiStore", () => {
  it("merges the engine's catalogue with the user's models and takes the first checkpoint", async () => {
    const { webui } = await open()
    await webui.load()
    expect(webui.engineLabel).toBe("本地演示引擎")
    expect(webui.offline).toBe(true)
    expect(webui.checkpoints.map((option) => [option.value, option.source])).toEqual([["本地演示·通用", "engine"], ["本地演示·水彩", "engine"], ["麦橘写实 v7", "mine"]])
    // a LoRA's tag name is its file's (SD4), its label the model's name
    expect(webui.loras).toEqual([{ value: "oilpaper_umbrella", label: "油纸伞", source: "mine" }])
    expect(webui.form.values.checkpoint).toBe("本地演示·通用")
    webui.form.addLora("oilpaper_umbrella")
    expect(webui.lorasToAdd).toEqual([])
    expect(webui.loraLabel("oilpaper_umbrella")).toBe("油纸伞")
  })

  it("fills the form once per same-style address; a prefilled checkpoint no one offers is kept as its own option", async () => {
    const { webui } = await open()
    const search = `?model=${encodeURIComponent("SDXL 1.0 基础")}&prompt_for_paste=${encodeURIComponent("a cat\nSteps: 33, Seed: 5, Size: 768x512")}`
    webui.prefillFromAddress(search)
    await webui.load()
    expect(webui.form.values).toMatchObject({ checkpoint: "SDXL 1.0 基础", prompt: "a cat", steps: 33, seed: 5, width: 768, height: 512 })
    expect(webui.checkpoints.at(-1)).toEqual({ value: "SDXL 1.0 基础", label: "SDXL 1.0 基础", source: "chosen" })
    webui.form.set("steps", 10)
    webui.prefillFromAddress(search)
    expect(webui.form.values.steps).toBe(10)
    webui.prefillFromAddress("?artwork=5")
    expect(webui.form.values.steps).toBe(10)
  })

  it("names the first problem; generate refuses it with a toast and sends nothing", async () => {
    const { webui, store, calls } = await open()
    await webui.load()
    expect(webui.problem?.message).toBe("请输入提示词")
    webui.form.set("prompt", "a cat")
    webui.form.set("width", 500)
    expect(webui.problemOf("width", "height")).toBe("宽度需为 8 的倍数")
    expect(await webui.generate()).toBeNull()
    expect(store.toasts.shown.map((toast) => toast.message)).toContain("宽度需为 8 的倍数")
    expect(calls("/api/v2/task/submit")).toHaveLength(0)
  })

  it("submits the form as an sd task and ♻ takes the seed the server recorded", async () => {
    const { webui, calls } = await open()
    await webui.load()
    webui.form.set("prompt", "cat")
    webui.form.addLora("oilpaper_umbrella")
    webui.form.setLoraWeight("oilpaper_umbrella", 0.7)
    expect(webui.lastSeed).toBeUndefined()
    expect(await webui.generate()).not.toBeNull()
    const body = (calls("/api/v2/task/submit")[0]?.body as { value: Record<string, unknown> }).value
    expect(body).toMatchObject({ type: "sd", prompt: "cat", seed: -1, loras: [{ name: "oilpaper_umbrella", weight: 0.7 }], checkpoint: "本地演示·通用" })
    await vi.waitFor(() => expect(webui.lastSeed).toBe(987654))
    webui.reuseSeed()
    expect(webui.form.values.seed).toBe(987654)
  })

  it("WF7: a new form names no problem and asks the cost before a prompt is typed; touching the prompt or 生成 shows it", async () => {
    const { webui, calls, store } = await open()
    await webui.load()
    const stop = webui.followCost()
    expect(webui.problem?.message).toBe("请输入提示词")
    expect(webui.shownProblem).toBeUndefined()
    expect(webui.problemOf("prompt")).toBeUndefined()
    await vi.waitFor(() => expect(webui.cost.points).toBe(6))
    expect(calls("/api/v2/quick/task/points")).toHaveLength(1)
    // leaving the prompt box empty names it
    webui.form.touchPrompt()
    expect(webui.problemOf("prompt")).toBe("请输入提示词")
    // a fresh form: 生成 names it too (and sends nothing)
    webui.reset()
    await webui.load()
    expect(webui.shownProblem).toBeUndefined()
    expect(await webui.generate()).toBeNull()
    expect(webui.problemOf("prompt")).toBe("请输入提示词")
    expect(store.toasts.shown.map((toast) => toast.message)).toContain("请输入提示词")
    expect(calls("/api/v2/task/submit")).toHaveLength(0)
    stop()
  })

  it("PI: a picture's settings fill the form; one without any, or no PNG, leaves it and says why", async () => {
    const { webui, store } = await open()
    await webui.load()
    webui.form.set("prompt", "keep me")
    expect(await webui.readPicture(pngWith(["Software", "Paint"]))).toBe(false)
    expect(await webui.readPicture(new Blob([Uint8Array.from([0x47, 0x49, 0x46, 0x38])], { type: "image/gif" }))).toBe(false)
    expect(webui.form.values.prompt).toBe("keep me")
    expect(store.toasts.shown.map((toast) => toast.message)).toEqual(expect.arrayContaining(["这张图片不含生成参数", "只能读取 PNG、JPEG 或 WebP 图片中的生成参数"]))
    const comfy = { "3": { class_type: "KSampler", inputs: { seed: 8, steps: 12, cfg: 5, sampler_name: "euler", scheduler: "karras", positive: ["6", 0], negative: ["7", 0], latent_image: ["5", 0], model: ["4", 0] } }, "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "anything_v5.safetensors" } }, "5": { class_type: "EmptyLatentImage", inputs: { width: 640, height: 448, batch_size: 1 } }, "6": { class_type: "CLIPTextEncode", inputs: { text: "a fox" } }, "7": { class_type: "CLIPTextEncode", inputs: { text: "blurry" } } }
    expect(await webui.readPicture(pngWith(["prompt", JSON.stringify(comfy)]))).toBe(true)
    expect(webui.form.values).toMatchObject({ prompt: "a fox", negativePrompt: "blurry", steps: 12, sampler: "Euler", scheduleType: "Karras", cfgScale: 5, seed: 8, width: 640, height: 448, checkpoint: "anything_v5" })
    expect(store.toasts.shown.map((toast) => toast.message)).toContain("已读取 ComfyUI 图片中的生成参数")
  })

  it("follows the cost, and a logout empties everything", async () => {
    const { webui, calls, store } = await open()
    await webui.load()
    const stop = webui.followCost()
    webui.form.set("prompt", "cat")
    await vi.waitFor(() => expect(webui.cost.points).toBe(6))
    expect(calls("/api/v2/quick/task/points").at(-1)?.body).toEqual({ kind: "json", value: { type: "sd", num: 1, hires: false } })
    stop()
    await store.session.logout()
    expect(webui.form.values.prompt).toBe("")
    expect(webui.catalog).toBeNull()
    expect(webui.myModels).toEqual([])
  })
})
