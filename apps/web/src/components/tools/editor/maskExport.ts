import type { Stroke } from "./history"
import { exportPalette, quantiseMask, renderStrokes } from "./strokes"
import type { MaskEditorMode } from "./types"
import type { Size } from "./viewport"

/**
 * The mask as a PNG at the image's natural size (see MaskEditorMode), drawn on an offscreen canvas
 * from the strokes; null when nothing is marked or the browser has no 2D canvas.
 */
export async function exportMask(strokes: ReadonlyArray<Stroke>, image: Size, mode: MaskEditorMode): Promise<Blob | null> {
  if (strokes.length === 0 || image.width <= 0 || image.height <= 0) return null
  const canvas = document.createElement("canvas")
  canvas.width = image.width
  canvas.height = image.height
  const ctx = canvas.getContext("2d", { willReadFrequently: true })
  if (!ctx) return null
  ctx.imageSmoothingEnabled = false
  renderStrokes(ctx, strokes, image, exportPalette(mode))
  const pixels = ctx.getImageData(0, 0, image.width, image.height)
  if (!quantiseMask(pixels.data, mode)) return null
  ctx.putImageData(pixels, 0, 0)
  return new Promise<Blob | null>((resolve) => canvas.toBlob((blob) => resolve(blob), "image/png"))
}
