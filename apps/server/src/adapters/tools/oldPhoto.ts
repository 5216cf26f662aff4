import { type Cv, loadOpenCv, withMats } from "./opencv.js"
import { inpaintRaw } from "./inpaint.js"
import { decode, encode, matOf, type OutputFormat, type Raw, rawOf } from "./pixels.js"
import type { ToolOptionValues, ToolResult } from "./toolProcessorPort.js"

const strength = (options: ToolOptionValues, key: string, fallback: number): number => (typeof options[key] === "number" ? (options[key] as number) : fallback)

/**
 * Scratches: long thin bright lines. A white top-hat keeps what is brighter than its surroundings and
 * thinner than 7 px; of those, only components that are long (their box's diagonal at least 8% of the
 * picture's shorter side, between 24 and 64 px) and thin along it (area / diagonal ≤ 5 px, so upright
 * and level scratches count as well as slanted ones) count. Bright dots and texture stay, and so does a
 * caption: its strokes are short, each letter a component of its own. `level` 0–10 lowers the threshold.
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
    const minLength = Math.min(64, Math.max(24, Math.min(image.width, image.height) * 0.08))
    for (let label = 1; label < count; label++) {
      const width = stats.intAt(label, cv.CC_STAT_WIDTH) as number
      const height = stats.intAt(label, cv.CC_STAT_HEIGHT) as number
      const area = stats.intAt(label, cv.CC_STAT_AREA) as number
      const length = Math.hypot(width, height)
      keepLabel[label] = length >= minLength && area / length <= 5 ? 1 : 0
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

/** The tint filters: sepia (the classic colour matrix) or a brown-to-cream duotone of the luma. */
export const tinted = (image: Raw, tint: string): Raw => {
  if (tint !== "sepia" && tint !== "duotone") return image
  const out = new Uint8Array(image.data.length)
  const dark = [52, 34, 28]
  const light = [236, 222, 196]
  for (let i = 0; i < image.width * image.height; i++) {
    const r = image.data[i * 3] ?? 0
    const g = image.data[i * 3 + 1] ?? 0
    const b = image.data[i * 3 + 2] ?? 0
    if (tint === "sepia") {
      out[i * 3] = Math.min(255, 0.393 * r + 0.769 * g + 0.189 * b)
      out[i * 3 + 1] = Math.min(255, 0.349 * r + 0.686 * g + 0.168 * b)
      out[i * 3 + 2] = Math.min(255, 0.272 * r + 0.534 * g + 0.131 * b)
    } else {
      const t = (0.299 * r + 0.587 * g + 0.114 * b) / 255
      for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(dark[c]! + (light[c]! - dark[c]!) * t)
    }
  }
  return { data: out, width: image.width, height: image.height, channels: 3 }
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
  current = tinted(current, tint)
  const filter = tint === "sepia" ? "已加怀旧棕滤镜（只是滤镜，不是上色）" : tint === "duotone" ? "已加双色调滤镜（只是滤镜，不是上色）" : undefined
  return {
    images: [{ bytes: await encode(current, format), width: current.width, height: current.height, format }],
    ...(filter !== undefined ? { note: filter } : {})
  }
}
