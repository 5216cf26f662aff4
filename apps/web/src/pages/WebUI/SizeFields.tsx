import { WEBUI_SIZE_PRESETS, type WebuiStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { cx } from "../../components/ui/cx"
import { SliderField } from "./FormParts"

/** Size presets (SD 1.5 and SDXL shapes) and custom width × height in multiples of 8 (GV4–GV5). */
export const SizeFields = observer(function SizeFields({ webui }: { webui: WebuiStore }) {
  const { form } = webui
  const current = form.sizePreset
  const sizeError = webui.problemOf("width", "height")
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="尺寸预设">
        {WEBUI_SIZE_PRESETS.map((size) => {
          const key = `${size.width}x${size.height}`
          return (
            <button
              key={key}
              type="button"
              aria-pressed={current === key}
              onClick={() => form.setSize(size.width, size.height)}
              className={cx(
                "h-7 rounded-sm px-2 text-xs tabular-nums ring-1 ring-inset transition",
                current === key ? "bg-brand-50 font-medium text-brand-700 ring-brand-300" : "text-gray-600 ring-line-strong hover:text-brand-700 hover:ring-brand-300"
              )}
            >
              {size.width}×{size.height}
            </button>
          )
        })}
        <span className={cx("flex h-7 items-center rounded-sm px-2 text-xs ring-1 ring-inset", current === undefined ? "bg-brand-50 font-medium text-brand-700 ring-brand-300" : "text-gray-400 ring-line")}>
          自定义
        </span>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-3">
        <SliderField label="宽度" value={form.values.width} min={64} max={2048} step={8} onChange={(value) => form.set("width", value)} testId="webui-width" />
        <button
          type="button"
          title="交换宽高"
          aria-label="交换宽高"
          onClick={form.swapSize}
          className="mt-5 flex size-7 items-center justify-center rounded-sm text-gray-500 ring-1 ring-line-strong ring-inset hover:text-brand-700"
        >
          ⇄
        </button>
        <SliderField label="高度" value={form.values.height} min={64} max={2048} step={8} onChange={(value) => form.set("height", value)} testId="webui-height" />
      </div>
      {sizeError === undefined ? null : <p role="alert" className="text-xs text-danger-600" data-testid="webui-size-error">{sizeError}</p>}
    </div>
  )
})
