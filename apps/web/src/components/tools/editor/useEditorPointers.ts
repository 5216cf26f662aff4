import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from "react"
import type { MaskTool } from "./types"
import { toImagePoint, type Point, type View } from "./viewport"

type Painter = {
  begin: (tool: MaskTool, size: number, at: Point) => void
  extend: (points: ReadonlyArray<Point>) => void
  end: () => void
  cancel: () => void
}

type Viewport = {
  view: View
  zoomBy: (factor: number, anchor: Point) => void
  pan: (dx: number, dy: number) => void
}

type Gesture =
  | { kind: "idle" }
  | { kind: "paint"; pointerId: number }
  | { kind: "pan"; pointerId: number; last: Point }
  | { kind: "pinch"; distance: number; middle: Point }

/** The tools' pointer handling: paint with one pointer (mouse, pen, a finger), pan with 移动 or the middle
 * button, pinch-zoom with two fingers (which drops a stroke the first finger had started). */
export function useEditorPointers(options: {
  painter: Painter
  viewport: Viewport
  tool: MaskTool | "move"
  /** Brush diameter in CSS px on screen. */
  brush: number
  disabled: boolean
}) {
  const { painter, viewport, tool, brush, disabled } = options
  const gesture = useRef<Gesture>({ kind: "idle" })
  const touches = useRef(new Map<number, Point>())
  const [hover, setHover] = useState<Point | null>(null)

  const local = (event: { clientX: number; clientY: number; currentTarget: Element }): Point => {
    const rect = event.currentTarget.getBoundingClientRect()
    return { x: event.clientX - rect.left, y: event.clientY - rect.top }
  }

  const pinchOf = (): { distance: number; middle: Point } | null => {
    const [a, b] = [...touches.current.values()]
    if (!a || !b) return null
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } }
  }

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (disabled) return
      const at = local(event)
      if (event.pointerType === "touch") touches.current.set(event.pointerId, at)
      const pinch = touches.current.size >= 2 ? pinchOf() : null
      if (pinch) {
        painter.cancel()
        gesture.current = { kind: "pinch", ...pinch }
        return
      }
      if (gesture.current.kind !== "idle") return
      event.currentTarget.setPointerCapture?.(event.pointerId)
      if (tool === "move" || event.button === 1) {
        event.preventDefault()
        gesture.current = { kind: "pan", pointerId: event.pointerId, last: at }
      } else if (event.button === 0) {
        gesture.current = { kind: "paint", pointerId: event.pointerId }
        painter.begin(tool, brush / viewport.view.scale, toImagePoint(viewport.view, at))
      }
    },
    [disabled, painter, tool, brush, viewport.view]
  )

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const at = local(event)
      setHover(event.pointerType === "touch" ? null : at)
      if (touches.current.has(event.pointerId)) touches.current.set(event.pointerId, at)
      const current = gesture.current
      if (current.kind === "pinch") {
        const pinch = pinchOf()
        if (!pinch || current.distance === 0) return
        viewport.pan(pinch.middle.x - current.middle.x, pinch.middle.y - current.middle.y)
        viewport.zoomBy(pinch.distance / current.distance, pinch.middle)
        gesture.current = { kind: "pinch", ...pinch }
      } else if (current.kind === "pan" && current.pointerId === event.pointerId) {
        viewport.pan(at.x - current.last.x, at.y - current.last.y)
        gesture.current = { ...current, last: at }
      } else if (current.kind === "paint" && current.pointerId === event.pointerId) {
        const rect = event.currentTarget.getBoundingClientRect()
        const events = event.nativeEvent.getCoalescedEvents?.() ?? []
        const points = (events.length > 0 ? events : [event]).map((e) =>
          toImagePoint(viewport.view, { x: e.clientX - rect.left, y: e.clientY - rect.top })
        )
        painter.extend(points)
      }
    },
    [painter, viewport]
  )

  const finish = useCallback(
    (event: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
      touches.current.delete(event.pointerId)
      const current = gesture.current
      if (current.kind === "pinch") {
        if (touches.current.size < 2) gesture.current = { kind: "idle" }
        return
      }
      if (current.kind === "idle" || current.pointerId !== event.pointerId) return
      if (current.kind === "paint") {
        if (cancelled) painter.cancel()
        else painter.end()
      }
      gesture.current = { kind: "idle" }
    },
    [painter]
  )

  return {
    hover,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: ReactPointerEvent<HTMLElement>) => finish(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => finish(event, true),
      onPointerLeave: () => setHover(null)
    }
  }
}
