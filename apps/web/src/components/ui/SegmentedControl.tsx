import { useRef, type KeyboardEvent, type ReactNode } from "react"
import { cx } from "./cx"

export type SegmentedOption<K extends string> = {
  key: K
  label: ReactNode
  /** Before the label: an icon or a brand dot. */
  icon?: ReactNode
  disabled?: boolean
}

export type SegmentedControlProps<K extends string> = {
  options: ReadonlyArray<SegmentedOption<K>>
  value: K
  onChange: (key: K) => void
  /** Accessible name of the group (e.g. 支付方式). */
  label: string
  className?: string
}

/**
 * One choice of a few, as equal-width outlined segments (the pay method: 微信支付 | 支付宝). A radio group:
 * one tab stop (the chosen segment), the arrow keys (and Home / End) move and choose, as native radios do.
 */
export function SegmentedControl<K extends string>({ options, value, onChange, label, className }: SegmentedControlProps<K>) {
  const group = useRef<HTMLDivElement>(null)
  const enabled = options.filter((option) => !option.disabled)

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((option) => option.key === value)
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key]
    const next =
      event.key === "Home" ? 0 : event.key === "End" ? enabled.length - 1 : step === undefined ? null : (at + step + enabled.length) % enabled.length
    const option = next === null ? undefined : enabled[next]
    if (!option) return
    event.preventDefault()
    if (option.key !== value) onChange(option.key)
    group.current?.querySelector<HTMLElement>(`[data-key="${option.key}"]`)?.focus()
  }

  return (
    <div ref={group} role="radiogroup" aria-label={label} onKeyDown={onKeyDown} className={cx("flex gap-2", className)}>
      {options.map((option) => {
        const selected = option.key === value
        return (
          <button
            key={option.key}
            type="button"
            role="radio"
            data-key={option.key}
            aria-checked={selected}
            disabled={option.disabled}
            tabIndex={selected || (!enabled.some((o) => o.key === value) && option === enabled[0]) ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(option.key)
            }}
            className={cx(
              "flex h-9 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm ring-1 transition outline-none",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40",
              selected ? "bg-brand-50 font-medium text-brand-700 ring-brand-500" : "text-gray-700 ring-line-strong enabled:hover:ring-brand-300"
            )}
          >
            {option.icon}
            {option.label}
          </button>
        )
      })}
    </div>
  )
}
