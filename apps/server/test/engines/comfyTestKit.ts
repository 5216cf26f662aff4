import { createServer } from "node:net"
import { afterEach, expect } from "vitest"
import { makeComfyEngine, type ComfyOptions } from "../../src/adapters/engine/comfyui/comfyEngine.js"
import { EngineError, type EngineProgress, type RunControl, type TextToImage } from "../../src/adapters/engine/imageEnginePort.js"
import { startComfyFake, type ComfyFake, type ComfyFakeOptions } from "../engineFakes/comfyFake.js"

/** What the ComfyUI adapter suites share: a fake per test (closed after it), the engine on it, a run, a request. */

const fakes: Array<ComfyFake> = []
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()))
})

export const start = async (options: ComfyFakeOptions | number = {}) => {
  const fake = await startComfyFake(typeof options === "number" ? { stepMs: options } : options)
  fakes.push(fake)
  return fake
}
export const engineOn = (fake: ComfyFake, options: Partial<ComfyOptions> = {}) => makeComfyEngine({ baseUrl: fake.url, historyPollMs: 20, ...options })

export const control = (signal: AbortSignal = new AbortController().signal) => {
  const seen: Array<EngineProgress> = []
  const run: RunControl = { signal, onProgress: (progress) => seen.push(progress) }
  return { run, seen }
}

export const request: TextToImage = {
  prompt: "一只猫, masterpiece",
  negativePrompt: "lowres",
  checkpoint: "sd_xl_base_1.0.safetensors",
  loras: [{ name: "detail_tweaker.safetensors", weight: 0.7 }],
  sampler: "DPM++ 2M",
  scheduler: "karras",
  steps: 6,
  cfgScale: 6.5,
  width: 96,
  height: 64,
  seed: 42,
  count: 2
}

export const nodesOf = (fake: ComfyFake, classType: string) => Object.values(fake.lastGraph()).filter((node) => node.class_type === classType)
export const failureOf = async (promise: Promise<unknown>): Promise<EngineError> => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(EngineError)
  return error as EngineError
}
export const freeUrl = () =>
  new Promise<string>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(`http://127.0.0.1:${port}`))
    })
  })
