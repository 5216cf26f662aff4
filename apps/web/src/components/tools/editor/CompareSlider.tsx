import { useState, type KeyboardEvent, type PointerEvent } from "react"
import { cx } from "../../ui/cx"
import { CHECKERBOARD } from "./checkerboard"
import { clampPercent, keyStep, percentAt } from "./compare"
import type { CompareSliderProps } from "./types"

const LABEL = "pointer-events-none absolute top-3 rounded-sm bg-gray-900/60 px-2 py-0.5 text-xs font-medium text-white"

/**
 * Before / after stacked: the after image fills the frame, the before image is cut at the divider
 * (left = 原图, right = 效果图). Drag anywhere in the frame (mouse, pen, touch) or use the keyboard on
 * the divider (role="slider"). Both layers sit on a checkerboard, so a transparent PNG reads as such.
 */
export function CompareSlider({
  before,
  after,
  beforeLabel = "原图",
  afterLabel = "效果图",
  alt = "",
  defaultPosition = 50,
  position,
  onPositionChange,
  height,
  className
}: CompareSliderProps) {
  const [own, setOwn] = useState(() => clampPercent(defaultPosition))
  const [ratio, setRatio] = useState<number | null>(null)
  const [dragging, setDragging] = useState(false)
  const value = position === undefined ? own : clampPercent(position)

  const move = (next: number) => {
    const rounded = Math.round(next * 10) / 10
    if (position === undefined) setOwn(rounded)
    onPositionChange?.(rounded)
  }
  const fromPointer = (event: PointerEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    move(percentAt(event.clientX, rect.left, rect.width))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = keyStep(event.key, event.shiftKey, value)
    if (next === null) return
    event.preventDefault()
    move(next)
  }

  return (
    <div
      className={cx("relative touch-none overflow-hidden rounded-lg select-none ring-1 ring-line", className)}
      style={height ? { height } : { aspectRatio: ratio ?? 4 / 3 }}
      onPointerDown={(event) => {
        if (event.button !== 0) return
        event.currentTarget.setPointerCapture?.(event.pointerId)
        setDragging(true)
        fromPointer(event)
      }}
      onPointerMove={(event) => dragging && fromPointer(event)}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
      data-testid="compare-slider"
    >
      <div className="absolute inset-0" style={CHECKERBOARD}>
        <img
          src={after}
          alt={`${alt}${afterLabel}`}
          draggable={false}
          className="size-full object-contain"
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget
            if (naturalWidth > 0 && naturalHeight > 0) setRatio(naturalWidth / naturalHeight)
          }}
        />
      </div>
      <div className="absolute inset-0" style={{ ...CHECKERBOARD, clipPath: `inset(0 ${100 - value}% 0 0)` }}>
        <img src={before} alt={`${alt}${beforeLabel}`} draggable={false} className="size-full object-contain" />
      </div>
      <span className={cx(LABEL, "left-3", value < 12 && "opacity-0")}>{beforeLabel}</span>
      <span className={cx(LABEL, "right-3", value > 88 && "opacity-0")}>{afterLabel}</span>
      <div
        role="slider"
        tabIndex={0}
        aria-label={`${beforeLabel}与${afterLabel}对比`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${beforeLabel} ${Math.round(value)}%`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="group absolute inset-y-0 -ml-4 flex w-8 cursor-ew-resize justify-center outline-none"
        style={{ left: `${value}%` }}
      >
        <span aria-hidden className="h-full w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.2)]" />
        <span
          aria-hidden
          className={cx(
            "absolute top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-white text-gray-700 shadow-md ring-1 ring-black/10",
            "group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-brand-500"
          )}
        >
          <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
            <path d="M9 7l-5 5 5 5M15 7l5 5-5 5" />
          </svg>
        </span>
      </div>
    </div>
  )
}
