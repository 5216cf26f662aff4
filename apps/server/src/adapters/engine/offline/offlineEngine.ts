import {
  EngineError,
  type EngineImage,
  type EngineResult,
  type ImageEngine,
  type ImageToImage,
  type RunControl,
  type TextToImage
} from "../imageEnginePort.js"
import { repaint, upscaleImage } from "./offlineImageOps.js"
import { offlineMjAction } from "./offlineMjActions.js"
import { renderArt, renderPreviews } from "./offlineRender.js"
import { renderStyles } from "./renderStyle.js"

/**
 * The offline default engine, 本地演示引擎: no model, no network. It draws a deterministic procedural
 * picture from the prompt and seed (offlineRender.ts) so the product and its tests work anywhere, and
 * captions every image 本地演示引擎 so nobody takes it for AI art. Each image reports progress in four
 * steps with a small preview, and the abort signal is honoured between steps.
 */
export const offlineEngineLabel = "本地演示引擎"

export interface OfflineEngineOptions {
  /** wait this long between progress steps (demos and tests that need a task to stay running); 0 by default */
  readonly stepDelayMs?: number
  /**
   * Test-only (MIDO_OFFLINE_FAIL_PROMPT, refused in production): a prompt containing this text is
   * refused as an engine refuses a banned prompt, so the failure and its refund can be tested end to end.
   */
  readonly failPrompt?: string
  /** Test-only (MIDO_OFFLINE_SLOW_PROMPT): when set, stepDelayMs applies only to prompts containing it. */
  readonly slowPrompt?: string
}

/** The reason a task refused by the test switch shows. */
export const offlineFailReason = "引擎拒绝了这个提示词（测试开关 MIDO_OFFLINE_FAIL_PROMPT）"

/** Sides the offline renderer accepts, after hires. */
export const offlineSizeLimits = { min: 8, max: 4096 } as const

const previewBlur = [7, 3.5, 1.2] as const

const stopped = (signal: AbortSignal): EngineError => {
  const reason: unknown = signal.reason
  if (reason instanceof EngineError) return reason
  if (reason instanceof Error && reason.name === "TimeoutError") return new EngineError("timeout", "生成超时，已停止")
  return new EngineError("interrupted", "生成已取消")
}

const checkStopped = (signal: AbortSignal) => {
  if (signal.aborted) throw stopped(signal)
}

/** Waits `ms` (none when 0), cut short by the signal. */
const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  ms <= 0
    ? Promise.resolve()
    : new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          signal.removeEventListener("abort", onAbort)
          resolve()
        }, ms)
        const onAbort = () => {
          clearTimeout(timer)
          reject(stopped(signal))
        }
        signal.addEventListener("abort", onAbort, { once: true })
      })

const checkRequest = (request: TextToImage): { width: number; height: number } => {
  const scale = request.hires?.scale ?? 1
  const [width, height] = [Math.round(request.width * scale), Math.round(request.height * scale)]
  const { min, max } = offlineSizeLimits
  if (!Number.isInteger(request.width) || !Number.isInteger(request.height) || Math.min(width, height) < min || Math.max(width, height) > max) {
    throw new EngineError("rejected", `图片尺寸超出本地演示引擎的范围（${min}–${max} 像素）`, `${width}x${height}`)
  }
  if (!Number.isInteger(request.count) || request.count < 1 || request.count > 8) {
    throw new EngineError("rejected", "一次最多生成 8 张图片", `count ${request.count}`)
  }
  return { width, height }
}

type DrawOne = (seed: number, width: number, height: number) => Promise<Uint8Array>

/** Draws `count` images (seed, seed + 1, …) with progress 0, then four steps per image, the last 100. */
const drawBatch = async (request: TextToImage, run: RunControl, switches: OfflineEngineOptions, draw: DrawOne): Promise<EngineResult> => {
  const { failPrompt, slowPrompt } = switches
  const slow = slowPrompt === undefined || slowPrompt === "" || request.prompt.includes(slowPrompt)
  const stepDelayMs = slow ? Math.max(0, switches.stepDelayMs ?? 0) : 0
  const { width, height } = checkRequest(request)
  if (failPrompt !== undefined && failPrompt !== "" && request.prompt.includes(failPrompt)) throw new EngineError("rejected", offlineFailReason, "MIDO_OFFLINE_FAIL_PROMPT")
  const { signal, onProgress } = run
  checkStopped(signal)
  onProgress({ percent: 0 })
  const images: EngineImage[] = []
  for (let index = 0; index < request.count; index++) {
    const seed = request.seed + index
    const art = { prompt: request.prompt, seed, width, height, checkpoint: request.checkpoint }
    // like a sampler's previews: the same picture, sharper at each step (drawn small first, it costs ~10 ms)
    const previews = await renderPreviews(art, previewBlur)
    for (const [step, preview] of previews.entries()) {
      await pause(stepDelayMs, signal)
      checkStopped(signal)
      onProgress({ percent: Math.round((100 * (index + (step + 1) / 4)) / request.count), preview })
    }
    await pause(stepDelayMs, signal)
    checkStopped(signal)
    images.push({ bytes: await draw(seed, width, height), width, height, seed })
    onProgress({ percent: Math.round((100 * (index + 1)) / request.count) })
  }
  return { images }
}

export const makeOfflineEngine = (options: OfflineEngineOptions = {}): ImageEngine => {
  // with the slow-prompt test switch only prompts are slowed, so upscales run at full speed
  const stepDelayMs = options.slowPrompt === undefined ? Math.max(0, options.stepDelayMs ?? 0) : 0
  const engine: ImageEngine = {
    kind: "offline",
    label: offlineEngineLabel,
    txt2img: (request, run) =>
      drawBatch(request, run, options, (seed, width, height) =>
        renderArt({ prompt: request.prompt, seed, width, height, checkpoint: request.checkpoint })
      ),
    img2img: (request: ImageToImage, run) =>
      drawBatch(request, run, options, (seed, width, height) => repaint({ ...request, width, height }, seed)),
    mjAction: (request, run) => offlineMjAction(engine, request, run),
    upscale: async (request, run) => {
      checkStopped(run.signal)
      run.onProgress({ percent: 0 })
      await pause(stepDelayMs, run.signal)
      const made = await upscaleImage(request)
      checkStopped(run.signal)
      run.onProgress({ percent: 100 })
      return { images: [made] }
    },
    catalog: () =>
      Promise.resolve({
        checkpoints: renderStyles.map((style) => style.checkpoint),
        loras: [],
        samplers: ["Euler a", "DPM++ 2M"],
        schedulers: ["Automatic", "Karras"],
        upscalers: ["Lanczos"]
      }),
    health: () => Promise.resolve({ ok: true })
  }
  return engine
}
