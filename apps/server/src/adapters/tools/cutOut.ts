import sharp from "sharp"
import { loadOpenCv, withMats } from "./opencv.js"
import { decode, encode, matOf } from "./pixels.js"
import type { ToolOptionValues, ToolResult } from "./toolProcessorPort.js"

/** grabCut works on a copy at most this wide or high; the matte is scaled back up. */
const WORK_SIDE = 320
const ITERATIONS = 4

/**
 * 智能抠图: OpenCV grabCut from an auto rectangle (a margin of 5% all round) or from the user's hint
 * mask (opaque white = keep, opaque black = remove, grey or transparent = let grabCut decide), then
 * the matte is scaled to the image, feathered by `feather` px and becomes the alpha of a PNG.
 */
export const cutOut = async (bytes: Uint8Array, mask: Uint8Array | undefined, options: ToolOptionValues): Promise<ToolResult> => {
  const { cv } = await loadOpenCv()
  const full = await decode(bytes, 4)
  const ratio = Math.min(1, WORK_SIDE / Math.max(full.width, full.height))
  const work = { width: Math.max(1, Math.round(full.width * ratio)), height: Math.max(1, Math.round(full.height * ratio)) }
  const small = await decode(bytes, 3, work)
  const hints = mask === undefined ? undefined : await decode(mask, 4, work)
  const matte = await withMats((keep) => {
    const image = keep(matOf(cv, small))
    const labels = keep(new cv.Mat(work.height, work.width, cv.CV_8UC1, new cv.Scalar(cv.GC_BGD)))
    const bgd = keep(new cv.Mat())
    const fgd = keep(new cv.Mat())
    const marginX = Math.max(1, Math.round(work.width * 0.05))
    const marginY = Math.max(1, Math.round(work.height * 0.05))
    const rect = new cv.Rect(marginX, marginY, Math.max(1, work.width - 2 * marginX), Math.max(1, work.height - 2 * marginY))
    let sure = 0
    if (hints !== undefined) {
      const rectLabel = (x: number, y: number) => (x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height ? cv.GC_PR_FGD : cv.GC_PR_BGD)
      for (let y = 0; y < work.height; y++) {
        for (let x = 0; x < work.width; x++) {
          const at = (y * work.width + x) * 4
          const grey = ((hints.data[at] ?? 0) + (hints.data[at + 1] ?? 0) + (hints.data[at + 2] ?? 0)) / 3
          const opaque = (hints.data[at + 3] ?? 0) > 127
          const label = opaque && grey >= 200 ? cv.GC_FGD : opaque && grey <= 55 ? cv.GC_BGD : rectLabel(x, y)
          if (label === cv.GC_FGD) sure++
          labels.data[y * work.width + x] = label
        }
      }
    }
    if (hints !== undefined && sure > 0) cv.grabCut(image, labels, rect, bgd, fgd, ITERATIONS, cv.GC_INIT_WITH_MASK)
    else cv.grabCut(image, labels, rect, bgd, fgd, ITERATIONS, cv.GC_INIT_WITH_RECT)
    const out = new Uint8Array(work.width * work.height)
    for (let i = 0; i < out.length; i++) {
      const label = labels.data[i]
      out[i] = label === cv.GC_FGD || label === cv.GC_PR_FGD ? 255 : 0
    }
    return out
  })
  const feather = typeof options.feather === "number" ? options.feather : 2
  let alpha = sharp(Buffer.from(matte), { raw: { width: work.width, height: work.height, channels: 1 } }).resize(full.width, full.height, { kernel: "cubic" })
  if (feather > 0) alpha = alpha.blur(Math.max(0.3, feather / 2))
  const alphaData = await alpha.extractChannel(0).raw().toBuffer()
  const rgba = new Uint8Array(full.data)
  for (let i = 0; i < full.width * full.height; i++) rgba[i * 4 + 3] = Math.min(rgba[i * 4 + 3] ?? 255, alphaData[i] ?? 0)
  const result = { data: rgba, width: full.width, height: full.height, channels: 4 as const }
  return { images: [{ bytes: await encode(result, "png"), width: full.width, height: full.height, format: "png" }] }
}
