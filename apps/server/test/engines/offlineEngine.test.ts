import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { EngineError, type EngineProgress, type ImageToImage, type RunControl, type TextToImage } from "../../src/adapters/engine/imageEnginePort.js"
import { captionBox } from "../../src/adapters/engine/offline/caption.js"
import { makeOfflineEngine, offlineEngineLabel } from "../../src/adapters/engine/offline/offlineEngine.js"

/** The offline default engine, 本地演示引擎: deterministic, sized as asked, visibly prompt-driven, interruptible. */
const engine = makeOfflineEngine()

const request = (over: Partial<TextToImage> = {}): TextToImage => ({
  prompt: "红色的夕阳下的山峰",
  negativePrompt: "",
  loras: [],
  steps: 20,
  cfgScale: 7,
  width: 256,
  height: 256,
  seed: 1234,
  count: 1,
  ...over
})

const run = (signal = new AbortController().signal) => {
  const progress: EngineProgress[] = []
  const control: RunControl = { signal, onProgress: (step) => progress.push(step) }
  return { control, progress }
}

const rawOf = async (bytes: Uint8Array) => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

const meanColour = async (bytes: Uint8Array): Promise<[number, number, number]> => {
  const { channels } = await sharp(bytes).stats()
  return [channels[0]?.mean ?? 0, channels[1]?.mean ?? 0, channels[2]?.mean ?? 0]
}

const distance = (a: ReadonlyArray<number>, b: ReadonlyArray<number>) => Math.hypot(...a.map((value, i) => value - (b[i] ?? 0)))

const firstImage = async (over: Partial<TextToImage> = {}) => {
  const result = await engine.txt2img(request(over), run().control)
  const image = result.images[0]
  if (image === undefined) throw new Error("no image")
  return image
}

