import { type ReactNode, useId } from "react"
import { cx } from "../../components/ui/cx"

/** A labelled group of the form (WebUI's sections): title on the left, an optional aside on the right. */
export function FormSection({ title, aside, children, className }: { title: string; aside?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={cx("flex flex-col gap-3 rounded-lg bg-surface p-4 ring-1 ring-line", className)}>
      <header className="flex min-h-6 items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-gray-900">{title}</h2>
        {aside}
      </header>
      {children}
    </section>
  )
}

export type SelectOption = { readonly value: string; readonly label: string; readonly group?: string }

/** A native select with a label (WebUI's dropdowns); options may be grouped. */
export function SelectField({ label, value, options, onChange, testId }: {
  label: string
  value: string
  options: ReadonlyArray<SelectOption>
  onChange: (value: string) => void
  testId?: string
}) {
  const id = useId()
  const groups = [...new Set(options.map((option) => option.group ?? ""))]
  const render = (list: ReadonlyArray<SelectOption>) => list.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-gray-600">{label}</label>
      <select
        // a new option list mounts a new select: React may set the value before an option added in the
        // same commit exists, and the browser would then show the first option (a prefilled model)
        key={options.map((option) => option.value).join("\n")}
        id={id}
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full min-w-0 truncate rounded-md bg-surface px-2.5 text-sm text-gray-900 ring-1 ring-line-strong ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
      >
        {groups.length <= 1
          ? render(options)
          : groups.map((group) => (
              <optgroup key={group} label={group}>
                {render(options.filter((option) => (option.group ?? "") === group))}
              </optgroup>
            ))}
      </select>
    </div>
  )
}

/** WebUI's slider with its number box beside it; the number box takes any value, validation names a bad one. */
export function SliderField({ label, value, min, max, step, onChange, error, testId }: {
  label: string
  value: number
  min: number
  max: number
  step: number
  onChange: (value: number) => void
  error?: string | undefined
  testId?: string
}) {
  const id = useId()
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-gray-600">{label}</label>
        <input
          id={id}
          type="number"
          value={Number.isFinite(value) ? value : ""}
          step={step}
          data-testid={testId}
          aria-invalid={error !== undefined || undefined}
          onChange={(event) => onChange(event.target.value === "" ? Number.NaN : Number(event.target.value))}
          className={cx(
            "h-7 w-20 rounded-sm bg-surface px-2 text-right text-sm tabular-nums ring-1 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none",
            error === undefined ? "ring-line-strong" : "ring-danger-500"
          )}
        />
      </div>
      <input
        type="range"
        aria-label={label}
        min={min}
        max={max}
        step={step}
        value={Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-1.5 w-full cursor-pointer accent-brand-600"
      />
      {error === undefined ? null : <p role="alert" className="text-xs text-danger-600">{error}</p>}
    </div>
  )
}
