import type { ReactNode } from "react"
import { cx } from "../../components/ui/cx"

/** A row of small exclusive choices (count, ratio, group): the chosen one in the brand colour. */
export function ChoiceRow<T extends string | number>({ label, options, value, onChange, render, testId }: {
  label: string
  options: ReadonlyArray<T>
  value: T
  onChange: (value: T) => void
  render?: (value: T) => ReactNode
  testId?: string
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium text-gray-800">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === value}
            onClick={() => onChange(option)}
            className={cx(
              "h-8 min-w-12 rounded-sm px-3 text-sm ring-1 transition-colors ring-inset",
              option === value ? "bg-brand-50 font-medium text-brand-700 ring-brand-500" : "bg-surface text-gray-700 ring-line-strong hover:text-brand-700 hover:ring-brand-300"
            )}
          >
            {render === undefined ? option : render(option)}
          </button>
        ))}
      </div>
    </fieldset>
  )
}

/** 高清 on or off, as a switch. */
export function HdSwitch({ value, onChange }: { value: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 text-sm">
      <span>
        <span className="font-medium text-gray-800">高清输出</span>
        <span className="ml-2 text-xs text-gray-500">更清晰，消耗加倍</span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={value}
        aria-label="高清输出"
        onClick={() => onChange(!value)}
        className={cx("relative h-6 w-11 rounded-full transition-colors", value ? "bg-brand-600" : "bg-gray-300")}
      >
        <span className={cx("absolute top-0.5 size-5 rounded-full bg-white shadow-sm transition-transform", value ? "translate-x-5.5" : "translate-x-0.5")} />
      </button>
    </label>
  )
}

/** A section of the form with its title. */
export function FormSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-gray-800">
        {title}
        {hint !== undefined && <span className="ml-2 text-xs font-normal text-gray-500">{hint}</span>}
      </h3>
      {children}
    </section>
  )
}
