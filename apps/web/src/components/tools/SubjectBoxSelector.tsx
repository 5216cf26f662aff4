import type { SubjectBox } from "@mido/react"
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react"
import { Button } from "../ui/Button"
import { cx } from "../ui/cx"
import { CHECKERBOARD } from "./editor/checkerboard"

type Point = { readonly x: number; readonly y: number }
type Size = { readonly width: number; readonly height: number }

/** A drag shorter than this (CSS px both ways) is a click: the box stays as it was. */
const CLICK_SLOP = 3

export type SubjectBoxSelectorProps = {
  /** The source picture the box is drawn on. */
  src: string
  /** The box now (fractions 0–1 of the picture), or null: the tool finds the subject itself. */
  value: SubjectBox | null
  /** A box drawn (fractions, not yet rounded), or null when 清除框选 is pressed. */
  onChange: (box: SubjectBox | null) => void
  /** Why the last box was refused (the core's message), shown under the picture. */
  problem?: string | null
  disabled?: boolean
  /** The picture is fitted inside the width of the panel and this height (CSS px). */
  maxHeight?: number
  /** Alt text and test id of the picture (it is the page's source preview). */
  alt?: string
  imageTestId?: string
}

const clamp = (value: number) => Math.min(1, Math.max(0, value))

const boxBetween = (a: Point, b: Point): SubjectBox => ({
  x: Math.min(a.x, b.x),
  y: Math.min(a.y, b.y),
  width: Math.abs(a.x - b.x),
  height: Math.abs(a.y - b.y)
})

/** The picture's size fitted into `width` × `maxHeight`, keeping its proportions. */
const fitted = (natural: Size, width: number, maxHeight: number): Size => {
  const scale = Math.min(width / natural.width, maxHeight / natural.height)
  return { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) }
}

/**
 * 智能抠图's subject box: drag a rectangle over the source picture (mouse, pen or a finger) to tell the
 * cut-out where the subject is; a new drag replaces it, 清除框选 goes back to automatic. The frame is
 * dashed and the outside dimmed. The picture takes no focus (nothing to do there with keys); the clear
 * button is the keyboard's way. Give it `key={src}`: a new picture starts unmeasured.
 */
export function SubjectBoxSelector({ src, value, onChange, problem = null, disabled = false, maxHeight = 240, alt = "原图", imageTestId }: SubjectBoxSelectorProps) {
  const outerRef = useRef<HTMLDivElement>(null)
  const [natural, setNatural] = useState<Size | null>(null)
  const [width, setWidth] = useState(0)
  const [drag, setDrag] = useState<{ readonly pointerId: number; readonly start: Point; readonly now: Point; readonly startPx: Point } | null>(null)

  useEffect(() => {
    const outer = outerRef.current
    if (outer === null) return
    const measure = () => setWidth(outer.clientWidth)
    measure()
    if (typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(measure)
    observer.observe(outer)
    return () => observer.disconnect()
  }, [])

  const size = natural !== null && width > 0 ? fitted(natural, width, maxHeight) : null
  const at = (event: ReactPointerEvent<HTMLDivElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect()
    return { x: clamp((event.clientX - rect.left) / rect.width), y: clamp((event.clientY - rect.top) / rect.height) }
  }
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (disabled || size === null || (event.pointerType === "mouse" && event.button !== 0)) return
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    const point = at(event)
    setDrag({ pointerId: event.pointerId, start: point, now: point, startPx: { x: event.clientX, y: event.clientY } })
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag === null || drag.pointerId !== event.pointerId) return
    setDrag({ ...drag, now: at(event) })
  }
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag === null || drag.pointerId !== event.pointerId) return
    setDrag(null)
    const moved = Math.max(Math.abs(event.clientX - drag.startPx.x), Math.abs(event.clientY - drag.startPx.y))
    if (moved >= CLICK_SLOP) onChange(boxBetween(drag.start, at(event)))
  }

  const shown = drag !== null ? boxBetween(drag.start, drag.now) : value
  const hint = value === null ? "在图片上拖动框出主体，不框选则自动识别" : "已框选主体，在图片上重新拖动可重新框选"
  return (
    <div ref={outerRef} className="flex flex-col gap-2" data-testid="subject-box">
      <div className="flex justify-center rounded-md bg-gray-50" style={{ minHeight: size?.height ?? 120 }}>
        <div
          data-testid="subject-box-area"
          aria-label="框选主体区域"
          className={cx("relative touch-none overflow-hidden select-none", disabled ? "cursor-not-allowed" : "cursor-crosshair")}
          style={{ ...CHECKERBOARD, width: size?.width, height: size?.height, visibility: size === null ? "hidden" : "visible" }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
        >
          <img
            src={src}
            alt={alt}
            data-testid={imageTestId}
            draggable={false}
            onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            className="block size-full"
          />
          {shown !== null && (
            <div
              aria-hidden
              data-testid="subject-box-frame"
              className="pointer-events-none absolute border-2 border-dashed border-white shadow-[0_0_0_1px_rgba(0,0,0,0.5),0_0_0_9999px_rgba(17,24,39,0.5)]"
              style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%`, width: `${shown.width * 100}%`, height: `${shown.height * 100}%` }}
            />
          )}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3">
        {problem !== null ? (
          <p role="alert" className="text-xs leading-5 text-danger-600" data-testid="subject-box-problem">{problem}</p>
        ) : (
          <p className="text-xs leading-5 text-gray-500" data-testid="subject-box-hint">{hint}</p>
        )}
        <Button size="sm" variant="ghost" className="shrink-0" disabled={disabled || value === null} onClick={() => onChange(null)} data-testid="subject-box-clear">
          清除框选
        </Button>
      </div>
    </div>
  )
}
