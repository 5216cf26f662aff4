import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { readEngineConfig } from "../../src/adapters/engine/engineConfig.js"
import { makeOpenAiEngine, type OpenAiOptions } from "../../src/adapters/engine/openai/openAiEngine.js"
import { openAiSizeOf } from "../../src/adapters/engine/openai/openAiSize.js"
import { engineErrorOf, imageRequest, recordedRun, solidPng, textRequest } from "../engineFakes/engineRequests.js"
import { type MultipartField, startOpenAiFake, type OpenAiFake } from "../engineFakes/openAiFake.js"

/**
 * Issue 26 item 6: MIDO_OPENAI_MODEL checked at start against what the adapter can drive; DALL·E
 * models called as they take it (n, response_format, sizes); the assistant's reference images sent
 * with the edit up to the API's limit; input_fidelity high on whole-picture edits where the model takes it.
 */
const KEY = "sk-test-key"
let fake: OpenAiFake

beforeAll(async () => {
  fake = await startOpenAiFake(KEY)
})
afterAll(() => fake.close())
afterEach(() => {
  fake.requests.length = 0
})

const engineOn = (model: string, overrides: Partial<OpenAiOptions> = {}) => makeOpenAiEngine({ baseUrl: fake.url, apiKey: KEY, timeoutMs: 5000, model, ...overrides })
const names = (fields: ReadonlyArray<MultipartField>) => fields.map((field) => field.name)
const value = (fields: ReadonlyArray<MultipartField>, name: string) => fields.find((field): field is { name: string; value: string } => field.name === name && "value" in field)?.value

describe("MIDO_OPENAI_MODEL at start", () => {
  it("refuses a model Mido cannot drive, naming the ones it can", () => {
    expect(() => readEngineConfig({ MIDO_ENGINE_AGENT: "openai", MIDO_OPENAI_API_KEY: "sk-x", MIDO_OPENAI_MODEL: "gpt-4o" })).toThrow(
      /MIDO_OPENAI_MODEL=gpt-4o is not an OpenAI Images model Mido can drive; use one of gpt-image-1-mini, gpt-image-1.5, gpt-image-1, gpt-image-2, dall-e-3, dall-e-2/
    )
    expect(() => engineOn("dall-e-4")).toThrow(/dall-e-4/)
  })

  it.each(["gpt-image-1", "gpt-image-1-mini", "gpt-image-1.5", "gpt-image-2", "dall-e-3", "dall-e-2", "gpt-image-1-2025-04-23"])("starts with %s", (model) => {
    expect(readEngineConfig({ MIDO_ENGINE_AGENT: "openai", MIDO_OPENAI_API_KEY: "sk-x", MIDO_OPENAI_MODEL: model }).openai?.model).toBe(model)
  })
})

describe("DALL·E as the API takes it", () => {
  it("dall-e-3: one image per request (n=1), base64 asked for, no output_format, its own sizes", async () => {
    const result = await engineOn("dall-e-3").txt2img(textRequest({ prompt: "a harbour", width: 1920, height: 1080, count: 2 }), recordedRun())
    expect(result.images).toHaveLength(2)
    expect(result.images.map((image) => [image.width, image.height])).toEqual([[1792, 1024], [1792, 1024]])
    expect(fake.requests.map((request) => request.json)).toEqual([
      { model: "dall-e-3", prompt: "a harbour", n: 1, size: "1792x1024", response_format: "b64_json" },
      { model: "dall-e-3", prompt: "a harbour", n: 1, size: "1792x1024", response_format: "b64_json" }
    ])
  })

  it("dall-e-2: squares of 256/512/1024, base64, quality left out (standard only)", async () => {
    await engineOn("dall-e-2", { quality: "high" }).txt2img(textRequest({ width: 500, height: 400, count: 3 }), recordedRun())
    expect(fake.requests.at(-1)?.json).toEqual({ model: "dall-e-2", prompt: "a red fox in the snow", n: 3, size: "512x512", response_format: "b64_json" })
    expect([openAiSizeOf("dall-e-2", 1024, 768), openAiSizeOf("dall-e-2", 200, 100), openAiSizeOf("dall-e-3", 768, 1024)]).toEqual(["1024x1024", "256x256", "1024x1792"])
  })

  it("dall-e-3 has no edits: an image task is refused without a call", async () => {
    const failure = await engineErrorOf(engineOn("dall-e-3").img2img(imageRequest(await solidPng(32, 32), { count: 1 }), recordedRun()))
    expect(failure).toMatchObject({ kind: "rejected", reason: "该模型不支持以图改图" })
    expect(fake.requests).toHaveLength(0)
  })
})

