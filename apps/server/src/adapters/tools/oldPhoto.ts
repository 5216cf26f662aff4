import sharp from "sharp"
import { type Cv, loadOpenCv, withMats } from "./opencv.js"
import { inpaintRaw } from "./inpaint.js"
import { decode, encode, matOf, type OutputFormat, type Raw, rawOf } from "./pixels.js"
import type { ToolOptionValues, ToolResult } from "./toolProcessorPort.js"

const strength = (options: ToolOptionValues, key: string, fallback: number): number => (typeof options[key] === "number" ? (options[key] as number) : fallback)

/**
 * Scratches: thin bright lines. A white top-hat keeps what is brighter than its surroundings and
 * thinner than 7 px; of those, only long thin components (longest side ≥ 12 px, filling under 40% of
 * their box) count, so bright dots and texture stay. `level` 0–10 lowers the threshold.
 */
export const scratchMask = (cv: Cv, image: Raw, level: number): Promise<Raw> =>
  withMats((keep) => {
    const rgb = keep(matOf(cv, image))
    const grey = keep(new cv.Mat())
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY)
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(7, 7)) as Cv)
    const top = keep(new cv.Mat())
    cv.morphologyEx(grey, top, cv.MORPH_TOPHAT, kernel)
    const marks = keep(new cv.Mat())
    cv.threshold(top, marks, 70 - level * 4, 255, cv.THRESH_BINARY)
    const labels = keep(new cv.Mat())
    const stats = keep(new cv.Mat())
    const centroids = keep(new cv.Mat())
    const count = cv.connectedComponentsWithStats(marks, labels, stats, centroids, 8, cv.CV_32S) as number
    const keepLabel = new Uint8Array(count)
    for (let label = 1; label < count; label++) {
      const width = stats.intAt(label, cv.CC_STAT_WIDTH) as number
      const height = stats.intAt(label, cv.CC_STAT_HEIGHT) as number
      const area = stats.intAt(label, cv.CC_STAT_AREA) as number
      keepLabel[label] = Math.max(width, height) >= 12 && area / (width * height) < 0.4 ? 1 : 0
    }
    const out = new Uint8Array(image.width * image.height)
    for (let i = 0; i < out.length; i++) out[i] = keepLabel[labels.data32S[i] ?? 0] === 1 ? 255 : 0
    return { data: out, width: image.width, height: image.height, channels: 1 as const }
  })

/** Denoise (median + bilateral) and CLAHE on the lightness. */
const restoreTones = (cv: Cv, image: Raw, denoise: number, contrast: number): Promise<Raw> =>
  withMats((keep) => {
    let current = keep(matOf(cv, image))
    if (denoise > 0) {
      const median = keep(new cv.Mat())
      cv.medianBlur(current, median, denoise >= 6 ? 5 : 3)
      const smooth = keep(new cv.Mat())
      cv.bilateralFilter(median, smooth, 7, 10 + denoise * 8, 10 + denoise * 4)
      current = smooth
    }
    if (contrast > 0) {
      const lab = keep(new cv.Mat())
      cv.cvtColor(current, lab, cv.COLOR_RGB2Lab)
      const planes = keep(new cv.MatVector())
      cv.split(lab, planes)
      const lightness = keep(planes.get(0))
      const clahe = keep(new cv.CLAHE(1 + contrast * 0.4, new cv.Size(8, 8)))
      const equalised = keep(new cv.Mat())
      clahe.apply(lightness, equalised)
      planes.set(0, equalised)
      cv.merge(planes, lab)
      const back = keep(new cv.Mat())
      cv.cvtColor(lab, back, cv.COLOR_Lab2RGB)
      current = back
    }
    return rawOf(current)
  })

/** The tint filters: sepia (a colour matrix) or a brown-to-cream duotone of the grey. */
const tinted = async (image: Raw, tint: string): Promise<Raw> => {
  if (tint !== "sepia" && tint !== "duotone") return image
  const input = sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } })
  const pipeline = tint === "sepia"
    ? input.recomb([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]])
    : input.grayscale().toColourspace("srgb").linear([(236 - 52) / 255, (222 - 34) / 255, (196 - 28) / 255], [52, 34, 28])
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 }
}

/**
 * 老照片上色, offline: restore only. Denoise, CLAHE contrast, scratches found and inpainted, then an
 * optional sepia/duotone FILTER. No colourisation model runs offline: the caller adds the note.
 */
export const oldPhoto = async (bytes: Uint8Array, options: ToolOptionValues, format: OutputFormat, onProgress: (percent: number) => void): Promise<ToolResult> => {
  const { cv } = await loadOpenCv()
  const image = await decode(bytes, 3)
  const scratch = strength(options, "scratch", 5)
  let current = image
  let found = 0
  if (scratch > 0) {
    const marks = await scratchMask(cv, image, scratch)
    for (const value of marks.data) if (value > 0) found++
    if (found > 0) current = await inpaintRaw(current, marks, "telea", 3, 1)
  }
  onProgress(40)
  current = await restoreTones(cv, current, strength(options, "denoise", 4), strength(options, "contrast", 4))
  onProgress(80)
  const tint = String(options.tint ?? "none")
  current = await tinted(current, tint)
  const filter = tint === "sepia" ? "已加怀旧棕滤镜（只是滤镜，不是上色）" : tint === "duotone" ? "已加双色调滤镜（只是滤镜，不是上色）" : undefined
  return {
    images: [{ bytes: await encode(current, format), width: current.width, height: current.height, format }],
    ...(filter !== undefined ? { note: filter } : {})
  }
}
