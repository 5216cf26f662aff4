import sharp from "sharp"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { makeOpenAiEngine, type OpenAiOptions } from "../../src/adapters/engine/openai/openAiEngine.js"
import { openAiMaskOf } from "../../src/adapters/engine/openai/openAiMask.js"
import { openAiSizeOf } from "../../src/adapters/engine/openai/openAiSize.js"
import { engineErrorOf, imageRequest, pixelAt, recordedRun, solidPng, textRequest } from "../engineFakes/engineRequests.js"
import { colorOf, type MultipartField, startOpenAiFake, type OpenAiFake } from "../engineFakes/openAiFake.js"

/** The OpenAI Images adapter against a fake API on loopback (no database). */
const KEY = "sk-test-key"
let fake: OpenAiFake

beforeAll(async () => {
  fake = await startOpenAiFake(KEY)
})
afterAll(() => fake.close())
afterEach(() => {
  fake.mode = "ok"
  fake.requests.length = 0
})

const engineOn = (overrides: Partial<OpenAiOptions> = {}) => makeOpenAiEngine({ baseUrl: fake.url, apiKey: KEY, timeoutMs: 5000, ...overrides })
const lastRequest = () => fake.requests.at(-1)!
const fieldNames = (fields: ReadonlyArray<MultipartField>) => fields.map((field) => field.name)
const fileField = (fields: ReadonlyArray<MultipartField>, name: string) =>
  fields.find((field): field is Extract<MultipartField, { bytes: Uint8Array }> => field.name === name && "bytes" in field)

describe("txt2img: /v1/images/generations", () => {
  it("posts JSON with the model, prompt, n, nearest size, quality and png; decodes b64_json; says 0 then 100", async () => {
    const run = recordedRun()
    const result = await engineOn({ quality: "high" }).txt2img(textRequest({ prompt: "a lighthouse", width: 768, height: 1024, count: 2 }), run)
    expect(lastRequest().path).toBe("/v1/images/generations")
    expect(lastRequest().headers.authorization).toBe(`Bearer ${KEY}`)
    expect(lastRequest().json).toEqual({ model: "gpt-image-1", prompt: "a lighthouse", n: 2, size: "1024x1536", quality: "high", output_format: "png" })
    expect(result.images.map((image) => [image.width, image.height])).toEqual([
      [1024, 1536],
      [1024, 1536]
    ])
    for (const [index, image] of result.images.entries()) {
      expect((await pixelAt(image.bytes, 3, 3)).slice(0, 3)).toEqual(colorOf("a lighthouse", index))
    }
    expect(run.progress).toEqual([{ percent: 0 }, { percent: 100 }])
  })

  it("leaves quality out when unset and sends gpt-image-2 sizes in multiples of 16", async () => {
    await engineOn({ model: "gpt-image-2" }).txt2img(textRequest({ width: 1000, height: 700, count: 1 }), recordedRun())
    const body = lastRequest().json as Record<string, unknown>
    expect(body).not.toHaveProperty("quality")
    expect(body.size).toBe(openAiSizeOf("gpt-image-2", 1000, 700))
    expect(body.model).toBe("gpt-image-2")
  })

  it("counts images the API did not send as missing", async () => {
    fake.mode = "short"
    const result = await engineOn().txt2img(textRequest({ count: 3 }), recordedRun())
    expect(result.images).toHaveLength(2)
    expect(result.missing).toBe(1)
    expect(result.reason).toBe("引擎少返回了 1 张图片")
  })
})

