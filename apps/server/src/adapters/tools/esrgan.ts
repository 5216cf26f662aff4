import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import type * as TfCore from "@tensorflow/tfjs-core"
import type { Tensor } from "@tensorflow/tfjs-core"
import type * as TfLayersModule from "@tensorflow/tfjs-layers"
import type { LayersModel } from "@tensorflow/tfjs-layers"

/**
 * ESRGAN super-resolution (esrgan-slim, RDN ×2 / ×4, MIT) on tfjs-core + tfjs-layers with the WASM
 * backend: the weights are read from the npm package through a small file IOHandler (nothing is
 * fetched), tfjs is loaded on first use and kept for the process (the tool worker thread). The image
 * is upscaled in overlapping patches, each blended into the result with a linear ramp, so memory stays
 * bounded whatever the image size (ADR 0012).
 */

const require = createRequire(import.meta.url)

/** A package's own directory (its exports map hides package.json): up from its main file. */
const packageDir = (name: string): string => {
  let dir = dirname(require.resolve(name))
  while (!dir.endsWith(join("node_modules", name)) && dirname(dir) !== dir) dir = dirname(dir)
  return dir
}
type Tf = typeof TfCore
type TfLayers = typeof TfLayersModule

/** Patch side in input pixels, and the overlap on each side blended away. */
export const ESRGAN_PATCH = 128
export const ESRGAN_OVERLAP = 8

let runtime: Promise<{ tf: Tf; layers: TfLayers }> | undefined
const models = new Map<number, Promise<LayersModel>>()

const loadRuntime = (): Promise<{ tf: Tf; layers: TfLayers }> =>
  (runtime ??= (async () => {
    const tf = (await import("@tensorflow/tfjs-core")) as Tf
    const layers = (await import("@tensorflow/tfjs-layers")) as TfLayers
    const wasm = await import("@tensorflow/tfjs-backend-wasm")
    wasm.setWasmPaths(`${join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist")}/`)
    wasm.setThreadsCount(1)
    await tf.setBackend("wasm")
    await tf.ready()
    return { tf, layers }
  })())

const modelDir = (scale: 2 | 4) => join(packageDir("@upscalerjs/esrgan-slim"), "models", `x${scale}`)

/** A file IOHandler: model.json and its weight shards from the package directory. */
const fileHandler = (dir: string) => ({
  load: async () => {
    const json = JSON.parse(await readFile(join(dir, "model.json"), "utf8")) as {
      modelTopology: object
      weightsManifest: Array<{ paths: Array<string>; weights: Array<unknown> }>
      format?: string
      generatedBy?: string
      convertedBy?: string
    }
    const buffers = await Promise.all(json.weightsManifest.flatMap((group) => group.paths.map((path) => readFile(join(dir, path)))))
    const total = Buffer.concat(buffers)
    return {
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights) as never,
      weightData: total.buffer.slice(total.byteOffset, total.byteOffset + total.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy
    }
  }
})

const modelOf = (scale: 2 | 4): Promise<LayersModel> => {
  let model = models.get(scale)
  if (model === undefined) {
    model = loadRuntime().then(({ layers }) => layers.loadLayersModel(fileHandler(modelDir(scale))))
    models.set(scale, model)
  }
  return model
}

/** Weight of an output pixel at `at` along a side of `size` whose ends overlap a neighbour by `ramp`. */
const ramp = (at: number, size: number, ramp: number, openStart: boolean, openEnd: boolean): number => {
  if (ramp <= 0) return 1
  const fromStart = openStart ? Math.min(1, (at + 0.5) / ramp) : 1
  const fromEnd = openEnd ? Math.min(1, (size - at - 0.5) / ramp) : 1
  return Math.max(1e-3, Math.min(fromStart, fromEnd))
}

export interface RgbImage {
  /** interleaved RGB, 3 bytes a pixel */
  readonly data: Uint8Array
  readonly width: number
  readonly height: number
}

/**
 * Upscales RGB pixels ×scale with ESRGAN, patch by patch. `onPatch(done, total)` reports progress;
 * `aborted()` stops between patches.
 */
export const esrganUpscale = async (
  image: RgbImage,
  scale: 2 | 4,
  onPatch: (done: number, total: number) => void = () => {},
  aborted: () => boolean = () => false,
  patchSide = ESRGAN_PATCH
): Promise<RgbImage> => {
  const { tf } = await loadRuntime()
  const model = await modelOf(scale)
  const { width, height, data } = image
  const outWidth = width * scale
  const outHeight = height * scale
  const sum = new Float32Array(outWidth * outHeight * 3)
  const weights = new Float32Array(outWidth * outHeight)
  const step = patchSide - 2 * ESRGAN_OVERLAP
  const starts = (side: number) => {
    const list: Array<number> = []
    for (let at = 0; ; at += step) {
      const start = Math.max(0, Math.min(at, side - patchSide))
      list.push(start)
      if (start + patchSide >= side) break
    }
    return [...new Set(list)]
  }
  const xs = starts(width)
  const ys = starts(height)
  const total = xs.length * ys.length
  let done = 0
  for (const y0 of ys) {
    for (const x0 of xs) {
      if (aborted()) throw new Error("aborted")
      const w = Math.min(patchSide, width - x0)
      const h = Math.min(patchSide, height - y0)
      const patch = new Float32Array(w * h * 3)
      for (let y = 0; y < h; y++) {
        const row = ((y0 + y) * width + x0) * 3
        for (let i = 0; i < w * 3; i++) patch[y * w * 3 + i] = data[row + i] ?? 0
      }
      const out = tf.tidy(() => {
        const input = tf.tensor4d(patch, [1, h, w, 3])
        const result = model.predict(input) as Tensor
        return tf.clipByValue(result, 0, 255)
      })
      const values = (await out.data()) as Float32Array
      out.dispose()
      const ow = w * scale
      const oh = h * scale
      const rampOut = ESRGAN_OVERLAP * scale
      for (let y = 0; y < oh; y++) {
        const wy = ramp(y, oh, rampOut, y0 > 0, y0 + h < height)
        for (let x = 0; x < ow; x++) {
          const weight = wy * ramp(x, ow, rampOut, x0 > 0, x0 + w < width)
          const target = (y0 * scale + y) * outWidth + x0 * scale + x
          const source = (y * ow + x) * 3
          weights[target] = (weights[target] ?? 0) + weight
          sum[target * 3] = (sum[target * 3] ?? 0) + (values[source] ?? 0) * weight
          sum[target * 3 + 1] = (sum[target * 3 + 1] ?? 0) + (values[source + 1] ?? 0) * weight
          sum[target * 3 + 2] = (sum[target * 3 + 2] ?? 0) + (values[source + 2] ?? 0) * weight
        }
      }
      onPatch(++done, total)
    }
  }
  const result = new Uint8Array(outWidth * outHeight * 3)
  for (let i = 0; i < outWidth * outHeight; i++) {
    const weight = weights[i] || 1
    result[i * 3] = Math.round((sum[i * 3] ?? 0) / weight)
    result[i * 3 + 1] = Math.round((sum[i * 3 + 1] ?? 0) / weight)
    result[i * 3 + 2] = Math.round((sum[i * 3 + 2] ?? 0) / weight)
  }
  return { data: result, width: outWidth, height: outHeight }
}