describe("offline engine txt2img", () => {
  it.each([
    [512, 512],
    [512, 768],
    [1024, 576],
    [96, 200]
  ])("draws exactly %i×%i", async (width, height) => {
    const image = await firstImage({ width, height })
    const meta = await sharp(image.bytes).metadata()
    expect([meta.format, meta.width, meta.height, image.width, image.height]).toEqual(["png", width, height, width, height])
  })

  it("draws the hires size when hires fix is asked", async () => {
    const image = await firstImage({ width: 200, height: 120, hires: { scale: 2, upscaler: "Lanczos", steps: 0, denoising: 0.5 } })
    const meta = await sharp(image.bytes).metadata()
    expect([meta.width, meta.height]).toEqual([400, 240])
  })

  it("gives the same bytes for the same prompt and seed, other bytes for another seed", async () => {
    const [a, b, c] = await Promise.all([firstImage(), firstImage(), firstImage({ seed: 1235 })])
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true)
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false)
    expect(a.seed).toBe(1234)
  })

  it("paints the colours a prompt names: 红 is red, 蓝 is blue, and they are far apart", async () => {
    const red = await meanColour((await firstImage({ prompt: "红色的花朵" })).bytes)
    const blue = await meanColour((await firstImage({ prompt: "蓝色的花朵" })).bytes)
    expect(red[0]).toBeGreaterThan(red[2])
    expect(blue[2]).toBeGreaterThan(blue[0])
    expect(distance(red, blue)).toBeGreaterThan(60)
  })

  it("makes prompts without colour words look different from one another", async () => {
    const prompts = ["一只猫坐在窗台上", "a robot reading a book", "古老的城堡", "portrait of an old sailor", "a bowl of noodles"]
    const colours = await Promise.all(prompts.map(async (prompt) => meanColour((await firstImage({ prompt })).bytes)))
    const pixels = await Promise.all(prompts.map(async (prompt) => rawOf((await firstImage({ prompt })).bytes)))
    for (let i = 0; i < prompts.length; i++) {
      for (let j = i + 1; j < prompts.length; j++) {
        const [a, b] = [pixels[i], pixels[j]]
        if (a === undefined || b === undefined) throw new Error("missing")
        // mean per-pixel colour distance: the pictures differ everywhere, not in a corner
        let sum = 0
        for (let p = 0; p < a.data.length; p += 3) sum += Math.hypot(a.data[p]! - b.data[p]!, a.data[p + 1]! - b.data[p + 1]!, a.data[p + 2]! - b.data[p + 2]!)
        expect(sum / (a.data.length / 3), `${prompts[i]} vs ${prompts[j]} (${colours[i]} / ${colours[j]})`).toBeGreaterThan(40)
      }
    }
  })

  it("draws a demo checkpoint's style: 霓虹 is dark, 水彩 is light", async () => {
    const neon = await meanColour((await firstImage({ prompt: "城市", checkpoint: "本地演示·霓虹" })).bytes)
    const watercolour = await meanColour((await firstImage({ prompt: "城市", checkpoint: "本地演示·水彩" })).bytes)
    const lightness = (c: ReadonlyArray<number>) => c.reduce((a, b) => a + b, 0) / 3
    // the city's subject (an office building) keeps much of its own colour in both styles, so less than the backgrounds differ
    expect(lightness(watercolour) - lightness(neon)).toBeGreaterThan(30)
  })

  it("captions every picture 本地演示引擎: white ink on a dark pill in the bottom-right corner", async () => {
    const image = await rawOf((await firstImage({ width: 512, height: 512 })).bytes)
    const box = captionBox(512, 512)
    if (box === undefined) throw new Error("no caption box")
    expect(box.left + box.width).toBeLessThan(512)
    expect(box.top + box.height).toBeLessThan(512)
    let [ink, shade] = [0, 0]
    for (let y = box.top; y < box.top + box.height; y++) {
      for (let x = box.left; x < box.left + box.width; x++) {
        const at = (y * 512 + x) * 3
        const brightness = (image.data[at]! + image.data[at + 1]! + image.data[at + 2]!) / 3
        if (brightness > 235) ink++
        if (brightness < 110) shade++
      }
    }
    expect(ink).toBeGreaterThan(100)
    expect(shade).toBeGreaterThan(100)
    expect(engine.label).toBe(offlineEngineLabel)
    expect(engine.label).toBe("本地演示引擎")
  })

  it("makes `count` images with seed, seed + 1, … and reports 0 → 100 with JPEG previews on the way", async () => {
    const { control, progress } = run()
    const result = await engine.txt2img(request({ count: 3, seed: 7 }), control)
    expect(result.images.map((image) => image.seed)).toEqual([7, 8, 9])
    const distinct = new Set(result.images.map((image) => Buffer.from(image.bytes).toString("base64")))
    expect(distinct.size).toBe(3)
    const percents = progress.map((step) => step.percent)
    expect(percents[0]).toBe(0)
    expect(percents.at(-1)).toBe(100)
    expect([...percents].sort((a, b) => a - b)).toEqual(percents)
    const previews = progress.flatMap((step) => (step.preview === undefined ? [] : [step.preview]))
    expect(previews).toHaveLength(9)
    expect(previews.every((preview) => preview[0] === 0xff && preview[1] === 0xd8)).toBe(true)
    expect(percents.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(6)
  })

  it("stops between steps when the signal fires: interrupted on cancel, timeout on a timeout", async () => {
    const slow = makeOfflineEngine({ stepDelayMs: 40 })
    const cancel = new AbortController()
    const { control, progress } = run(cancel.signal)
    const drawing = slow.txt2img(request({ count: 4 }), { ...control, onProgress: (step) => (control.onProgress(step), step.percent > 0 && cancel.abort()) })
    const error = await drawing.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EngineError)
    expect((error as EngineError).kind).toBe("interrupted")
    expect((error as EngineError).reason).toMatch(/取消/)
    expect(progress.at(-1)?.percent).toBeLessThan(100)

    const timedOut = await slow.txt2img(request(), run(AbortSignal.timeout(10)).control).catch((e: unknown) => e)
    expect((timedOut as EngineError).kind).toBe("timeout")

    const before = new AbortController()
    before.abort()
    const early = await engine.txt2img(request(), run(before.signal).control).catch((e: unknown) => e)
    expect((early as EngineError).kind).toBe("interrupted")
  })

  it("rejects a size it cannot draw with a Chinese reason", async () => {
    const error = await engine.txt2img(request({ width: 5000 }), run().control).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EngineError)
    expect((error as EngineError).kind).toBe("rejected")
    expect((error as EngineError).reason).toMatch(/尺寸/)
  })
})