describe("img2img: /v1/images/edits with a mask", () => {
  it("sends image, mask, prompt, model, n, size as multipart; white in our mask becomes transparent", async () => {
    const init = await solidPng(64, 48, [10, 20, 30])
    // left half white (repaint), right half black (keep), at another size than the image
    const mask = new Uint8Array(
      await sharp({ create: { width: 32, height: 24, channels: 3, background: "black" } })
        .composite([{ input: Buffer.from(await solidPng(16, 24, [255, 255, 255])), left: 0, top: 0 }])
        .png()
        .toBuffer()
    )
    const result = await engineOn().img2img(imageRequest(init, { prompt: "add a moon", mask, count: 1, width: 1024, height: 1024 }), recordedRun())
    const form = fake.editForms.at(-1)!
    expect(fieldNames(form)).toEqual(["image", "mask", "prompt", "model", "n", "size", "output_format"])
    expect(form).toContainEqual({ name: "prompt", value: "add a moon" })
    expect(form).toContainEqual({ name: "size", value: "1024x1024" })
    const sentMask = fileField(form, "mask")!
    expect(sentMask.type).toBe("image/png")
    const meta = await sharp(sentMask.bytes).metadata()
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([64, 48, true])
    expect((await pixelAt(sentMask.bytes, 5, 24))[3]).toBe(0)
    expect((await pixelAt(sentMask.bytes, 58, 24))[3]).toBe(255)
    expect(fileField(form, "image")?.bytes).toEqual(new Uint8Array(await sharp(init).png().toBuffer()))
    expect(result.images).toHaveLength(1)
  })

  it("sends no mask field without a mask, and JPEG init images as PNG", async () => {
    const jpeg = new Uint8Array(await sharp(await solidPng(32, 32)).jpeg().toBuffer())
    await engineOn().img2img(imageRequest(jpeg, { count: 1 }), recordedRun())
    const form = fake.editForms.at(-1)!
    expect(fieldNames(form)).not.toContain("mask")
    expect(fileField(form, "image")?.type).toBe("image/png")
    expect((await sharp(fileField(form, "image")!.bytes).metadata()).format).toBe("png")
  })

  it("maps grey levels to alpha (255 − grey)", async () => {
    const mask = await openAiMaskOf(await solidPng(4, 4, [200, 200, 200]), 4, 4)
    expect(await pixelAt(mask, 1, 1)).toEqual([0, 0, 0, 55])
  })

  it("refuses an unreadable init image without calling the API", async () => {
    const error = await engineErrorOf(engineOn().img2img(imageRequest(new Uint8Array([1, 2, 3])), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["rejected", "图片或蒙版无法读取"])
    expect(fake.requests).toHaveLength(0)
  })
})

describe("failures", () => {
  it.each([
    ["moderation", "rejected", "提示词或图片未通过内容审核"],
    ["badRequest", "rejected", "引擎拒绝了该请求"],
    ["rateLimit", "transient", "引擎繁忙，请稍后重试"],
    ["quota", "unavailable", "引擎额度不足"],
    ["serverError", "transient", "引擎暂时不可用"],
    ["drop", "transient", "与引擎的连接中断"]
  ] as const)("%s → %s %s", async (mode, kind, reason) => {
    fake.mode = mode
    const error = await engineErrorOf(engineOn().txt2img(textRequest({ count: 1 }), recordedRun()))
    expect([error.kind, error.reason]).toEqual([kind, reason])
  })

  it("moderation on edits is rejected the same way", async () => {
    fake.mode = "moderation"
    const error = await engineErrorOf(engineOn().img2img(imageRequest(await solidPng(16, 16), { count: 1 }), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["rejected", "提示词或图片未通过内容审核"])
  })

  it("a wrong key is 引擎鉴权失败 (unavailable)", async () => {
    const error = await engineErrorOf(engineOn({ apiKey: "sk-wrong" }).txt2img(textRequest({ count: 1 }), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["unavailable", "引擎鉴权失败"])
  })

  it("a hung API is a timeout after timeoutMs", async () => {
    fake.mode = "hang"
    const error = await engineErrorOf(engineOn({ timeoutMs: 150 }).txt2img(textRequest({ count: 1 }), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["timeout", "引擎响应超时"])
  })

  it("an abort cancels the request (the connection closes) and is interrupted", async () => {
    fake.mode = "hang"
    const run = recordedRun()
    const abandonedBefore = fake.abandoned()
    setTimeout(() => run.abort(), 30)
    const error = await engineErrorOf(engineOn().txt2img(textRequest({ count: 1 }), run))
    expect([error.kind, error.reason]).toEqual(["interrupted", "任务已停止"])
    await expect.poll(() => fake.abandoned()).toBe(abandonedBefore + 1)
  })

  it("upscale is not offered", async () => {
    const error = await engineErrorOf(engineOn().upscale({ image: await solidPng(8, 8), scale: 2 }, recordedRun()))
    expect([error.kind, error.reason]).toEqual(["rejected", "该引擎不支持放大"])
  })
})

describe("catalog, health, sizes", () => {
  it("offers the model as the only checkpoint", async () => {
    expect(await engineOn({ model: "gpt-image-2" }).catalog()).toEqual({ checkpoints: ["gpt-image-2"], loras: [], samplers: [], schedulers: [], upscalers: [] })
    expect(engineOn().label).toBe("OpenAI gpt-image-1")
  })

  it("health reads the model: ok, a wrong key or an unknown model is not", async () => {
    expect(await engineOn().health()).toEqual({ ok: true })
    expect(lastRequest().path).toBe("/v1/models/gpt-image-1")
    expect(await engineOn({ apiKey: "sk-wrong" }).health()).toMatchObject({ ok: false, detail: expect.stringContaining("引擎鉴权失败") })
    expect(await engineOn({ model: "gpt-image-1.5" }).health()).toMatchObject({ ok: false, detail: expect.stringContaining("model_not_found") })
  })

  it.each([
    [1024, 1024, "1024x1024"],
    [512, 512, "1024x1024"],
    [1920, 1080, "1536x1024"],
    [768, 1024, "1024x1536"],
    [1100, 1000, "1024x1024"]
  ] as const)("gpt-image-1: %d×%d → %s", (width, height, size) => {
    expect(openAiSizeOf("gpt-image-1", width, height)).toBe(size)
    expect(openAiSizeOf("gpt-image-1-mini", width, height)).toBe(size)
  })

  it.each([
    [1024, 1024, "1024x1024"],
    [1000, 700, "1008x704"],
    [512, 512, "816x816"],
    [4000, 1000, "3456x1152"],
    [600, 4000, "896x2688"],
    [8000, 8000, "2880x2880"]
  ] as const)("gpt-image-2: %d×%d → %s (multiples of 16, 1:3–3:1, within the pixel budget)", (width, height, size) => {
    expect(openAiSizeOf("gpt-image-2", width, height)).toBe(size)
    const [w, h] = size.split("x").map(Number) as [number, number]
    expect(w % 16 === 0 && h % 16 === 0 && w / h <= 3 && h / w <= 3 && w * h >= 655_360 && w * h <= 8_294_400).toBe(true)
  })
})
