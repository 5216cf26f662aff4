import { describe, expect, it } from "vitest"
import { readEngineConfig } from "../../src/adapters/engine/engineConfig.js"
import { EngineError, type RunControl, type TextToImage } from "../../src/adapters/engine/imageEnginePort.js"
import { makeOfflineEngine, offlineFailReason } from "../../src/adapters/engine/offline/offlineEngine.js"

/** The offline engine's test-only switches (e2e of failures, refunds and cancels): off in production. */
const request = (prompt: string): TextToImage => ({ prompt, negativePrompt: "", loras: [], steps: 20, cfgScale: 7, width: 64, height: 64, seed: 1, count: 1 })
const control = (): RunControl => ({ signal: new AbortController().signal, onProgress: () => undefined })

describe("MIDO_OFFLINE_FAIL_PROMPT and MIDO_OFFLINE_SLOW_PROMPT", () => {
  it("a prompt with the fail text is refused (rejected: no retry) with the Chinese reason; others draw", async () => {
    const engine = makeOfflineEngine({ failPrompt: "失败测试" })
    const refused = await engine.txt2img(request("一扇红门 失败测试"), control()).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(EngineError)
    expect(refused).toMatchObject({ kind: "rejected", reason: offlineFailReason })
    expect((await engine.txt2img(request("一扇红门"), control())).images).toHaveLength(1)
  })

  it("with a slow text, only prompts containing it wait the step delay", async () => {
    const engine = makeOfflineEngine({ stepDelayMs: 200, slowPrompt: "慢速测试" })
    const timed = async (prompt: string) => {
      const started = Date.now()
      await engine.txt2img(request(prompt), control())
      return Date.now() - started
    }
    expect(await timed("慢速测试 森林")).toBeGreaterThanOrEqual(4 * 200)
    expect(await timed("森林")).toBeLessThan(4 * 200)
  })

  it("are read from the environment, and refused when NODE_ENV=production", () => {
    expect(readEngineConfig({ MIDO_OFFLINE_FAIL_PROMPT: "x", MIDO_OFFLINE_SLOW_PROMPT: "y" }).offline).toEqual({ stepDelayMs: 0, failPrompt: "x", slowPrompt: "y" })
    expect(readEngineConfig({}).offline).toEqual({ stepDelayMs: 0 })
    expect(() => readEngineConfig({ NODE_ENV: "production", MIDO_OFFLINE_FAIL_PROMPT: "x" })).toThrow(/MIDO_OFFLINE_FAIL_PROMPT is a test switch/)
    expect(() => readEngineConfig({ NODE_ENV: "production", MIDO_OFFLINE_SLOW_PROMPT: "x" })).toThrow(/MIDO_OFFLINE_SLOW_PROMPT is a test switch/)
  })
})
