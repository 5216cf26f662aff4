import type { ToolOptionSpec, ToolStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { cx } from "../../components/ui/cx"

const chip = (on: boolean) =>
  cx(
    "rounded-md border px-3 py-1.5 text-sm transition-colors disabled:opacity-60",
    on ? "border-brand-500 bg-brand-50 text-brand-700" : "border-line text-gray-700 hover:border-brand-300"
  )

/** The options of the current tool, drawn from the core's catalogue (choice, number, switch, several styles; the subject box is drawn on the source preview). */
export const ToolOptionsPanel = observer(function ToolOptionsPanel({ store }: { store: ToolStore }) {
  const spec = store.spec
  if (spec === null || spec.options.length === 0) return null
  return (
    <div className="flex flex-col gap-4" data-testid="tool-options">
      {spec.options.map((option) => (
        <Option key={option.key} store={store} option={option} />
      ))}
    </div>
  )
})

const Option = observer(function Option({ store, option }: { store: ToolStore; option: ToolOptionSpec }) {
  const value = store.options[option.key] ?? ("default" in option ? option.default : undefined)
  const disabled = store.running
  const id = `tool-option-${option.key}`
  switch (option.kind) {
    case "choice":
      return (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-800">{option.label}</legend>
          <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={option.label} data-testid={id}>
            {option.values.map((choice) => (
              <button
                key={String(choice.value)}
                type="button"
                role="radio"
                aria-checked={String(value) === String(choice.value)}
                disabled={disabled}
                onClick={() => store.setOption(option.key, choice.value)}
                className={chip(String(value) === String(choice.value))}
              >
                {choice.label}
              </button>
            ))}
          </div>
        </fieldset>
      )
    case "number":
      return (
        <div>
          <label htmlFor={id} className="mb-2 flex items-center justify-between text-sm font-medium text-gray-800">
            {option.label}
            <span className="font-normal text-gray-500" data-testid={`${id}-value`}>
              {Number(value)}
              {option.unit ?? ""}
            </span>
          </label>
          <input
            id={id}
            type="range"
            min={option.min}
            max={option.max}
            step={option.step}
            value={Number(value)}
            disabled={disabled}
            onChange={(event) => store.setOption(option.key, Number(event.target.value))}
            className="w-full accent-brand-600"
          />
        </div>
      )
    case "boolean":
      return (
        <label className="flex items-center justify-between text-sm font-medium text-gray-800">
          {option.label}
          <input
            type="checkbox"
            role="switch"
            data-testid={id}
            checked={value === true}
            disabled={disabled}
            onChange={(event) => store.setOption(option.key, event.target.checked)}
            className="size-4 accent-brand-600"
          />
        </label>
      )
    case "box":
      // drawn over the source preview (ToolPage's 原图 section, SubjectBoxSelector)
      return null
    case "multi": {
      const chosen = String(value).split(",").map((part) => part.trim()).filter((part) => part !== "")
      const toggle = (item: string) => {
        const next = chosen.includes(item) ? chosen.filter((known) => known !== item) : [...chosen, item]
        store.setOption(option.key, option.values.map((known) => known.value).filter((known) => next.includes(known)).join(","))
      }
      return (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-800">
            {option.label}
            <span className="ml-2 font-normal text-gray-500">可多选，每种风格出一张</span>
          </legend>
          <div className="flex flex-wrap gap-2" data-testid={id}>
            {option.values.map((choice) => (
              <button key={choice.value} type="button" aria-pressed={chosen.includes(choice.value)} disabled={disabled} onClick={() => toggle(choice.value)} className={chip(chosen.includes(choice.value))}>
                {choice.label}
              </button>
            ))}
          </div>
        </fieldset>
      )
    }
  }
})
