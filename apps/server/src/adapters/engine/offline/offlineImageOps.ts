import sharp from "sharp"
import { EngineError, type ImageToImage, type Upscale } from "../imageEnginePort.js"
import { captionLayer } from "./caption.js"
import { artPipeline } from "./offlineRender.js"
import { hslToRgb } from "./paint.js"
import { paletteOfPrompt } from "./promptPalette.js"

/**
 * The offline engine's image-to-image and upscale: plain image processing, honest about what it is.
 * img2img restyles the init image with the prompt's picture and palette (more with a higher denoising
 * strength) and, with a mask, changes only the white area; upscale is a Lanczos resize with a gentle
 * sharpen.
 */

const unreadable = (cause: unknown) => new EngineError("rejected", "图片无法读取，请换一张 PNG 或 JPEG 图片", String(cause))

interface RawImage {
  readonly data: Buffer
  readonly channels: number
}

/** The bytes as width × height RGB: an init image is cropped to fill, a mask stretched like A1111's. */
const rgbOf = async (bytes: Uint8Array, width: number, height: number, fit: "cover" | "fill"): Promise<RawImage> => {
  const { data, info } = await sharp(bytes)
    .flatten({ background: "#000000" })
    .resize(width, height, { fit, kernel: "lanczos3" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((cause: unknown) => {
      throw unreadable(cause)
    })
  return { data, channels: info.channels }
}

/** One repainted image: init, picture and mask mixed pixel by pixel, then captioned. */
export const repaint = async (request: ImageToImage, seed: number): Promise<Buffer> => {
  const { width, height } = request
  const init = await rgbOf(request.init, width, height, "cover")
  const mask = request.mask === undefined ? undefined : await rgbOf(request.mask, width, height, "fill")
  const artRequest = { prompt: request.prompt, seed, width, height, checkpoint: request.checkpoint }
  const art = await (await artPipeline(artRequest)).toColourspace("srgb").raw().toBuffer({ resolveWithObject: true })
  const strength = Math.min(1, Math.max(0, request.denoisingStrength))
  const tint = hslToRgb(paletteOfPrompt(request.prompt).hues[0], 0.65, 0.55)
  const step = 255 / (Math.round(32 - 26 * strength) - 1)
  const [tintShare, artShare] = [0.4 * strength, 0.45 * strength]
  const out = Buffer.alloc(width * height * 3)
  for (let pixel = 0; pixel < width * height; pixel++) {
    const [i, a] = [pixel * init.channels, pixel * art.info.channels]
    const [r, g, b] = [init.data[i] ?? 0, init.data[i + 1] ?? 0, init.data[i + 2] ?? 0]
    const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255
    const keep = mask === undefined ? 0 : 1 - (mask.data[pixel * mask.channels] ?? 0) / 255
    for (let c = 0; c < 3; c++) {
      const original = init.data[i + c] ?? 0
      const graded = original + (Math.min(255, luminance * (tint[c] ?? 0) * 1.35) - original) * tintShare
      const mixed = graded + ((art.data[a + c] ?? 0) - graded) * artShare
      const posterised = Math.round(mixed / step) * step
      out[pixel * 3 + c] = Math.round(original * keep + posterised * (1 - keep))
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .composite([...(await captionLayer(width, height))])
    .png({ compressionLevel: 6 })
    .toBuffer()
}

/** Largest side an upscale may produce (a 16-megapixel PNG is already ~40 MB in memory). */
export const maxUpscaledSide = 4096

export const upscaleImage = async (request: Upscale): Promise<{ bytes: Buffer; width: number; height: number }> => {
  const meta = await sharp(request.image)
    .metadata()
    .catch((cause: unknown) => {
      throw unreadable(cause)
    })
  const [width, height] = [Math.round((meta.width ?? 0) * request.scale), Math.round((meta.height ?? 0) * request.scale)]
  if (!(request.scale > 0) || width < 1 || height < 1 || Math.max(width, height) > maxUpscaledSide) {
    throw new EngineError("rejected", `放大后的尺寸超出范围（最长边不超过 ${maxUpscaledSide} 像素）`, `${width}x${height}`)
  }
  const bytes = await sharp(request.image)
    .resize(width, height, { kernel: "lanczos3", fit: "fill" })
    .sharpen({ sigma: 0.6 })
    .png({ compressionLevel: 6 })
    .toBuffer()
  return { bytes, width, height }
}
