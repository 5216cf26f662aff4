import sharp from "sharp"
import { type Cv, loadOpenCv, withMats } from "./opencv.js"
import { encode, matOf, type OutputFormat, type Raw, rawOf } from "./pixels.js"
import type { ToolImage, ToolOptionValues, ToolResult } from "./toolProcessorPort.js"

/** The avatar's side: the centre square, at most this many px. */
export const AVATAR_SIDE = 768

/** The centre square of the image (upright), at most AVATAR_SIDE px. */
export const centreSquare = async (bytes: Uint8Array): Promise<Raw> => {
  const upright = await sharp(bytes, { failOn: "error" }).rotate().removeAlpha().toBuffer({ resolveWithObject: true })
  const side = Math.min(upright.info.width, upright.info.height)
  const target = Math.min(side, AVATAR_SIDE)
  const { data, info } = await sharp(upright.data).resize(target, target, { fit: "cover", position: "centre" }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 }
}

/** cartoon: bilateral-smoothed colours with bold dark edges (Canny on a median-blurred grey). */
const cartoon = (cv: Cv, image: Raw): Promise<Raw> =>
  withMats((keep) => {
    const rgb = keep(matOf(cv, image))
    const smooth = keep(new cv.Mat())
    const again = keep(new cv.Mat())
    cv.bilateralFilter(rgb, smooth, 9, 80, 80)
    cv.bilateralFilter(smooth, again, 9, 80, 80)
    const grey = keep(new cv.Mat())
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY)
    cv.medianBlur(grey, grey, 5)
    const edges = keep(new cv.Mat())
    cv.Canny(grey, edges, 60, 140)
    const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(3, 3)) as Cv)
    cv.dilate(edges, edges, kernel)
    const out = rawOf(again)
    // quantise each channel to 8 levels for flat cartoon colours, then ink the edges
    for (let i = 0; i < out.width * out.height; i++) {
      const inked = (edges.data[i] ?? 0) > 0
      for (let c = 0; c < 3; c++) out.data[i * 3 + c] = inked ? 25 : Math.min(255, Math.floor((out.data[i * 3 + c] ?? 0) / 32) * 32 + 16)
    }
    return out
  })

/** sketch: pencil by colour dodge of the grey over its blurred negative, plus a faint adaptive line. */
const sketch = (cv: Cv, image: Raw): Promise<Raw> =>
  withMats((keep) => {
    const rgb = keep(matOf(cv, image))
    const grey = keep(new cv.Mat())
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY)
    const blurred = keep(new cv.Mat())
    cv.GaussianBlur(grey, blurred, new cv.Size(21, 21), 0)
    const lines = keep(new cv.Mat())
    cv.adaptiveThreshold(grey, lines, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY, 9, 7)
    const out = new Uint8Array(image.width * image.height * 3)
    for (let i = 0; i < image.width * image.height; i++) {
      const g = grey.data[i] ?? 0
      const dodge = Math.min(255, Math.round((g * 255) / Math.max(1, blurred.data[i] ?? 0)))
      const value = (lines.data[i] ?? 255) === 0 ? Math.round(dodge * 0.75) : dodge
      out[i * 3] = value
      out[i * 3 + 1] = value
      out[i * 3 + 2] = value
    }
    return { data: out, width: image.width, height: image.height, channels: 3 }
  })

