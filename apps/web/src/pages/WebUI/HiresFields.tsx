import type { WebuiStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { FormSection, SelectField, SliderField } from "./FormParts"

/** Hires fix (WebUI's 高分辨率修复): scale, upscaler from the engine, hires steps, denoising strength. */
export const HiresFields = observer(function HiresFields({ webui }: { webui: WebuiStore }) {
  const { form } = webui
  const hires = form.values.hires
  const upscalers = webui.catalog?.upscalers ?? []
  const options = (upscalers.includes(hires.upscaler) ? upscalers : [...upscalers, hires.upscaler]).map((value) => ({ value, label: value }))
  const scaleError = webui.problemOf("hires", "hires.scale")
  return (
    <FormSection
      title="高清修复"
      aside={
        <label className="flex cursor-pointer items-center gap-2 text-xs text-gray-600">
          <input type="checkbox" className="size-4 accent-brand-600" checked={hires.enabled} onChange={(event) => form.setHires({ enabled: event.target.checked })} data-testid="webui-hires" />
          启用
          {hires.enabled ? <span className="text-gray-400 tabular-nums">{Math.round(form.values.width * hires.scale)}×{Math.round(form.values.height * hires.scale)}</span> : null}
        </label>
      }
    >
      {hires.enabled ? (
        <div className="grid grid-cols-2 gap-x-5 gap-y-3">
          <SelectField label="放大算法" value={hires.upscaler} options={options} onChange={(value) => form.setHires({ upscaler: value })} testId="webui-hires-upscaler" />
          <SliderField label="放大倍数" value={hires.scale} min={1} max={4} step={0.05} onChange={(value) => form.setHires({ scale: value })} error={scaleError} testId="webui-hires-scale" />
          <SliderField label="高清修复步数（0 同采样步数）" value={hires.steps} min={0} max={150} step={1} onChange={(value) => form.setHires({ steps: value })} error={webui.problemOf("hires.steps")} testId="webui-hires-steps" />
          <SliderField label="重绘幅度" value={hires.denoising} min={0} max={1} step={0.01} onChange={(value) => form.setHires({ denoising: value })} error={webui.problemOf("hires.denoising")} testId="webui-hires-denoising" />
        </div>
      ) : (
        <p className="text-xs text-gray-500">先按原尺寸生成，再放大并重绘细节；每张额外消耗米豆。</p>
      )}
    </FormSection>
  )
})
