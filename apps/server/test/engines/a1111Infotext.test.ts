import { parseInfotext } from "@mido/core/generation"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeA1111Engine } from "../../src/adapters/engine/a1111/a1111Engine.js"
import type { EngineError, TextToImage } from "../../src/adapters/engine/imageEnginePort.js"
import { readPngTexts } from "../../src/platform/pngText.js"
import { startA1111Fake, type A1111Fake } from "../engineFakes/a1111Fake.js"

// What the WebUI really drew with, and its own infotext, as the adapter hands them to the worker.

let fake: A1111Fake
beforeAll(async () => {
  fake = await startA1111Fake({ stepMs: 1 })
})
afterAll(async () => {
  await fake.close()
})

const run = () => ({ signal: new AbortController().signal, onProgress: () => {} })
const request: TextToImage = {
  prompt: "一只猫",
  negativePrompt: "lowres",
  checkpoint: "sdxl_base.safetensors [31e35c80fc]",
  loras: [{ name: "detail_tweaker", weight: 0.8 }],
  sampler: "Euler a",
  scheduler: "Karras",
  steps: 4,
  cfgScale: 7,
  width: 64,
  height: 64,
  seed: 42,
  count: 2
}

describe("Stable Diffusion WebUI: what drew, in the WebUI's own words", () => {
  it("keeps the WebUI's infotext of each image (Model hash, Lora hashes, Version) and says what drew", async () => {
    const result = await makeA1111Engine({ baseUrl: fake.url, progressPollMs: 5 }).txt2img(request, run())
    expect(result.images.map((image) => image.infotext === undefined ? undefined : parseInfotext(image.infotext).params.Seed)).toEqual(["42", "43"])
    const first = result.images[0]!
    expect(first.infotext).toBe(readPngTexts(first.bytes).parameters)
    expect(parseInfotext(first.infotext!)).toMatchObject({
      prompt: "一只猫 <lora:detail_tweaker:0.8>",
      negativePrompt: "lowres",
      params: { Sampler: "Euler a", "Schedule type": "Karras", "Model hash": "31e35c80fc", Model: "sdxl_base", "Lora hashes": "detail_tweaker: 3c2fe2bd3f4a", Version: "v1.10.1" }
    })
    expect(result.drawnWith).toEqual({ checkpoint: "sdxl_base.safetensors [31e35c80fc]", sampler: "Euler a", scheduler: "Karras" })
  })

  it("names the loaded model, the default sampler and Automatic when the WebUI silently ignored unknown ones", async () => {
    const result = await makeA1111Engine({ baseUrl: fake.url, progressPollMs: 5 }).txt2img(
      { ...request, count: 1, checkpoint: "no_such_model_v9.safetensors", sampler: "NoSuchSampler-xyz", scheduler: "nosuch", loras: [{ name: "no_such_lora_xyz", weight: 1 }] },
      run()
    )
    expect(result.images).toHaveLength(1)
    expect(result.drawnWith).toEqual({ checkpoint: fake.loadedModel(), sampler: "DPM++ 2M", scheduler: "Automatic" })
    const params = parseInfotext(result.images[0]!.infotext!).params
    expect(params).toMatchObject({ Model: "v1-5-pruned-emaonly", "Model hash": "6ce0161689", Sampler: "DPM++ 2M" })
    // a LoRA the WebUI does not have leaves no hash behind
    expect(params["Lora hashes"]).toBeUndefined()
  })

  it("Forge refuses an unknown checkpoint with a 500 RuntimeError: a refusal with a Chinese reason, not a retry", async () => {
    const forge = await startA1111Fake({ forge: true, stepMs: 1 })
    try {
      const error = await makeA1111Engine({ baseUrl: forge.url, forge: true, progressPollMs: 5 })
        .txt2img({ ...request, count: 1, checkpoint: "no_such_model_v9.safetensors" }, run())
        .then(() => undefined, (caught: unknown) => caught as EngineError)
      expect([error?.kind, error?.reason]).toEqual(["rejected", "绘画引擎中没有所选的模型"])
      expect(forge.jobs).toEqual([])
    } finally {
      await forge.close()
    }
  })
})
