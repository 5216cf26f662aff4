import sharp from "sharp"
import { EngineError, type EngineRegistry, type EngineResult, type ImageEngine, type RunControl, type TextToImage } from "../src/adapters/engine/imageEnginePort.js"

/**
 * A controllable in-process engine for the generation tests. What it does is written in the prompt,
 * so tests running at once never share a switch:
 * - `[hang]`: reports progress, then waits until aborted (cancel, timeout);
 * - `[slow:MS]`: reports 50% with a preview, succeeds after MS;
 * - `[flaky:N]`: the first N calls for this prompt fail transient, then it succeeds;
 * - `[down]`: unavailable; `[rejected]`: rejected;
 * - `[partial:K]`: only K images of the batch.
 * Anything else succeeds at once with the asked sizes.
 */
export interface FakeEngine {
  readonly engine: ImageEngine
  readonly registry: EngineRegistry
  /** calls per prompt */
  readonly calls: Map<string, number>
  /** running calls right now, and the most at once */
  readonly running: { now: number; most: number }
  /** when the last call of each prompt ended (Date.now()), however it ended */
  readonly ended: Map<string, number>
}

const png = (width: number, height: number, seed: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: seed % 256, g: 90, b: 200 } } }).png().toBuffer()

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener("abort", () => {
      clearTimeout(timer)
      reject(new EngineError("interrupted", "任务已中断"))
    }, { once: true })
  })

export const fakeEngine = (options: { readonly concurrency?: number; readonly label?: string } = {}): FakeEngine => {
  const calls = new Map<string, number>()
  const running = { now: 0, most: 0 }
  const ended = new Map<string, number>()
  const draw = async (request: TextToImage, run: RunControl): Promise<EngineResult> => {
    const call = (calls.get(request.prompt) ?? 0) + 1
    calls.set(request.prompt, call)
    running.now++
    running.most = Math.max(running.most, running.now)
    try {
      const prompt = request.prompt
      if (prompt.includes("[down]")) throw new EngineError("unavailable", "绘画引擎暂时不可用，米豆已退还", "connect ECONNREFUSED")
      if (prompt.includes("[rejected]")) throw new EngineError("rejected", "提示词无法绘制，米豆已退还")
      const flaky = /\[flaky:(\d+)\]/.exec(prompt)
      if (flaky !== null && call <= Number(flaky[1])) throw new EngineError("transient", "绘画引擎繁忙", "HTTP 503")
      if (prompt.includes("[hang]")) {
        run.onProgress({ percent: 10 })
        await sleep(3_600_000, run.signal)
      }
      const slow = /\[slow:(\d+)\]/.exec(prompt)
      if (slow !== null) {
        run.onProgress({ percent: 50, preview: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } }).jpeg().toBuffer() })
        await sleep(Number(slow[1]), run.signal)
      }
      const partial = /\[partial:(\d+)\]/.exec(prompt)
      const count = partial === null ? request.count : Math.min(request.count, Number(partial[1]))
      const images = await Promise.all(Array.from({ length: count }, async (_, i) => ({ bytes: await png(request.width, request.height, request.seed + i), width: request.width, height: request.height, seed: request.seed + i })))
      return partial === null ? { images } : { images, missing: request.count - count, reason: `${request.count - count} 张图片生成失败，已退还相应米豆` }
    } finally {
      running.now--
      ended.set(request.prompt, Date.now())
    }
  }
  const engine: ImageEngine = {
    kind: "offline",
    label: options.label ?? "测试引擎",
    txt2img: draw,
    img2img: (request, run) => draw(request, run),
    upscale: async () => ({ images: [{ bytes: await png(64, 64, 1), width: 64, height: 64 }] }),
    catalog: async () => ({ checkpoints: ["fake-ckpt"], loras: [], samplers: ["Euler a"], schedulers: ["Automatic"], upscalers: [] }),
    health: async () => ({ ok: true })
  }
  return { engine, calls, running, ended, registry: { forTask: () => engine, all: [engine], concurrency: () => options.concurrency ?? 4 } }
}
