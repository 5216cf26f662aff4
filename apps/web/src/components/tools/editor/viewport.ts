/**
 * Zoom and pan maths of the mask editor (pure). A view maps image pixels to viewport CSS pixels:
 * screen = image × scale + (x, y). "Fit" shows the whole image centred; zoom never goes below fit
 * (nothing to see there) nor above MAX_PIXEL_ZOOM image pixels per CSS pixel.
 */
export type Size = { readonly width: number; readonly height: number }
export type Point = { readonly x: number; readonly y: number }
export type View = { readonly scale: number; readonly x: number; readonly y: number }

/** Largest zoom: one image pixel shown as 8 CSS pixels. */
export const MAX_PIXEL_ZOOM = 8
/** One press of 放大 / 缩小. */
export const ZOOM_STEP = 1.25

/** The whole image, centred, as large as the box allows (small images are enlarged too). */
export function fitView(image: Size, box: Size): View {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) return { scale: 1, x: 0, y: 0 }
  const scale = Math.min(box.width / image.width, box.height / image.height)
  return { scale, x: (box.width - image.width * scale) / 2, y: (box.height - image.height * scale) / 2 }
}

export function zoomLimits(image: Size, box: Size): { readonly min: number; readonly max: number } {
  const min = fitView(image, box).scale
  return { min, max: Math.max(min, MAX_PIXEL_ZOOM) }
}

/**
 * Keeps the image on screen: along an axis where the image is smaller than the box it is centred,
 * otherwise its edges may not come inside the box (no empty band while panning).
 */
export function clampView(view: View, image: Size, box: Size): View {
  const clampAxis = (offset: number, imageLength: number, boxLength: number) => {
    const shown = imageLength * view.scale
    if (shown <= boxLength) return (boxLength - shown) / 2
    return Math.min(0, Math.max(boxLength - shown, offset))
  }
  return {
    scale: view.scale,
    x: clampAxis(view.x, image.width, box.width),
    y: clampAxis(view.y, image.height, box.height)
  }
}

/** Multiplies the zoom by `factor` keeping the image point under `anchor` (viewport px) where it is. */
export function zoomAt(view: View, factor: number, anchor: Point, image: Size, box: Size): View {
  const { min, max } = zoomLimits(image, box)
  const scale = Math.min(max, Math.max(min, view.scale * factor))
  const ratio = scale / view.scale
  return clampView(
    { scale, x: anchor.x - (anchor.x - view.x) * ratio, y: anchor.y - (anchor.y - view.y) * ratio },
    image,
    box
  )
}

/** Zoom about the centre of the box (the 放大 / 缩小 buttons). */
export function zoomCentre(view: View, factor: number, image: Size, box: Size): View {
  return zoomAt(view, factor, { x: box.width / 2, y: box.height / 2 }, image, box)
}

/** Moves the view by a pointer's travel (viewport px), kept on screen. */
export function panBy(view: View, dx: number, dy: number, image: Size, box: Size): View {
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy }, image, box)
}

/** The image pixel under a viewport point (may lie outside the image). */
export function toImagePoint(view: View, point: Point): Point {
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale }
}

/** The zoom factor of one wheel event: smooth for trackpads, about ×1.2 per mouse notch (deltaY 100). */
export function wheelFactor(deltaY: number, deltaMode = 0): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY
  return Math.exp(-Math.max(-400, Math.min(400, pixels)) * 0.0018)
}

/** Whether the view is (about) the fitted one, so a resize can keep it fitted. */
export function isFitted(view: View, image: Size, box: Size): boolean {
  return Math.abs(view.scale - fitView(image, box).scale) < 1e-6
}
