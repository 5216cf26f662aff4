import { Dialog as HeadlessDialog, DialogPanel } from "@headlessui/react"
import { type PointerEvent, useState, type WheelEvent } from "react"
import { Icon } from "../ui/Icon"
import { DetailIcon } from "./detailIcons"

const MIN = 0.5
const MAX = 6
const clamp = (scale: number) => Math.min(MAX, Math.max(MIN, scale))

/**
 * The artwork at full size over everything (a dialog nested in the detail dialog, so Escape closes
 * only this): the wheel and the buttons zoom, dragging pans, a double click or 1:1 resets.
 */
export function ImageViewer({ open, src, alt, onClose }: { open: boolean; src: string; alt: string; onClose: () => void }) {
  const [scale, setScale] = useState(1)
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null)

  const reset = () => {
    setScale(1)
    setOffset({ x: 0, y: 0 })
  }
  const close = () => {
    reset()
    onClose()
  }
  const zoom = (by: number) => setScale((current) => clamp(current * by))
  const onWheel = (event: WheelEvent) => zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15)
  const onPointerDown = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    setDrag({ x: event.clientX - offset.x, y: event.clientY - offset.y })
  }
  const onPointerMove = (event: PointerEvent) => {
    if (drag !== null) setOffset({ x: event.clientX - drag.x, y: event.clientY - drag.y })
  }

  return (
    <HeadlessDialog open={open} onClose={close} className="relative z-[70]">
      <div className="fixed inset-0 bg-black/90" aria-hidden="true" />
      <DialogPanel className="fixed inset-0 flex items-center justify-center overflow-hidden" data-testid="image-viewer">
        <img
          src={src}
          alt={alt}
          draggable={false}
          onWheel={onWheel}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => setDrag(null)}
          onDoubleClick={reset}
          className="max-h-[92vh] max-w-[92vw] touch-none select-none object-contain"
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})`, cursor: drag ? "grabbing" : "grab", transition: drag ? "none" : "transform 120ms ease-out" }}
        />
        <div className="absolute bottom-6 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-white/10 p-1 text-white backdrop-blur">
          <button type="button" aria-label="缩小" onClick={() => zoom(1 / 1.25)} className="flex size-9 items-center justify-center rounded-full hover:bg-white/15">
            <DetailIcon name="zoom-out" size={18} />
          </button>
          <span className="w-14 text-center text-sm tabular-nums" data-testid="viewer-scale">{Math.round(scale * 100)}%</span>
          <button type="button" aria-label="放大" onClick={() => zoom(1.25)} className="flex size-9 items-center justify-center rounded-full hover:bg-white/15">
            <DetailIcon name="zoom-in" size={18} />
          </button>
          <button type="button" aria-label="还原" onClick={reset} className="flex size-9 items-center justify-center rounded-full hover:bg-white/15">
            <DetailIcon name="reset" size={18} />
          </button>
        </div>
        <button type="button" aria-label="关闭大图" onClick={close} className="absolute top-5 right-5 flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20">
          <Icon name="close" size={20} />
        </button>
      </DialogPanel>
    </HeadlessDialog>
  )
}
