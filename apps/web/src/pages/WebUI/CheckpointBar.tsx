import type { WebuiStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Tag } from "../../components/ui/Tag"
import { SelectField, type SelectOption } from "./FormParts"

const GROUPS = { engine: "引擎模型", mine: "我的模型", chosen: "同款参数中的模型" } as const

/** The checkpoint select (the engine's catalogue and the user's models) and who draws: the engine's label. */
export const CheckpointBar = observer(function CheckpointBar({ webui }: { webui: WebuiStore }) {
  const options: Array<SelectOption> = webui.checkpoints.map((option) => ({ value: option.value, label: option.label, group: GROUPS[option.source] }))
  const error = webui.problemOf("checkpoint")
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-surface p-4 ring-1 ring-line">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
        <SelectField
          label="Stable Diffusion 模型"
          value={webui.form.values.checkpoint}
          options={options.length === 0 ? [{ value: "", label: "加载中…" }] : options}
          onChange={(value) => webui.form.set("checkpoint", value)}
          testId="webui-checkpoint"
        />
        <div className="flex h-9 items-center gap-2" data-testid="webui-engine">
          <span className="text-xs text-gray-500">引擎</span>
          <Tag tone={webui.offline ? "bean" : "brand"} size="md">{webui.engineLabel || "…"}</Tag>
        </div>
      </div>
      {error === undefined ? null : <p role="alert" className="text-xs text-danger-600">{error}</p>}
      {webui.offline ? (
        <p className="rounded-md bg-bean-50 px-3 py-2 text-xs leading-5 text-bean-800 ring-1 ring-bean-200 ring-inset" data-testid="webui-offline-notice">
          当前为本地演示引擎：按提示词与种子程序化绘制示意图，不是 AI 模型生成，图片与参数都会标注「本地演示引擎」。
        </p>
      ) : null}
      {webui.catalogFailed ? (
        <p role="alert" className="flex items-center gap-2 text-xs text-danger-600">
          引擎模型列表读取失败
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => void webui.load()}>重试</button>
        </p>
      ) : null}
    </div>
  )
})
