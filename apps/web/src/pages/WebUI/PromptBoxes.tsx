import type { WebuiStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useId } from "react"
import { cx } from "../../components/ui/cx"

function PromptBox({ label, value, counter, placeholder, onChange, onBlur, error, testId, rows }: {
  label: string
  value: string
  counter: string
  placeholder: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string | undefined
  testId: string
  rows: number
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">{label}</label>
        <span className="text-xs text-gray-400 tabular-nums" data-testid={`${testId}-tokens`} title="CLIP 词元数（近似）/ 每段 75">{counter}</span>
      </div>
      <textarea
        id={id}
        rows={rows}
        value={value}
        placeholder={placeholder}
        data-testid={testId}
        aria-invalid={error !== undefined || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className={cx(
          "w-full resize-y rounded-md bg-surface px-3 py-2 text-sm leading-6 text-gray-900 ring-1 ring-inset placeholder:text-gray-400 focus:ring-2 focus:ring-brand-500 focus:outline-none",
          error === undefined ? "ring-line-strong" : "ring-danger-500"
        )}
      />
      {error === undefined ? null : <p role="alert" className="text-xs text-danger-600">{error}</p>}
    </div>
  )
}

/** The prompt and the negative prompt, each with WebUI's token counter (n/75, an approximation: WT). */
export const PromptBoxes = observer(function PromptBoxes({ webui }: { webui: WebuiStore }) {
  const { form } = webui
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-surface p-4 ring-1 ring-line">
      <PromptBox
        label="提示词"
        value={form.values.prompt}
        counter={form.promptTokens}
        placeholder="描述想要的画面，英文逗号分隔，如 masterpiece, 1girl, hanfu, mountains"
        onChange={(value) => form.set("prompt", value)}
        onBlur={form.touchPrompt}
        error={webui.problemOf("prompt")}
        testId="webui-prompt"
        rows={4}
      />
      <PromptBox
        label="反向提示词"
        value={form.values.negativePrompt}
        counter={form.negativeTokens}
        placeholder="不希望出现的内容，如 lowres, bad anatomy, watermark"
        onChange={(value) => form.set("negativePrompt", value)}
        error={webui.problemOf("negative_prompt")}
        testId="webui-negative"
        rows={2}
      />
    </div>
  )
})
