import { createServer } from "node:net"
import sharp from "sharp"
import { afterEach, describe, expect, it } from "vitest"
import { makeA1111Engine } from "../../src/adapters/engine/a1111/a1111Engine.js"
import { EngineError, type EngineProgress, type RunControl, type TextToImage } from "../../src/adapters/engine/imageEnginePort.js"
import { startA1111Fake, type A1111Fake, type A1111FakeOptions } from "../engineFakes/a1111Fake.js"
import { fakePng } from "../engineFakes/fakePng.js"

// No database here: the engine adapter against a fake WebUI on loopback.

const fakes: Array<A1111Fake> = []
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()))
})

const start = async (options: A1111FakeOptions = {}) => {
  const fake = await startA1111Fake(options)
  fakes.push(fake)
  return fake
}

const control = (signal: AbortSignal = new AbortController().signal) => {
  const seen: Array<EngineProgress> = []
  const run: RunControl = { signal, onProgress: (progress) => seen.push(progress) }
  return { run, seen }
}

const request: TextToImage = {
  prompt: "一只猫, masterpiece",
  negativePrompt: "lowres",
  checkpoint: "sdxl_base.safetensors [31e35c80fc]",
  loras: [{ name: "detail_tweaker", weight: 0.8 }],
  sampler: "DPM++ 2M",
  scheduler: "karras",
  steps: 20,
  cfgScale: 7,
  width: 512,
  height: 768,
  seed: 1234,
  count: 2
}

const failureOf = async (promise: Promise<unknown>): Promise<EngineError> => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(EngineError)
  return error as EngineError
}

const freeUrl = () =>
  new Promise<string>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(`http://127.0.0.1:${port}`))
    })
  })

