import type { WebuiStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { FormSection, SelectField, type SelectOption, SliderField } from "./FormParts"
import { SizeFields } from "./SizeFields"

/** The options of a select: the engine's, and the current value when a prefill named another. */
const optionsOf = (offered: ReadonlyArray<string>, current: string): Array<SelectOption> => {
  const list = offered.includes(current) || current === "" ? offered : [...offered, current]
  return list.map((value) => ({ value, label: offered.includes(value) ? value : `${value}（引擎未提供）` }))
}

/** Sampler, schedule type, steps, CFG scale, then the size (WebUI's txt2img order). */
export const SamplingFields = observer(function SamplingFields({ webui }: { webui: WebuiStore }) {
  const { form } = webui
  const values = form.values
  return (
    <FormSection title="采样与尺寸">
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="采样方法" value={values.sampler} options={optionsOf(webui.catalog?.samplers ?? [], values.sampler)} onChange={(value) => form.set("sampler", value)} testId="webui-sampler" />
        <SelectField label="调度类型" value={values.scheduleType} options={optionsOf(webui.catalog?.schedulers ?? [], values.scheduleType)} onChange={(value) => form.set("scheduleType", value)} testId="webui-schedule" />
      </div>
      <div className="grid grid-cols-2 gap-x-5 gap-y-3">
        <SliderField label="迭代步数" value={values.steps} min={1} max={150} step={1} onChange={(value) => form.set("steps", value)} error={webui.problemOf("steps")} testId="webui-steps" />
        <SliderField label="提示词引导系数 (CFG)" value={values.cfgScale} min={1} max={30} step={0.5} onChange={(value) => form.set("cfgScale", value)} error={webui.problemOf("cfg_scale")} testId="webui-cfg" />
      </div>
      <SizeFields webui={webui} />
    </FormSection>
  )
})
