import type { Stroke } from "./history"
import type { MaskEditorMode, MaskTool } from "./types"
import type { Point } from "./viewport"

/** The part of CanvasRenderingContext2D the strokes use (a recording fake in the tests). */
export type PaintContext = Pick<
  CanvasRenderingContext2D,
  | "beginPath"
  | "moveTo"
  | "lineTo"
  | "arc"
  | "fill"
  | "stroke"
  | "fillRect"
  | "clearRect"
  | "setTransform"
  | "fillStyle"
  | "strokeStyle"
  | "lineWidth"
  | "lineCap"
  | "lineJoin"
  | "globalCompositeOperation"
>

/**
 * How each tool is drawn: a colour, or "clear" (the eraser on the display canvas cuts to transparent).
 * `background` fills the canvas first (null: transparent).
 */
export type Palette = { readonly background: string | null } & Readonly<Record<MaskTool, string | "clear">>

/** On screen (the canvas is shown at 50 % opacity over the image): red marks, green keep, red remove. */
export const DISPLAY_PALETTE: Palette = {
  background: null,
  paint: "#ef4444",
  keep: "#22c55e",
  remove: "#ef4444",
  erase: "clear"
}

/**
 * The exported mask (see MaskEditorMode): "mask" white on black; "hints" white keep, black remove on
 * grey 128 (unknown), and the eraser paints the background back.
 */
export function exportPalette(mode: MaskEditorMode): Palette {
  return mode === "mask"
    ? { background: "#000000", paint: "#ffffff", keep: "#ffffff", remove: "#000000", erase: "#000000" }
    : { background: "#808080", paint: "#ffffff", keep: "#ffffff", remove: "#000000", erase: "#808080" }
}

function applyTool(ctx: PaintContext, tool: MaskTool, size: number, palette: Palette): void {
  const colour = palette[tool]
  ctx.globalCompositeOperation = colour === "clear" ? "destination-out" : "source-over"
  const style = colour === "clear" ? "#000000" : colour
  ctx.fillStyle = style
  ctx.strokeStyle = style
  ctx.lineWidth = size
  ctx.lineCap = "round"
  ctx.lineJoin = "round"
}

function dot(ctx: PaintContext, at: Point, size: number): void {
  ctx.beginPath()
  ctx.arc(at.x, at.y, size / 2, 0, Math.PI * 2)
  ctx.fill()
}

/** A whole stroke: a dot for a tap, else one round-capped, round-joined path through the points. */
export function drawStroke(ctx: PaintContext, stroke: Stroke, palette: Palette): void {
  const [first, ...rest] = stroke.points
  if (!first) return
  applyTool(ctx, stroke.tool, stroke.size, palette)
  if (rest.length === 0) return dot(ctx, first, stroke.size)
  ctx.beginPath()
  ctx.moveTo(first.x, first.y)
  for (const point of rest) ctx.lineTo(point.x, point.y)
  ctx.stroke()
}

/** While the pointer moves: the new piece of a stroke (its first point alone draws the dot). */
export function drawSegment(ctx: PaintContext, stroke: Stroke, from: Point | null, to: Point, palette: Palette): void {
  applyTool(ctx, stroke.tool, stroke.size, palette)
  if (!from) return dot(ctx, to, stroke.size)
  ctx.beginPath()
  ctx.moveTo(from.x, from.y)
  ctx.lineTo(to.x, to.y)
  ctx.stroke()
}

/**
 * Repaints a canvas from the strokes. `scale` maps image pixels to canvas pixels (the display canvas
 * of a very large image is smaller than the image; the exported one is always at natural size).
 */
export function renderStrokes(
  ctx: PaintContext,
  strokes: ReadonlyArray<Stroke>,
  canvasSize: { readonly width: number; readonly height: number },
  palette: Palette,
  scale = 1
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.globalCompositeOperation = "source-over"
  ctx.clearRect(0, 0, canvasSize.width, canvasSize.height)
  if (palette.background) {
    ctx.fillStyle = palette.background
    ctx.fillRect(0, 0, canvasSize.width, canvasSize.height)
  }
  ctx.setTransform(scale, 0, 0, scale, 0, 0)
  for (const stroke of strokes) drawStroke(ctx, stroke, palette)
}

/**
 * Makes the anti-aliased export exact, in place (RGBA): "mask" → 255 where grey ≥ 128 else 0;
 * "hints" → 255 (≥ 192), 0 (≤ 64) or 128; alpha 255. Returns whether anything is marked, i.e. whether
 * the mask differs from its background (a mask painted and then erased entirely is empty).
 */
export function quantiseMask(data: Uint8ClampedArray, mode: MaskEditorMode): boolean {
  let marked = false
  for (let index = 0; index < data.length; index += 4) {
    const grey = data[index] ?? 0
    const value = mode === "mask" ? (grey >= 128 ? 255 : 0) : grey >= 192 ? 255 : grey <= 64 ? 0 : 128
    if (value !== (mode === "mask" ? 0 : 128)) marked = true
    data[index] = value
    data[index + 1] = value
    data[index + 2] = value
    data[index + 3] = 255
  }
  return marked
}

/** The display canvas of a large image is capped at this many pixels on its long side (memory stays bounded). */
export const DISPLAY_MAX_SIDE = 4096

export function displayScale(image: { readonly width: number; readonly height: number }): number {
  return Math.min(1, DISPLAY_MAX_SIDE / Math.max(image.width, image.height, 1))
}
