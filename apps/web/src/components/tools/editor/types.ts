import { type Ref } from "react"

/**
 * What the mask editor paints.
 * - "mask": one brush (marked) and the eraser. Export: a PNG at the image's natural size,
 *   white (255) = marked, black (0) = not marked. Used by 去水印, 元素消除, 局部重绘.
 * - "hints": two brushes, 保留 (keep) and 去除 (remove), and the eraser; used by 智能抠图 (grabCut).
 *   Export: a PNG at the image's natural size, grey levels
 *   white (255) = keep (sure foreground), black (0) = remove (sure background),
 *   grey (128) = unknown (nothing painted there). The server maps these to GC_FGD / GC_BGD / GC_PR_*.
 * Either export is null while nothing is painted.
 */
export type MaskEditorMode = "mask" | "hints"

/** The active tool: "paint" is the mark brush in "mask" mode; "keep" / "remove" are the hint brushes. */
export type MaskTool = "paint" | "keep" | "remove" | "erase"

export type MaskEditorHandle = {
  /** The current mask as a PNG Blob at the image's natural size (see MaskEditorMode), or null when empty. */
  getMask: () => Promise<Blob | null>
  /** Whether anything is painted now (cheap, synchronous). */
  isEmpty: () => boolean
  /** Removes every stroke (undoable). */
  clear: () => void
}

export type MaskEditorProps = {
  /** The image to paint over: an object URL, data URL or same-origin address (read for its natural size). */
  src: string
  /** Alt text of the image. */
  alt?: string
  mode?: MaskEditorMode
  /**
   * Called 120 ms after the end of a stroke, an undo, a redo or 清空 (a burst is reported once) with
   * the exported PNG, or null when nothing is painted. `getMask()` answers at once.
   */
  onChange?: (mask: Blob | null) => void
  /** Imperative access (React 19 ref as a prop). */
  ref?: Ref<MaskEditorHandle>
  /** Brush diameter in image pixels at start; the slider goes from 4 to 200. Default 40. */
  defaultBrushSize?: number
  /** No painting, tools disabled (e.g. while a task runs). */
  disabled?: boolean
  /** Height of the viewport in CSS px; the width fills the container. Default 480. */
  height?: number
  className?: string
}

export type CompareSliderProps = {
  /** The original image. */
  before: string
  /** The result (may be a transparent PNG: shown over a checkerboard). */
  after: string
  /** Label over the left part; default 原图. */
  beforeLabel?: string
  /** Label over the right part; default 效果图. */
  afterLabel?: string
  /** Alt text of both images (suffixed with the labels). */
  alt?: string
  /** Divider position in percent (0–100) at start; default 50. */
  defaultPosition?: number
  /** Controlled position in percent; leave out for an uncontrolled slider. */
  position?: number
  onPositionChange?: (position: number) => void
  /** Height of the frame in CSS px; the width fills the container. Default: the after image's aspect ratio. */
  height?: number
  className?: string
}
