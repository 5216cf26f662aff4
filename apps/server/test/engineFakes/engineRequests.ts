import sharp from "sharp"
import {
  EngineError,
  type EngineProgress,
  type ImageToImage,
  type MjReferences,
  type RunControl,
  type TextToImage
} from "../../src/adapters/engine/imageEnginePort.js"

/** Requests and run controls for the adapter tests against the engine fakes. */
export const textRequest = (overrides: Partial<TextToImage> = {}): TextToImage => ({
  prompt: "a red fox in the snow",
  negativePrompt: "",
  loras: [],
  steps: 20,
  cfgScale: 7,
  width: 768,
  height: 1024,
  seed: 1234,
  count: 4,
  ...overrides
})

export const mjReferences = (overrides: Partial<MjReferences> = {}): MjReferences => ({
  imagePrompts: [],
  styleReference: [],
  characterReference: [],
  omniReference: [],
  version: "v7",
  aspect: "3:4",
  ...overrides
})

export const imageRequest = (init: Uint8Array, overrides: Partial<ImageToImage> = {}): ImageToImage => ({
  ...textRequest(),
  init,
  denoisingStrength: 0.5,
  ...overrides
})

/** A flat PNG of one colour. */
export const solidPng = async (width: number, height: number, rgb: readonly [number, number, number] = [128, 128, 128]): Promise<Uint8Array> =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
      .png()
      .toBuffer()
  )

/** The RGBA of one pixel. */
export const pixelAt = async (image: Uint8Array, x: number, y: number): Promise<ReadonlyArray<number>> => {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const offset = (y * info.width + x) * info.channels
  return [...data.subarray(offset, offset + 4)]
}

export interface RecordedRun extends RunControl {
  readonly progress: EngineProgress[]
  readonly abort: (reason?: unknown) => void
}

export const recordedRun = (onProgress?: (progress: EngineProgress) => void): RecordedRun => {
  const controller = new AbortController()
  const progress: EngineProgress[] = []
  return {
    signal: controller.signal,
    progress,
    abort: (reason?: unknown) => controller.abort(reason),
    onProgress: (step) => {
      progress.push(step)
      onProgress?.(step)
    }
  }
}

/** The EngineError a promise rejects with (fails the test when it resolves or throws something else). */
export const engineErrorOf = async (promise: Promise<unknown>): Promise<EngineError> => {
  try {
    await promise
  } catch (error) {
    if (error instanceof EngineError) return error
    throw error
  }
  throw new Error("expected an EngineError, the call succeeded")
}
