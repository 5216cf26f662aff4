import { useCallback, useEffect, useRef, useState, type RefObject } from "react"
import * as H from "./history"
import { exportMask } from "./maskExport"
import { DISPLAY_PALETTE, displayScale, drawSegment, renderStrokes } from "./strokes"
import type { MaskEditorMode, MaskTool } from "./types"
import type { Point, Size } from "./viewport"

type Live = { tool: MaskTool; size: number; points: Point[] }

/**
 * The mask's state: the undo history of strokes, the display canvas (repainted from the history,
 * drawn to piece by piece while a stroke is live) and the export to the owner.
 */
export function useMaskPainter(options: {
  image: Size | null
  mode: MaskEditorMode
  canvasRef: RefObject<HTMLCanvasElement | null>
  onChange?: (mask: Blob | null) => void
}) {
  const { image, mode, canvasRef } = options
  const [history, setHistory] = useState<H.History>(H.emptyHistory)
  const historyRef = useRef(history)
  const live = useRef<Live | null>(null)
  const onChange = useRef(options.onChange)
  useEffect(() => {
    onChange.current = options.onChange
  }, [options.onChange])

  const context = useCallback(() => canvasRef.current?.getContext("2d") ?? null, [canvasRef])

  const repaint = useCallback(
    (next: H.History) => {
      const canvas = canvasRef.current
      const ctx = context()
      if (!canvas || !ctx || !image) return
      renderStrokes(ctx, H.visibleStrokes(next), canvas, DISPLAY_PALETTE, displayScale(image))
    },
    [canvasRef, context, image]
  )

  // A new image (or mode) starts a new mask.
  useEffect(() => {
    historyRef.current = H.emptyHistory
    live.current = null
    setHistory(H.emptyHistory)
  }, [image?.width, image?.height, mode])

  useEffect(() => repaint(history), [history, repaint])

  const exportSeq = useRef(0)
  const commit = useCallback(
    (next: H.History) => {
      if (next === historyRef.current) return
      historyRef.current = next
      setHistory(next)
      const seq = ++exportSeq.current
      if (!image || !onChange.current) return
      void exportMask(H.visibleStrokes(next), image, mode).then((blob) => {
        if (seq === exportSeq.current) onChange.current?.(blob)
      })
    },
    [image, mode]
  )

  const begin = useCallback(
    (tool: MaskTool, size: number, at: Point) => {
      const ctx = context()
      live.current = { tool, size, points: [at] }
      if (ctx && image) {
        const k = displayScale(image)
        ctx.setTransform(k, 0, 0, k, 0, 0)
        drawSegment(ctx, live.current, null, at, DISPLAY_PALETTE)
      }
    },
    [context, image]
  )

  const extend = useCallback(
    (points: ReadonlyArray<Point>) => {
      const stroke = live.current
      const ctx = context()
      for (const point of points) {
        if (!stroke) return
        const last = stroke.points[stroke.points.length - 1] ?? null
        if (last && Math.hypot(point.x - last.x, point.y - last.y) < 0.5) continue
        stroke.points.push(point)
        if (ctx) drawSegment(ctx, stroke, last, point, DISPLAY_PALETTE)
      }
    },
    [context]
  )

  const end = useCallback(() => {
    const stroke = live.current
    live.current = null
    if (stroke) commit(H.push(historyRef.current, { kind: "stroke", stroke }))
  }, [commit])

  /** A second finger arrived (pinch) or the pointer was cancelled: the live stroke is dropped. */
  const cancel = useCallback(() => {
    if (!live.current) return
    live.current = null
    repaint(historyRef.current)
  }, [repaint])

  const undo = useCallback(() => commit(H.undo(historyRef.current)), [commit])
  const redo = useCallback(() => commit(H.redo(historyRef.current)), [commit])
  const clear = useCallback(() => commit(H.clear(historyRef.current)), [commit])
  const getMask = useCallback(
    () => (image ? exportMask(H.visibleStrokes(historyRef.current), image, mode) : Promise.resolve(null)),
    [image, mode]
  )
  const isEmpty = useCallback(() => H.visibleStrokes(historyRef.current).length === 0, [])

  return {
    begin,
    extend,
    end,
    cancel,
    undo,
    redo,
    clear,
    getMask,
    isEmpty,
    canUndo: H.canUndo(history),
    canRedo: H.canRedo(history),
    empty: H.visibleStrokes(history).length === 0
  }
}