describe("offline engine img2img, upscale, catalog, health", () => {
  const initImage = () =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#3a7"/><circle cx="160" cy="120" r="90" fill="#fc4"/></svg>`))
      .removeAlpha()
      .png()
      .toBuffer()
  const leftHalfMask = () =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#000"/><rect width="160" height="240" fill="#fff"/></svg>`))
      .png()
      .toBuffer()
  const img2img = async (over: Partial<ImageToImage>): Promise<ImageToImage> => ({
    ...request({ width: 320, height: 240, prompt: "蓝色的海洋" }),
    init: await initImage(),
    denoisingStrength: 0.75,
    ...over
  })

  it("repaints only the mask's white area: every unmasked pixel outside the caption stays as it was", async () => {
    const init = await rawOf(await initImage())
    const result = await engine.img2img(await img2img({ mask: await leftHalfMask() }), run().control)
    const out = await rawOf(result.images[0]!.bytes)
    expect([out.width, out.height]).toEqual([320, 240])
    const box = captionBox(320, 240)!
    let [changedLeft, changedRight, right] = [0, 0, 0]
    for (let y = 0; y < 240; y++) {
      for (let x = 0; x < 320; x++) {
        const inCaption = x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height
        const at = (y * 320 + x) * 3
        const same = init.data[at] === out.data[at] && init.data[at + 1] === out.data[at + 1] && init.data[at + 2] === out.data[at + 2]
        if (x < 160 && !same) changedLeft++
        if (x >= 160 && !inCaption) {
          right++
          if (!same) changedRight++
        }
      }
    }
    expect(changedRight).toBe(0)
    expect(right).toBeGreaterThan(20_000)
    expect(changedLeft).toBeGreaterThan(160 * 240 * 0.8)
  })

  it("repaints the whole image without a mask, at the asked size, more with a higher strength", async () => {
    const init = await meanColour(await initImage())
    const light = await engine.img2img(await img2img({ denoisingStrength: 0.2, width: 256, height: 256 }), run().control)
    const strong = await engine.img2img(await img2img({ denoisingStrength: 0.95, width: 256, height: 256 }), run().control)
    const meta = await sharp(strong.images[0]!.bytes).metadata()
    expect([meta.width, meta.height]).toEqual([256, 256])
    const [lightMean, strongMean] = [await meanColour(light.images[0]!.bytes), await meanColour(strong.images[0]!.bytes)]
    expect(distance(strongMean, init)).toBeGreaterThan(distance(lightMean, init))
  })

  it("refuses an init image it cannot read", async () => {
    const error = await engine.img2img(await img2img({ init: new Uint8Array([1, 2, 3]) }), run().control).catch((e: unknown) => e)
    expect((error as EngineError).kind).toBe("rejected")
  })

  it.each([
    [2, 600, 400],
    [1.5, 450, 300],
    [4, 1200, 800]
  ])("upscales ×%s to %i×%i with Lanczos", async (scale, width, height) => {
    const image = await sharp(await initImage()).resize(300, 200, { fit: "fill" }).png().toBuffer()
    const { control, progress } = run()
    const result = await engine.upscale({ image, scale }, control)
    const meta = await sharp(result.images[0]!.bytes).metadata()
    expect([meta.width, meta.height, result.images[0]!.width, result.images[0]!.height]).toEqual([width, height, width, height])
    expect(progress.map((step) => step.percent)).toEqual([0, 100])
  })

  it("refuses an upscale beyond 4096 px", async () => {
    const error = await engine.upscale({ image: await initImage(), scale: 16 }, run().control).catch((e: unknown) => e)
    expect((error as EngineError).kind).toBe("rejected")
  })

  it("lists the demo checkpoints, samplers, schedulers and upscalers, and is healthy", async () => {
    const catalog = await engine.catalog()
    expect(catalog.checkpoints).toEqual(expect.arrayContaining(["本地演示·水彩", "本地演示·霓虹", "本地演示·油画"]))
    expect(catalog).toMatchObject({ loras: [], samplers: ["Euler a", "DPM++ 2M"], schedulers: ["Automatic", "Karras"], upscalers: ["Lanczos"] })
    expect(await engine.health()).toEqual({ ok: true })
    expect(engine.kind).toBe("offline")
  })
})
