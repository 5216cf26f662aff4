import { type ReactNode } from "react"
import { cx } from "../../ui/cx"
import { EditorIcon, type EditorIconName } from "./EditorIcon"
import type { MaskEditorMode, MaskTool } from "./types"

export type EditorTool = MaskTool | "move"

export const BRUSH_MIN = 4
export const BRUSH_MAX = 120

const TOOLS: Record<MaskEditorMode, ReadonlyArray<readonly [EditorTool, string, EditorIconName]>> = {
  mask: [
    ["paint", "画笔", "brush"],
    ["erase", "橡皮擦", "eraser"],
    ["move", "移动", "hand"]
  ],
  hints: [
    ["keep", "保留", "keep"],
    ["remove", "去除", "remove"],
    ["erase", "橡皮擦", "eraser"],
    ["move", "移动", "hand"]
  ]
}

function ToolButton(props: {
  label: string
  icon: EditorIconName
  onClick: () => void
  pressed?: boolean
  disabled?: boolean
  title?: string
  showLabel?: boolean
  swatch?: string
}) {
  return (
    <button
      type="button"
      aria-label={props.showLabel ? undefined : props.label}
      aria-pressed={props.pressed}
      title={props.title ?? props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      className={cx(
        "inline-flex h-8 items-center gap-1.5 rounded-sm px-2 text-sm text-gray-700 transition-colors duration-150 outline-none",
        "enabled:hover:bg-gray-100 enabled:hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-500",
        "disabled:cursor-not-allowed disabled:opacity-40",
        props.pressed && "bg-brand-50 font-medium text-brand-700 enabled:hover:bg-brand-100 enabled:hover:text-brand-700"
      )}
    >
      {props.swatch ? <span aria-hidden className="size-2.5 rounded-full" style={{ background: props.swatch }} /> : null}
      <EditorIcon name={props.icon} />
      {props.showLabel ? props.label : null}
    </button>
  )
}

const Group = ({ children, label }: { children: ReactNode; label: string }) => (
  <div role="group" aria-label={label} className="flex items-center gap-0.5">
    {children}
  </div>
)

const Divider = () => <span aria-hidden className="mx-1 h-5 w-px bg-line" />

const SWATCH: Partial<Record<EditorTool, string>> = { paint: "#ef4444", keep: "#22c55e", remove: "#ef4444" }

export function MaskToolbar(props: {
  mode: MaskEditorMode
  tool: EditorTool
  onTool: (tool: EditorTool) => void
  brush: number
  onBrush: (size: number) => void
  canUndo: boolean
  canRedo: boolean
  empty: boolean
  onUndo: () => void
  onRedo: () => void
  onClear: () => void
  disabled: boolean
}) {
  const { disabled } = props
  return (
    <div role="toolbar" aria-label="蒙版工具" className="flex flex-wrap items-center gap-y-2 border-b border-line px-2 py-1.5">
      <Group label="工具">
        {TOOLS[props.mode].map(([tool, label, icon]) => (
          <ToolButton
            key={tool}
            label={label}
            icon={icon}
            showLabel
            swatch={SWATCH[tool]}
            pressed={props.tool === tool}
            disabled={disabled}
            onClick={() => props.onTool(tool)}
          />
        ))}
      </Group>
      <Divider />
      <label className="flex items-center gap-2 px-1 text-sm text-gray-600">
        笔刷大小
        <input
          type="range"
          min={BRUSH_MIN}
          max={BRUSH_MAX}
          value={props.brush}
          disabled={disabled}
          onChange={(event) => props.onBrush(Number(event.target.value))}
          className="w-24 accent-brand-600"
        />
        <span className="w-7 text-right tabular-nums text-gray-500">{props.brush}</span>
      </label>
      <Divider />
      <Group label="历史">
        <ToolButton label="撤销" title="撤销 (Ctrl+Z)" icon="undo" disabled={disabled || !props.canUndo} onClick={props.onUndo} />
        <ToolButton label="重做" title="重做 (Ctrl+Shift+Z)" icon="redo" disabled={disabled || !props.canRedo} onClick={props.onRedo} />
        <ToolButton label="清空" icon="trash" showLabel disabled={disabled || props.empty} onClick={props.onClear} />
      </Group>
    </div>
  )
}

/** The status bar under the drawing area: a hint, then zoom out / the percentage / zoom in / fit. */
export function ZoomControls(props: {
  hint: string
  percent: number
  fitted: boolean
  onZoomIn: () => void
  onZoomOut: () => void
  onReset: () => void
}) {
  return (
    <div className="flex items-center gap-3 border-t border-line px-3 py-1">
      <p className="min-w-0 flex-1 truncate text-xs text-gray-500">{props.hint}</p>
      <div role="group" aria-label="缩放" className="flex items-center gap-0.5">
        <ToolButton label="缩小" title="缩小 (Ctrl+滚轮)" icon="zoom-out" disabled={props.fitted} onClick={props.onZoomOut} />
        <span aria-label="缩放比例" className="w-11 text-center text-sm tabular-nums text-gray-600">
          {props.percent}%
        </span>
        <ToolButton label="放大" title="放大 (Ctrl+滚轮)" icon="zoom-in" onClick={props.onZoomIn} />
        <ToolButton label="适应窗口" icon="fit" disabled={props.fitted} onClick={props.onReset} />
      </div>
    </div>
  )
}
