import { type Cv, loadOpenCv, withMats } from "./opencv.js"
import { decode, encode, matOf, type OutputFormat, type Raw, rawOf } from "./pixels.js"
import type { ToolOptionValues, ToolResult } from "./toolProcessorPort.js"
import { ToolInputError } from "./toolProcessorPort.js"
import { detectMarks } from "./watermarkMask.js"

/** A user's mask as 0/255 at the image's size (any size is resized, not refused): white or opaque strokes mark. */
export const userMask = async (mask: Uint8Array, width: number, height: number): Promise<Raw> => {
  const rgba = await decode(mask, 4, { width, height })
  const out = new Uint8Array(width * height)
  // a mask with transparency marks where it is opaque and light; an opaque one where it is light
  for (let i = 0; i < out.length; i++) {
    const grey = ((rgba.data[i * 4] ?? 0) + (rgba.data[i * 4 + 1] ?? 0) + (rgba.data[i * 4 + 2] ?? 0)) / 3
    out[i] = grey > 127 && (rgba.data[i * 4 + 3] ?? 0) > 127 ? 255 : 0
  }
  return { data: out, width, height, channels: 1 }
}

/** cv.inpaint of RGB pixels under a 0/255 mask dilated by `grow` px. */
export const inpaintRaw = async (image: Raw, mask: Raw, method: "telea" | "ns", radius: number, grow = 2): Promise<Raw> => {
  const { cv } = await loadOpenCv()
  return withMats((keep) => {
    const source = keep(matOf(cv, image))
    const marks = keep(matOf(cv, mask))
    if (grow > 0) {
      const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * grow + 1, 2 * grow + 1)) as Cv)
      cv.dilate(marks, marks, kernel)
    }
    const out = keep(new cv.Mat())
    cv.inpaint(source, marks, out, radius, method === "ns" ? cv.INPAINT_NS : cv.INPAINT_TELEA)
    return rawOf(out)
  })
}

const markedShare = (mask: Raw): number => {
  let marked = 0
  for (const value of mask.data) if (value > 0) marked++
  return marked / Math.max(1, mask.data.length)
}

/**
 * 去水印 / 元素消除: cv.inpaint (Telea or Navier-Stokes) under the user's mask, dilated a little; for
 * remove-watermark without a mask (auto_mask), under the text-like marks detectMarks finds.
 */
export const removeMarked = async (
  tool: "remove-watermark" | "element-elimination",
  bytes: Uint8Array,
  mask: Uint8Array | undefined,
  options: ToolOptionValues,
  format: OutputFormat
): Promise<ToolResult> => {
  const image = await decode(bytes, 3)
  const method = options.method === "ns" ? "ns" : "telea"
  const radius = typeof options.radius === "number" ? options.radius : 5
  let marks: Raw
  let note: string | undefined
  if (mask !== undefined) marks = await userMask(mask, image.width, image.height)
  else if (tool === "remove-watermark") {
    marks = await detectMarks(image)
    note = "已自动识别水印区域；如有遗漏，可手动涂抹后重新处理"
  } else throw new ToolInputError("请先涂抹要去除的区域")
  const share = markedShare(marks)
  if (share === 0) {
    return { images: [{ bytes: await encode(image, format), width: image.width, height: image.height, format }], note: mask === undefined ? "未识别到水印，请手动涂抹要去除的区域" : "涂抹区域为空，图片未改动" }
  }
  const out = await inpaintRaw(image, marks, method, radius)
  const large = share > 0.25 ? "涂抹面积较大，离线修复可能留下涂抹痕迹；接入绘画引擎后效果更好" : undefined
  return { images: [{ bytes: await encode(out, format), width: out.width, height: out.height, format }], ...((note ?? large) !== undefined ? { note: [note, large].filter(Boolean).join("；") } : {}) }
}