/** posterize: k-means (k = 6) colours found on a sample, every pixel painted with its nearest centre. */
const posterize = (cv: Cv, image: Raw): Promise<Raw> =>
  withMats((keep) => {
    const step = Math.max(1, Math.floor((image.width * image.height) / 8192))
    const count = Math.floor((image.width * image.height) / step)
    const samples = keep(new cv.Mat(count, 3, cv.CV_32F))
    for (let s = 0; s < count; s++) for (let c = 0; c < 3; c++) samples.data32F[s * 3 + c] = image.data[s * step * 3 + c] ?? 0
    const labels = keep(new cv.Mat())
    const centres = keep(new cv.Mat())
    const criteria = new cv.TermCriteria(cv.TermCriteria_EPS + cv.TermCriteria_MAX_ITER, 20, 1)
    cv.kmeans(samples, 6, labels, criteria, 3, cv.KMEANS_PP_CENTERS, centres)
    const palette = Array.from({ length: centres.rows }, (_, k) => [centres.data32F[k * 3], centres.data32F[k * 3 + 1], centres.data32F[k * 3 + 2]] as [number, number, number])
    const out = new Uint8Array(image.data.length)
    for (let i = 0; i < image.width * image.height; i++) {
      const r = image.data[i * 3] ?? 0
      const g = image.data[i * 3 + 1] ?? 0
      const b = image.data[i * 3 + 2] ?? 0
      let best = palette[0]!
      let bestDistance = Infinity
      for (const colour of palette) {
        const distance = (colour[0] - r) ** 2 + (colour[1] - g) ** 2 + (colour[2] - b) ** 2
        if (distance < bestDistance) {
          bestDistance = distance
          best = colour
        }
      }
      out[i * 3] = Math.round(best[0])
      out[i * 3 + 1] = Math.round(best[1])
      out[i * 3 + 2] = Math.round(best[2])
    }
    return { data: out, width: image.width, height: image.height, channels: 3 }
  })

/** film: a soft S tone curve, warm highlights and cool shadows, faded blacks, vignette and seeded grain. */
const film = (image: Raw): Raw => {
  const curve = (v: number) => 255 * (0.5 - 0.5 * Math.cos(Math.PI * (v / 255)) * 0.85 - 0.075 * Math.cos(Math.PI * (v / 255)) * 0)
  const lut = Array.from({ length: 256 }, (_, v) => Math.round(18 + (curve(v) * (240 - 18)) / 255))
  const out = new Uint8Array(image.data.length)
  let seed = 0x9e3779b9
  const random = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return ((seed >>> 0) / 4294967296) - 0.5
  }
  const cx = image.width / 2
  const cy = image.height / 2
  const reach = Math.hypot(cx, cy)
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = y * image.width + x
      const vignette = 1 - 0.35 * (Math.hypot(x - cx, y - cy) / reach) ** 2
      const grain = random() * 18
      const r = image.data[i * 3] ?? 0
      const g = image.data[i * 3 + 1] ?? 0
      const b = image.data[i * 3 + 2] ?? 0
      const luma = 0.299 * r + 0.587 * g + 0.114 * b
      const mix = (v: number) => luma * 0.25 + v * 0.75 // a little desaturated
      const warm = (luma - 128) / 128
      out[i * 3] = Math.max(0, Math.min(255, (lut[Math.round(mix(r))]! + 10 * warm) * vignette + grain))
      out[i * 3 + 1] = Math.max(0, Math.min(255, lut[Math.round(mix(g))]! * vignette + grain))
      out[i * 3 + 2] = Math.max(0, Math.min(255, (lut[Math.round(mix(b))]! - 12 * warm) * vignette + grain))
    }
  }
  return { data: out, width: image.width, height: image.height, channels: 3 }
}

/** 风格头像: the centre square, one image per chosen style, in the order chosen. */
export const styleAvatar = async (bytes: Uint8Array, options: ToolOptionValues, format: OutputFormat, onProgress: (percent: number) => void): Promise<ToolResult> => {
  const { cv } = await loadOpenCv()
  const square = await centreSquare(bytes)
  const styles = String(options.styles ?? "cartoon").split(",").map((style) => style.trim()).filter((style) => style !== "")
  const images: Array<ToolImage> = []
  for (const [index, style] of styles.entries()) {
    const out = style === "cartoon" ? await cartoon(cv, square) : style === "sketch" ? await sketch(cv, square) : style === "posterize" ? await posterize(cv, square) : film(square)
    images.push({ bytes: await encode(out, format), width: out.width, height: out.height, format, label: style })
    onProgress(Math.round(((index + 1) / styles.length) * 95))
  }
  return { images }
}