describe("edits with the assistant's reference images", () => {
  it("gpt-image-1: the picture and its references as image[], input_fidelity high on a whole-picture edit", async () => {
    const init = await solidPng(64, 64, [200, 10, 10])
    const references = [await solidPng(32, 32, [10, 200, 10]), await solidPng(32, 32, [10, 10, 200])]
    const result = await engineOn("gpt-image-1").img2img(imageRequest(init, { count: 1, width: 1024, height: 1024, references }), recordedRun())
    const form = fake.editForms.at(-1)!
    expect(names(form)).toEqual(["image[]", "image[]", "image[]", "prompt", "model", "n", "size", "output_format", "input_fidelity"])
    expect(value(form, "input_fidelity")).toBe("high")
    expect(result.images).toHaveLength(1)
  })

  it("up to the API's 16 images; gpt-image-1-mini and gpt-image-2 get no input_fidelity; a masked edit keeps the default", async () => {
    const init = await solidPng(32, 32)
    const references = await Promise.all(Array.from({ length: 20 }, (_, index) => solidPng(8, 8, [index * 10, 0, 0])))
    await engineOn("gpt-image-1-mini").img2img(imageRequest(init, { count: 1, references }), recordedRun())
    const form = fake.editForms.at(-1)!
    expect(names(form).filter((name) => name === "image[]")).toHaveLength(16)
    expect(names(form)).not.toContain("input_fidelity")
    await engineOn("gpt-image-2").img2img(imageRequest(init, { count: 1 }), recordedRun())
    expect(names(fake.editForms.at(-1)!)).not.toContain("input_fidelity")
    await engineOn("gpt-image-1").img2img(imageRequest(init, { count: 1, mask: await solidPng(32, 32, [255, 255, 255]) }), recordedRun())
    expect(names(fake.editForms.at(-1)!)).not.toContain("input_fidelity")
  })

  it("dall-e-2 edits one image: the references stay home, the answer is asked in base64", async () => {
    const init = await solidPng(64, 64)
    await engineOn("dall-e-2").img2img(imageRequest(init, { count: 1, width: 512, height: 512, references: [await solidPng(8, 8)] }), recordedRun())
    const form = fake.editForms.at(-1)!
    expect(names(form)).toEqual(["image", "prompt", "model", "n", "size", "response_format"])
    expect(value(form, "size")).toBe("512x512")
  })
})

describe("the assistant's task reaches the edit with all its images", () => {
  it("runEngine: the first image is the picture to edit, the others go along as references", async () => {
    const { runEngine } = await import("../../src/features/generation/engineRequest.js")
    const bytes = new Map([["/u/a.png", await solidPng(64, 64, [200, 0, 0])], ["/u/b.png", await solidPng(8, 8, [0, 200, 0])], ["/u/c.png", await solidPng(8, 8, [0, 0, 200])]])
    const agent = { type: "agent" as const, prompt: "把两张照片里的人放在一起", image_urls: ["/u/a.png", "/u/b.png", "/u/c.png"], num: 1, size: "1024x1024" as const }
    await runEngine(engineOn("gpt-image-1"), agent, 7, (url) => Promise.resolve(bytes.get(url)!), recordedRun())
    const form = fake.editForms.at(-1)!
    expect(names(form).filter((name) => name === "image[]")).toHaveLength(3)
    expect(value(form, "input_fidelity")).toBe("high")
  })
})
