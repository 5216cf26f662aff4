import sharp from "sharp"
import type { EngineRegistry, EngineResult, ImageEngine, TextToImage } from "./imageEnginePort.js"

/**
 * TEMPORARY until the offline engine lands (offline/offlineEngine.ts, engineConfig.ts): plain colour
 * squares seeded by the seed, labelled 本地演示引擎, so the queue runs end to end with no engine.
 */
const square = async (request: Pick<TextToImage, "width" | "height" | "seed" | "count">): Promise<EngineResult> => ({
  images: await Promise.all(
    Array.from({ length: request.count }, async (_, index) => {
      const seed = request.seed + index
      const bytes = await sharp({ create: { width: request.width, height: request.height, channels: 3, background: { r: seed % 256, g: (seed >> 8) % 256, b: 128 } } }).png().toBuffer()
      return { bytes, width: request.width, height: request.height, seed }
    })
  )
})

export const placeholderEngine = (): ImageEngine => ({
  kind: "offline",
  label: "本地演示引擎",
  txt2img: (request) => square(request),
  img2img: (request) => square(request),
  upscale: async (request) => {
    const meta = await sharp(request.image).metadata()
    const width = Math.round((meta.width ?? 512) * request.scale)
    const height = Math.round((meta.height ?? 512) * request.scale)
    return { images: [{ bytes: await sharp(request.image).resize(width, height).png().toBuffer(), width, height }] }
  },
  catalog: async () => ({ checkpoints: ["本地演示引擎"], loras: [], samplers: ["Euler a"], schedulers: ["Automatic"], upscalers: ["Lanczos"] }),
  health: async () => ({ ok: true })
})

export const placeholderEngines = (): EngineRegistry => {
  const engine = placeholderEngine()
  return { forTask: () => engine, all: [engine], concurrency: () => 2 }
}