describe("Stable Diffusion WebUI engine (sdapi/v1)", () => {
  it("txt2img sends the WebUI's exact fields, skips the grid, reads the seeds and reports progress with previews", async () => {
    // 40-ms steps as the other progress tests: a 5-ms-step job could end between two polls on a busy CI machine, so no preview was seen
    const fake = await start({ stepMs: 40 })
    const engine = makeA1111Engine({ baseUrl: `${fake.url}/`, progressPollMs: 10 })
    const { run, seen } = control()
    const result = await engine.txt2img(request, run)

    const sent = fake.requests.find((each) => each.path === "/sdapi/v1/txt2img")!.body
    expect(sent).toMatchObject({
      prompt: "一只猫, masterpiece <lora:detail_tweaker:0.8>",
      negative_prompt: "lowres",
      sampler_name: "DPM++ 2M",
      scheduler: "karras",
      steps: 20,
      cfg_scale: 7,
      width: 512,
      height: 768,
      seed: 1234,
      batch_size: 2,
      n_iter: 1,
      override_settings: { sd_model_checkpoint: "sdxl_base.safetensors [31e35c80fc]" },
      override_settings_restore_afterwards: true,
      send_images: true,
      save_images: false
    })
    expect(sent.enable_hr).toBeUndefined()
    expect(result.images.map((image) => [image.width, image.height, image.seed])).toEqual([
      [512, 768, 1234],
      [512, 768, 1235]
    ])
    expect(result.missing).toBeUndefined()
    const pixels = (png: Uint8Array) => sharp(png).raw().toBuffer()
    expect((await pixels(result.images[0]!.bytes)).equals(await pixels(await fakePng("txt2img|一只猫, masterpiece <lora:detail_tweaker:0.8>|1234", 512, 768)))).toBe(true)
    expect(seen.some((each) => each.percent > 0 && each.percent < 100 && each.preview !== undefined)).toBe(true)
    expect(seen.at(-1)).toEqual({ percent: 100 })
    expect(engine.label).toBe("Stable Diffusion WebUI")
  })

  it("hires fix always carries hr_additional_modules, without which Forge crashes", async () => {
    const fake = await start({ forge: true })
    const hires = { ...request, count: 1, hires: { scale: 1.5, upscaler: "R-ESRGAN 4x+", steps: 10, denoising: 0.45 } }
    const crash = await fetch(`${fake.url}/sdapi/v1/txt2img`, { method: "POST", body: JSON.stringify({ prompt: "x", enable_hr: true, steps: 1 }) })
    expect(crash.status).toBe(500)
    expect(await crash.json()).toMatchObject({ errors: "argument of type 'NoneType' is not iterable" })

    const engine = makeA1111Engine({ baseUrl: fake.url, forge: true, progressPollMs: 10 })
    const result = await engine.txt2img(hires, control().run)
    expect(result.images).toHaveLength(1)
    expect(fake.requests.filter((each) => each.path === "/sdapi/v1/txt2img").at(-1)!.body).toMatchObject({
      enable_hr: true,
      hr_scale: 1.5,
      hr_upscaler: "R-ESRGAN 4x+",
      hr_second_pass_steps: 10,
      denoising_strength: 0.45,
      hr_additional_modules: ["Use same choices"]
    })
    expect(engine.label).toBe("Stable Diffusion WebUI Forge")
  })

  it("img2img sends the init image, the mask and the inpainting fields", async () => {
    const fake = await start()
    const engine = makeA1111Engine({ baseUrl: fake.url, progressPollMs: 10 })
    const init = await fakePng("init", 64, 64)
    const mask = await sharp({ create: { width: 64, height: 64, channels: 3, background: "white" } }).png().toBuffer()
    const result = await engine.img2img({ ...request, count: 1, width: 64, height: 64, init, mask, denoisingStrength: 0.6 }, control().run)
    expect(result.images.map((image) => [image.width, image.height])).toEqual([[64, 64]])
    const sent = fake.requests.find((each) => each.path === "/sdapi/v1/img2img")!.body
    expect(sent).toMatchObject({ init_images: [init.toString("base64")], mask: mask.toString("base64"), denoising_strength: 0.6, inpainting_fill: 1, resize_mode: 0, batch_size: 1 })
  })

  it("img2img without a mask sends no inpainting fields", async () => {
    const fake = await start()
    const engine = makeA1111Engine({ baseUrl: fake.url, progressPollMs: 10 })
    await engine.img2img({ ...request, count: 1, width: 64, height: 64, init: await fakePng("init", 64, 64), denoisingStrength: 0.5 }, control().run)
    const sent = fake.requests.find((each) => each.path === "/sdapi/v1/img2img")!.body
    expect(sent.mask).toBeUndefined()
    expect(sent.inpainting_fill).toBeUndefined()
  })

  it("upscale goes through extra-single-image", async () => {
    const fake = await start()
    const engine = makeA1111Engine({ baseUrl: fake.url })
    const result = await engine.upscale({ image: await fakePng("small", 40, 30), scale: 2, upscaler: "R-ESRGAN 4x+" }, control().run)
    expect(result.images.map((image) => [image.width, image.height])).toEqual([[80, 60]])
    expect(fake.requests.at(-1)!.body).toMatchObject({ upscaling_resize: 2, upscaler_1: "R-ESRGAN 4x+", resize_mode: 0 })
  })

  it("catalog lists checkpoint titles, LoRAs, samplers, scheduler labels and upscalers", async () => {
    const fake = await start()
    const catalog = await makeA1111Engine({ baseUrl: fake.url }).catalog()
    expect(catalog).toEqual({
      checkpoints: ["v1-5-pruned-emaonly.safetensors [6ce0161689]", "sdxl_base.safetensors [31e35c80fc]"],
      loras: ["detail_tweaker"],
      samplers: ["DPM++ 2M", "Euler a", "Euler"],
      schedulers: ["Automatic", "Karras", "Exponential"],
      upscalers: ["None", "Lanczos", "R-ESRGAN 4x+"]
    })
  })

  it("health is ok when the WebUI answers and says what is wrong when it does not", async () => {
    const fake = await start()
    expect(await makeA1111Engine({ baseUrl: fake.url }).health()).toEqual({ ok: true })
    const down = await makeA1111Engine({ baseUrl: await freeUrl() }).health()
    expect(down.ok).toBe(false)
    expect(down.detail).toContain("绘画引擎未启动或无法连接")
  })

  it("an abort interrupts the WebUI and ends the call as interrupted", async () => {
    const fake = await start({ stepMs: 50 })
    const engine = makeA1111Engine({ baseUrl: fake.url, progressPollMs: 10 })
    const abort = new AbortController()
    const run: RunControl = { signal: abort.signal, onProgress: () => abort.abort() }
    const began = Date.now()
    const error = await failureOf(engine.txt2img(request, run))
    expect(error.kind).toBe("interrupted")
    expect(Date.now() - began).toBeLessThan(800)
    expect(fake.interrupts()).toBe(1)
  })

  it("a task deadline (an abort with a TimeoutError) ends as timeout and interrupts too", async () => {
    const fake = await start({ stepMs: 50 })
    const engine = makeA1111Engine({ baseUrl: fake.url, progressPollMs: 10 })
    const error = await failureOf(engine.txt2img(request, control(AbortSignal.timeout(100)).run))
    expect([error.kind, error.reason]).toEqual(["timeout", "绘画超时"])
    expect(fake.interrupts()).toBe(1)
  })

  it.each([
    ["422", "rejected", "参数不被引擎接受: width: ensure this value is less than or equal to 2048"],
    ["500", "transient", "绘画引擎暂时不可用"],
    ["drop", "transient", "绘画引擎暂时不可用"],
    ["hang", "timeout", "绘画超时"]
  ] as const)("engine failure %s → %s with a Chinese reason, no prompt in the error", async (mode, kind, reason) => {
    const fake = await start()
    fake.fail(mode)
    // only the hang meets the short deadline: a loaded machine must not turn the others into a timeout
    const ends = mode !== "hang"
    const engine = makeA1111Engine({ baseUrl: fake.url, timeoutMs: ends ? 30_000 : 300, progressPollMs: 50 })
    const began = Date.now()
    const error = await failureOf(engine.txt2img(request, control().run))
    expect([error.kind, error.reason]).toEqual([kind, reason])
    expect(error.message).not.toContain("一只猫")
    expect(Date.now() - began).toBeLessThan(ends ? 30_000 : 5_000)
    // a request the WebUI never took (it hangs before the queue) is not ours to interrupt: the interrupt is global
    if (mode === "hang") expect(fake.interrupts()).toBe(0)
  })

  it("bad field types come back as FastAPI 422 details", async () => {
    const fake = await start()
    const engine = makeA1111Engine({ baseUrl: fake.url, progressPollMs: 50 })
    const badSteps = await failureOf(engine.txt2img({ ...request, steps: 20.5 }, control().run))
    expect([badSteps.kind, badSteps.reason]).toEqual(["rejected", "参数不被引擎接受: steps: value is not a valid integer"])
  })

  it("--api-auth: Basic credentials are sent; missing or wrong ones are unavailable (引擎鉴权失败)", async () => {
    const fake = await start({ auth: { username: "mido", password: "secret" } })
    const good = makeA1111Engine({ baseUrl: fake.url, username: "mido", password: "secret", progressPollMs: 10 })
    expect((await good.txt2img({ ...request, count: 1 }, control().run)).images).toHaveLength(1)
    expect(fake.requests.find((each) => each.path === "/sdapi/v1/txt2img")!.authorization).toBe(`Basic ${Buffer.from("mido:secret").toString("base64")}`)
    for (const engine of [makeA1111Engine({ baseUrl: fake.url }), makeA1111Engine({ baseUrl: fake.url, username: "mido", password: "wrong" })]) {
      const error = await failureOf(engine.txt2img(request, control().run))
      expect([error.kind, error.reason]).toEqual(["unavailable", "引擎鉴权失败"])
    }
  })

  it("a WebUI that is not running is unavailable (绘画引擎未启动或无法连接); a wrong path is a missing API", async () => {
    const refused = await failureOf(makeA1111Engine({ baseUrl: await freeUrl() }).txt2img(request, control().run))
    expect([refused.kind, refused.reason]).toEqual(["unavailable", "绘画引擎未启动或无法连接"])
    const fake = await start()
    const wrongPath = await failureOf(makeA1111Engine({ baseUrl: `${fake.url}/nothing-here` }).txt2img(request, control().run))
    expect(wrongPath.kind).toBe("unavailable")
  })
})
