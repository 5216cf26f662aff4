import sharp from "sharp"
import { cutOut } from "./cutOut.js"
import { hdRepair } from "./hdRepair.js"
import { removeMarked } from "./inpaint.js"
import { oldPhoto } from "./oldPhoto.js"
import { styleAvatar } from "./styleAvatar.js"
import { TOOL_MAX_PIXELS, type OutputFormat } from "./pixels.js"
import { ToolInputError, type ToolRequest, type ToolResult } from "./toolProcessorPort.js"

export const CORRUPT_IMAGE = "图片已损坏或格式不受支持，无法处理"

/** The result keeps the input's format (JPEG stays JPEG); discount always makes a PNG (alpha). */
const formatOf = async (bytes: Uint8Array): Promise<OutputFormat> => ((await sharp(bytes).metadata()).format === "jpeg" ? "jpeg" : "png")

/**
 * Runs one tool's offline processor (in the tool worker thread; tests call it directly). A decoder
 * failure (truncated, not an image, a pixel flood past TOOL_MAX_PIXELS) becomes a ToolInputError
 * with a Chinese reason, so the task fails with its full refund.
 */
export const processTool = async (request: ToolRequest, onProgress: (percent: number) => void = () => {}, aborted: () => boolean = () => false): Promise<ToolResult> => {
  try {
    const meta = await sharp(request.image, { limitInputPixels: TOOL_MAX_PIXELS }).metadata()
    if ((meta.width ?? 0) * (meta.height ?? 0) > TOOL_MAX_PIXELS) throw new ToolInputError("图片像素过多，无法处理")
    const format = await formatOf(request.image)
    switch (request.tool) {
      case "hd-repair":
        return await hdRepair(request.image, request.options, format, onProgress, aborted)
      case "discount":
        return await cutOut(request.image, request.mask, request.options)
      case "remove-watermark":
      case "element-elimination":
        return await removeMarked(request.tool, request.image, request.mask, request.options, format)
      case "style-avatar":
        return await styleAvatar(request.image, request.options, format, onProgress)
      case "old-photo-restoration":
        return await oldPhoto(request.image, request.options, format, onProgress)
      case "redraw":
        throw new ToolInputError("局部重绘需要接入绘画引擎")
    }
  } catch (error) {
    if (error instanceof ToolInputError) throw error
    const message = error instanceof Error ? error.message : String(error)
    if (/vips|libpng|read error|pixel limit|Input (buffer|file)|unsupported image format|premature end|truncated|corrupt|VipsJpeg|pngload|jpegload|Invalid|bad seek|libspng/i.test(message)) {
      throw new ToolInputError(CORRUPT_IMAGE)
    }
    throw error
  }
}
