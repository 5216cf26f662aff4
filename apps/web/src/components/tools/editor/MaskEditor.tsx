import { useEffect, useImperativeHandle, useRef, useState } from "react"
import { Spinner } from "../../ui/Spinner"
import { cx } from "../../ui/cx"
import { CHECKERBOARD } from "./checkerboard"
import { BRUSH_MAX, BRUSH_MIN, MaskToolbar, ZoomControls, type EditorTool } from "./MaskToolbar"
import { displayScale } from "./strokes"
import type { MaskEditorProps } from "./types"
import { useEditorPointers } from "./useEditorPointers"
import { useMaskPainter } from "./useMaskPainter"
import { useViewport } from "./useViewport"
import type { Size } from "./viewport"

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

const MASK_HINT = "涂抹需要处理的区域 · Ctrl+滚轮缩放，放大后用「移动」拖动画面"
const HINTS_HINT = "绿色涂抹要保留的部分，红色涂抹要去除的部分 · Ctrl+滚轮缩放"

/**
 * Paints a mask (or keep / remove hints) over an image; see MaskEditorMode for the exported PNG.
 * The mask lives at the image's natural size; the view zooms (buttons, ctrl + wheel, two fingers)
 * and pans (移动, the middle button) without touching it. Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) undo and redo
 * unless a text field has the focus.
 */
export function MaskEditor({
  src,
  alt = "",
  mode = "mask",
  onChange,
  ref,
  defaultBrushSize = 40,
  disabled = false,
  height = 480,
  className
}: MaskEditorProps) {
  const [image, setImage] = useState<Size | null>(null)
  const [failed, setFailed] = useState(false)
  const [tool, setTool] = useState<EditorTool>(mode === "hints" ? "keep" : "paint")
  const [brush, setBrush] = useState(Math.min(BRUSH_MAX, Math.max(BRUSH_MIN, defaultBrushSize)))
  const boxRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const viewport = useViewport(image, boxRef)
  const painter = useMaskPainter({ image, mode, canvasRef, onChange })
  const pointers = useEditorPointers({ painter, viewport, tool, brush, disabled: disabled || !image })

  useEffect(() => {
    setImage(null)
    setFailed(false)
  }, [src])
  useEffect(() => setTool(mode === "hints" ? "keep" : "paint"), [mode])

  useImperativeHandle(ref, () => ({ getMask: painter.getMask, isEmpty: painter.isEmpty, clear: painter.clear }), [painter])

  const { undo, redo } = painter
  useEffect(() => {
    if (disabled) return
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextField(event.target)) return
      const key = event.key.toLowerCase()
      if (key === "z" && !event.shiftKey) undo()
      else if ((key === "z" && event.shiftKey) || key === "y") redo()
      else return
      event.preventDefault()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [disabled, undo, redo])

  const { view } = viewport
  const k = image ? displayScale(image) : 1
  return (
    <div className={cx("overflow-hidden rounded-lg bg-surface ring-1 ring-line", className)} data-testid="mask-editor" data-ready={image !== null}>
      <MaskToolbar
        mode={mode}
        tool={tool}
        onTool={setTool}
        brush={brush}
        onBrush={setBrush}
        canUndo={painter.canUndo}
        canRedo={painter.canRedo}
        empty={painter.empty}
        onUndo={painter.undo}
        onRedo={painter.redo}
        onClear={painter.clear}
        disabled={disabled}
      />
      <div
        ref={boxRef}
        data-testid="mask-canvas"
        aria-label="蒙版绘制区域"
        className={cx(
          "relative touch-none overflow-hidden select-none",
          tool === "move" ? "cursor-grab active:cursor-grabbing" : "cursor-none",
          disabled && "cursor-not-allowed"
        )}
        style={{ ...CHECKERBOARD, height }}
        {...pointers.handlers}
      >
        <div
          className="absolute top-0 left-0 origin-top-left"
          style={{
            width: image?.width,
            height: image?.height,
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
            visibility: image ? "visible" : "hidden"
          }}
        >
          <img
            src={src}
            alt={alt}
            draggable={false}
            onLoad={(event) => setImage({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            onError={() => setFailed(true)}
            className="block size-full max-w-none"
          />
          <canvas
            ref={canvasRef}
            width={image ? Math.round(image.width * k) : 0}
            height={image ? Math.round(image.height * k) : 0}
            className="absolute inset-0 size-full opacity-50"
          />
        </div>
        {!image ? (
          <div className="absolute inset-0 grid place-items-center text-sm text-gray-500">
            {failed ? "图片加载失败" : <Spinner size={24} />}
          </div>
        ) : null}
        {pointers.hover && tool !== "move" && !disabled && image ? (
          <span
            aria-hidden
            className="pointer-events-none absolute rounded-full border border-white shadow-[0_0_0_1px_rgba(0,0,0,0.45)]"
            style={{ width: brush, height: brush, left: pointers.hover.x - brush / 2, top: pointers.hover.y - brush / 2 }}
          />
        ) : null}
      </div>
      <ZoomControls
        hint={mode === "hints" ? HINTS_HINT : MASK_HINT}
        percent={Math.round(view.scale * 100)}
        fitted={viewport.fitted}
        onZoomIn={viewport.zoomIn}
        onZoomOut={viewport.zoomOut}
        onReset={viewport.reset}
      />
    </div>
  )
}
