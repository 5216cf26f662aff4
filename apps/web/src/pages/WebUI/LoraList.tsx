import type { WebuiStore } from "@mido/react"
import { LORA_WEIGHT } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useState } from "react"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"
import { FormSection } from "./FormParts"

/**
 * LoRAs with weights (WebUI's `<lora:name:weight>`, sent in the task's loras): add from the engine's
 * and the user's LoRAs, a -2..2 slider in steps of 0.05, remove.
 */
export const LoraList = observer(function LoraList({ webui }: { webui: WebuiStore }) {
  const { form } = webui
  const choices = webui.lorasToAdd
  const [picked, setPicked] = useState("")
  const chosen = choices.some((option) => option.value === picked) ? picked : (choices[0]?.value ?? "")
  const error = webui.problemOf("loras")
  return (
    <FormSection title="LoRA" aside={<span className="text-xs text-gray-400">{form.values.loras.length} / 5</span>}>
      {form.values.loras.length === 0 ? null : (
        <ul className="flex flex-col gap-2" data-testid="webui-loras">
          {form.values.loras.map((lora) => (
            <li key={lora.name} className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)_4.5rem_auto] items-center gap-2" data-testid="webui-lora">
              <span className="truncate text-sm text-gray-800" title={`<lora:${lora.name}:${lora.weight}>`}>{webui.loraLabel(lora.name)}</span>
              <input
                type="range"
                aria-label={`${webui.loraLabel(lora.name)} 权重`}
                min={LORA_WEIGHT.min}
                max={LORA_WEIGHT.max}
                step={LORA_WEIGHT.step}
                value={lora.weight}
                onChange={(event) => form.setLoraWeight(lora.name, Number(event.target.value))}
                className="h-1.5 w-full cursor-pointer accent-brand-600"
              />
              <input
                type="number"
                aria-label={`${webui.loraLabel(lora.name)} 权重数值`}
                min={LORA_WEIGHT.min}
                max={LORA_WEIGHT.max}
                step={LORA_WEIGHT.step}
                value={lora.weight}
                onChange={(event) => form.setLoraWeight(lora.name, Number(event.target.value))}
                className="h-7 w-full rounded-sm bg-surface px-2 text-right text-sm tabular-nums ring-1 ring-line-strong ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
              />
              <button
                type="button"
                aria-label={`移除 ${webui.loraLabel(lora.name)}`}
                onClick={() => form.removeLora(lora.name)}
                className="flex size-7 items-center justify-center rounded-sm text-gray-400 hover:bg-gray-100 hover:text-danger-600"
              >
                <Icon name="close" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {choices.length === 0 ? (
        <p className="text-xs leading-5 text-gray-500">
          {webui.loras.length === 0
            ? "引擎与「我的模型」中暂无 LoRA：在作品详情里点开 LoRA 模型卡片，选择「添加到我的模型」后即可在这里添加。"
            : "可用的 LoRA 都已添加。"}
        </p>
      ) : (
        <div className="flex items-center gap-2">
          <select
            aria-label="选择 LoRA"
            value={chosen}
            onChange={(event) => setPicked(event.target.value)}
            className="h-8 min-w-0 flex-1 rounded-sm bg-surface px-2 text-sm ring-1 ring-line-strong ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
          >
            {choices.map((option) => <option key={option.value} value={option.value}>{option.label}{option.source === "mine" ? "（我的模型）" : ""}</option>)}
          </select>
          <Button size="sm" variant="secondary" icon={<Icon name="plus" />} onClick={() => form.addLora(chosen)}>添加 LoRA</Button>
        </div>
      )}
      {error === undefined ? null : <p role="alert" className="text-xs text-danger-600">{error}</p>}
    </FormSection>
  )
})
