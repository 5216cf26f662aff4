import { useCallback, useEffect, useRef, useState, type RefObject } from "react"
import {
  ZOOM_STEP,
  clampView,
  fitView,
  isFitted,
  panBy,
  wheelFactor,
  zoomAt,
  zoomCentre,
  type Point,
  type Size,
  type View
} from "./viewport"

const NO_SIZE: Size = { width: 0, height: 0 }

/**
 * The editor's view over the image: fitted at start and on resize (while the user has not zoomed),
 * zoom by buttons and ctrl/⌘ + wheel about the pointer, pan kept on screen.
 */
export function useViewport(image: Size | null, boxRef: RefObject<HTMLElement | null>) {
  const [box, setBox] = useState<Size>(NO_SIZE)
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 })
  const state = useRef({ image: image ?? NO_SIZE, box, view })
  state.current = { image: image ?? NO_SIZE, box, view }

  const update = useCallback((next: (current: typeof state.current) => View) => {
    const nextView = next(state.current)
    state.current = { ...state.current, view: nextView }
    setView(nextView)
  }, [])

  useEffect(() => {
    const element = boxRef.current
    if (!element) return
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight })
    measure()
    if (typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [boxRef])

  // A new image or a new box: fitted stays fitted, a zoomed view is only kept on screen.
  const fittedFor = useRef<{ image: Size; box: Size } | null>(null)
  const width = image?.width ?? 0
  const height = image?.height ?? 0
  useEffect(() => {
    const size = { width, height }
    const previous = fittedFor.current
    const keepZoom =
      previous !== null &&
      previous.image.width === width &&
      previous.image.height === height &&
      !isFitted(state.current.view, previous.image, previous.box)
    fittedFor.current = { image: size, box }
    update((current) => (keepZoom ? clampView(current.view, size, box) : fitView(size, box)))
  }, [width, height, box, update])

  const zoomIn = useCallback(() => update((s) => zoomCentre(s.view, ZOOM_STEP, s.image, s.box)), [update])
  const zoomOut = useCallback(() => update((s) => zoomCentre(s.view, 1 / ZOOM_STEP, s.image, s.box)), [update])
  const reset = useCallback(() => update((s) => fitView(s.image, s.box)), [update])
  const zoomBy = useCallback(
    (factor: number, anchor: Point) => update((s) => zoomAt(s.view, factor, anchor, s.image, s.box)),
    [update]
  )
  const pan = useCallback((dx: number, dy: number) => update((s) => panBy(s.view, dx, dy, s.image, s.box)), [update])

  // ctrl / ⌘ + wheel zooms (a trackpad pinch arrives as ctrl + wheel too); a plain wheel scrolls the page.
  useEffect(() => {
    const element = boxRef.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return
      event.preventDefault()
      const rect = element.getBoundingClientRect()
      zoomBy(wheelFactor(event.deltaY, event.deltaMode), { x: event.clientX - rect.left, y: event.clientY - rect.top })
    }
    element.addEventListener("wheel", onWheel, { passive: false })
    return () => element.removeEventListener("wheel", onWheel)
  }, [boxRef, zoomBy])

  const fitted = image ? isFitted(view, image, box) : true
  return { view, box, fitted, zoomIn, zoomOut, reset, zoomBy, pan, viewRef: state }
}
