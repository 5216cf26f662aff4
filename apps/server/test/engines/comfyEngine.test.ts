import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { makeComfyEngine } from "../../src/adapters/engine/comfyui/comfyEngine.js"
import type { RunControl } from "../../src/adapters/engine/imageEnginePort.js"
import { COMFY_CHECKPOINTS, type ComfyFailure } from "../engineFakes/comfyFake.js"
import { fakePng } from "../engineFakes/fakePng.js"
import { control, engineOn, failureOf, freeUrl, nodesOf, request, start } from "./comfyTestKit.js"

// No database here: the engine adapter against a fake ComfyUI (HTTP + WebSocket) on loopback.

describe("ComfyUI engine", () => {
  it("txt2img queues the txt2img graph, follows the socket's progress and previews and reads the images", async () => {
    const fake = await start({ previewMethod: "auto" })
    const { run, seen } = control()
    const result = await engineOn(fake).txt2img(request, run)

    expect(nodesOf(fake, "CheckpointLoaderSimple")).toEqual([{ class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "sd_xl_base_1.0.safetensors" } }])
    expect(nodesOf(fake, "LoraLoader")[0]!.inputs).toMatchObject({ lora_name: "detail_tweaker.safetensors", strength_model: 0.7, strength_clip: 0.7 })
    expect(nodesOf(fake, "CLIPTextEncode").map((node) => node.inputs.text)).toEqual(["一只猫, masterpiece", "lowres"])
    expect(nodesOf(fake, "EmptyLatentImage")[0]!.inputs).toEqual({ width: 96, height: 64, batch_size: 1 })
    expect(nodesOf(fake, "KSampler").map((node) => node.inputs)).toEqual([42, 43].map((seed) => expect.objectContaining({ seed, steps: 6, cfg: 6.5, sampler_name: "dpmpp_2m", scheduler: "karras", denoise: 1 })))
    expect(nodesOf(fake, "SaveImage")).toHaveLength(2)
    const submitted = fake.requests.find((each) => each.path === "/prompt")!.body!
    expect(submitted.client_id).toEqual(expect.any(String))

    expect(result.images.map((image) => [image.width, image.height, image.seed])).toEqual([
      [96, 64, 42],
      [96, 64, 43]
    ])
    expect(Buffer.from(result.images[1]!.bytes).equals(await fakePng("一只猫, masterpiece|43|empty", 96, 64))).toBe(true)
    const percents = seen.map((each) => each.percent)
    expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true)
    expect(percents).toEqual([...percents].sort((a, b) => a - b))
    expect(percents.at(-1)).toBe(100)
    const preview = seen.find((each) => each.preview !== undefined)!.preview!
    expect((await sharp(preview).metadata()).format).toBe("jpeg")
    expect(fake.requests.some((each) => each.path.startsWith("/view?filename=mido_"))).toBe(true)
  })

  it("a request without a checkpoint uses the configured default, else the first ComfyUI lists", async () => {
    const fake = await start()
    await engineOn(fake, { defaultCheckpoint: COMFY_CHECKPOINTS[1] }).txt2img({ ...request, checkpoint: undefined, count: 1 }, control().run)
    expect(nodesOf(fake, "CheckpointLoaderSimple")[0]!.inputs.ckpt_name).toBe(COMFY_CHECKPOINTS[1])
    await engineOn(fake).txt2img({ ...request, checkpoint: undefined, count: 1 }, control().run)
    expect(nodesOf(fake, "CheckpointLoaderSimple")[0]!.inputs.ckpt_name).toBe(COMFY_CHECKPOINTS[0])
  })

  it("hires fix adds a latent upscale and a second sampler pass", async () => {
    const fake = await start()
    const result = await engineOn(fake).txt2img({ ...request, count: 1, hires: { scale: 1.5, upscaler: "Latent", steps: 0, denoising: 0.4 } }, control().run)
    // the WebUI's "Latent" is bilinear (modules/shared_items.py latent_upscale_modes)
    expect(nodesOf(fake, "LatentUpscaleBy")[0]!.inputs).toMatchObject({ scale_by: 1.5, upscale_method: "bilinear" })
    expect(nodesOf(fake, "KSampler").map((node) => [node.inputs.steps, node.inputs.denoise])).toEqual([
      [6, 1],
      [6, 0.4]
    ])
    expect([result.images[0]!.width, result.images[0]!.height]).toEqual([144, 96])
  })

  it("inpaint uploads the image and the mask and masks the latent", async () => {
    const fake = await start()
    const init = await fakePng("init", 80, 80)
    const mask = await sharp({ create: { width: 80, height: 80, channels: 3, background: "white" } }).png().toBuffer()
    const result = await engineOn(fake).img2img({ ...request, count: 1, init, mask, denoisingStrength: 0.6 }, control().run)
    const uploads = fake.requests.filter((each) => each.path === "/upload/image")
    expect(uploads.map((each) => each.form)).toEqual([
      expect.objectContaining({ image: init.length, type: "input", overwrite: "true" }),
      expect.objectContaining({ image: mask.length, type: "input" })
    ])
    expect(nodesOf(fake, "LoadImage")).toHaveLength(2)
    expect(nodesOf(fake, "ImageToMask")[0]!.inputs).toMatchObject({ channel: "red" })
    expect(nodesOf(fake, "SetLatentNoiseMask")).toHaveLength(1)
    expect(nodesOf(fake, "KSampler")[0]!.inputs.denoise).toBe(0.6)
    expect([result.images[0]!.width, result.images[0]!.height]).toEqual([96, 64])

    await engineOn(fake).img2img({ ...request, count: 1, init, mask, denoisingStrength: 1 }, control().run)
    expect(nodesOf(fake, "VAEEncodeForInpaint")[0]!.inputs).toMatchObject({ grow_mask_by: 6 })
  })

  it("img2img without a mask encodes the scaled image and samples with its denoise", async () => {
    const fake = await start()
    await engineOn(fake).img2img({ ...request, count: 1, init: await fakePng("init", 80, 80), denoisingStrength: 0.5 }, control().run)
    expect(nodesOf(fake, "VAEEncode")).toHaveLength(1)
    expect(nodesOf(fake, "ImageToMask")).toHaveLength(0)
    expect(nodesOf(fake, "ImageScale")[0]!.inputs).toMatchObject({ width: 96, height: 64 })
    expect(nodesOf(fake, "KSampler")[0]!.inputs.denoise).toBe(0.5)
  })

  it("upscale scales by lanczos, or through an upscale model to exactly the asked size", async () => {
    const fake = await start()
    const image = await fakePng("small", 40, 30)
    const plain = await engineOn(fake).upscale({ image, scale: 2 }, control().run)
    expect(nodesOf(fake, "ImageScaleBy")[0]!.inputs).toMatchObject({ scale_by: 2, upscale_method: "lanczos" })
    expect([plain.images[0]!.width, plain.images[0]!.height]).toEqual([80, 60])
    const model = await engineOn(fake).upscale({ image, scale: 2, upscaler: "4x-UltraSharp.pth" }, control().run)
    expect(nodesOf(fake, "UpscaleModelLoader")[0]!.inputs).toEqual({ model_name: "4x-UltraSharp.pth" })
    expect(nodesOf(fake, "ImageUpscaleWithModel")).toHaveLength(1)
    expect([model.images[0]!.width, model.images[0]!.height]).toEqual([80, 60])
  })

  it("catalog reads object_info in both the old list and the V3 COMBO form, names as the WebUI spells them", async () => {
    const fake = await start()
    expect(await engineOn(fake).catalog()).toEqual({
      checkpoints: COMFY_CHECKPOINTS,
      loras: ["detail_tweaker.safetensors", "flux_realism_lora.safetensors"],
      samplers: ["DPM++ 2M", "DPM++ SDE", "DPM++ 2M SDE", "DPM++ 2M SDE Heun", "DPM++ 2S a", "DPM++ 3M SDE", "Euler a", "Euler", "LMS", "Heun", "DPM2", "DPM2 a", "DPM fast", "DPM adaptive", "DDIM", "UniPC", "LCM"],
      schedulers: ["Automatic", "Karras", "Exponential", "SGM Uniform", "Simple", "Normal", "DDIM", "Beta", "KL Optimal"],
      upscalers: ["Latent", "Latent (bicubic)", "Latent (nearest-exact)", "None", "Lanczos", "Nearest", "4x-UltraSharp.pth"]
    })
  })

  it("health asks /system_stats", async () => {
    const fake = await start()
    expect(await engineOn(fake).health()).toEqual({ ok: true })
    const down = await makeComfyEngine({ baseUrl: await freeUrl() }).health()
    expect([down.ok, down.detail?.includes("绘画引擎未启动或无法连接")]).toEqual([false, true])
  })

  it("an abort interrupts the running prompt (only ours) and deletes it from the queue", async () => {
    const fake = await start(40)
    const abort = new AbortController()
    const run: RunControl = { signal: abort.signal, onProgress: () => abort.abort() }
    const error = await failureOf(engineOn(fake).txt2img(request, run))
    expect(error.kind).toBe("interrupted")
    const [promptId] = fake.promptIds()
    expect(fake.requests.filter((each) => each.path === "/queue" && each.method === "POST").map((each) => each.body)).toEqual([{ delete: [promptId] }])
    expect(fake.requests.filter((each) => each.path === "/interrupt").map((each) => each.body)).toEqual([{ prompt_id: promptId }])
  })

  it.each(["no-socket", "socket-drop"] as const)("%s: the run falls back to polling /history and still succeeds", async (mode) => {
    const fake = await start()
    fake.fail(mode)
    const { run, seen } = control()
    const result = await engineOn(fake).txt2img(request, run)
    expect(result.images).toHaveLength(2)
    expect(seen.at(-1)).toEqual({ percent: 100 })
    expect(fake.requests.filter((each) => each.path.startsWith("/history/")).length).toBeGreaterThan(0)
  })

  it.each([
    ["400", "rejected", "参数不被引擎接受: CheckpointLoaderSimple: Value not in list (ckpt_name: 'x' not in [...])"],
    ["500", "transient", "绘画引擎暂时不可用"],
    ["drop", "transient", "绘画引擎暂时不可用"],
    ["hang", "timeout", "绘画超时"],
    ["stall", "timeout", "绘画超时"],
    ["execution-error", "rejected", "绘画引擎执行出错: KSampler: mat1 and mat2 shapes cannot be multiplied (154x2048 and 768x320)"],
    ["out-of-memory", "transient", "绘画引擎暂时不可用（显存不足或设备忙）"]
  ] as const)("engine failure %s → %s with a Chinese reason", async (mode: ComfyFailure, kind, reason) => {
    const fake = await start()
    fake.fail(mode)
    // only the modes that never end meet the short deadline; the others keep a long one, so a loaded
    // machine cannot turn their failure into a timeout
    const ends = mode !== "hang" && mode !== "stall"
    const began = Date.now()
    const error = await failureOf(engineOn(fake, { timeoutMs: ends ? 30_000 : 300 }).txt2img(request, control().run))
    expect([error.kind, error.reason]).toEqual([kind, reason])
    expect(error.message).not.toContain("一只猫")
    // the deadline stops a prompt that never ends (the test's own limit would catch a hang, later)
    expect(Date.now() - began).toBeLessThan(ends ? 30_000 : 5_000)
    // a stalled prompt is still ComfyUI's running one: the deadline stops it
    if (mode === "stall") expect(fake.requests.some((each) => each.path === "/interrupt")).toBe(true)
  })

  it("ComfyUI's own validation refuses an unknown checkpoint; a ComfyUI that is not running is unavailable", async () => {
    const fake = await start()
    const unknown = await failureOf(engineOn(fake).txt2img({ ...request, checkpoint: "nope.safetensors" }, control().run))
    expect(unknown.kind).toBe("rejected")
    expect(unknown.reason).toContain("Value not in list")
    const refused = await failureOf(makeComfyEngine({ baseUrl: await freeUrl() }).txt2img(request, control().run))
    expect([refused.kind, refused.reason]).toEqual(["unavailable", "绘画引擎未启动或无法连接"])
  })
})
