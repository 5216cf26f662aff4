import { Description, Field, Input as HeadlessInput, Label } from "@headlessui/react"
import { type ComponentPropsWithRef, type ReactNode } from "react"
import { cx } from "./cx"

export type InputProps = Omit<ComponentPropsWithRef<"input">, "size" | "prefix"> & {
  label?: ReactNode
  /** Helper text under the field; replaced by `error` when there is one. */
  hint?: ReactNode
  /** Validation text (spec wording); marks the field invalid. */
  error?: ReactNode
  /** Inline content before the text (an icon, "+86"). */
  prefix?: ReactNode
  /** Inline content after the text (a "获取验证码" button, a unit). */
  suffix?: ReactNode
  size?: "md" | "lg"
  /** Classes for the outer field wrapper. */
  fieldClassName?: string
}

/** A labelled text field; label, hint and error are wired to the input for assistive tech. */
export function Input({
  label,
  hint,
  error,
  prefix,
  suffix,
  size = "md",
  disabled,
  className,
  fieldClassName,
  ...rest
}: InputProps) {
  const invalid = Boolean(error)
  return (
    <Field disabled={disabled} className={cx("flex flex-col gap-1.5", fieldClassName)}>
      {label ? <Label className="text-sm font-medium text-gray-700 data-disabled:text-gray-400">{label}</Label> : null}
      <div
        data-invalid={invalid || undefined}
        className={cx(
          "group flex items-center gap-2 rounded-md bg-surface px-3 ring-1 ring-inset ring-line-strong transition duration-150",
          "focus-within:ring-2 focus-within:ring-brand-500 hover:ring-gray-400",
          "data-invalid:ring-danger-500 data-invalid:focus-within:ring-danger-500",
          "has-disabled:bg-gray-50 has-disabled:ring-line has-disabled:hover:ring-line",
          size === "lg" ? "h-12" : "h-10"
        )}
      >
        {prefix ? <span className="flex shrink-0 items-center text-gray-500">{prefix}</span> : null}
        <HeadlessInput
          invalid={invalid}
          className={cx(
            "h-full min-w-0 flex-1 bg-transparent text-base text-gray-900 outline-none placeholder:text-gray-400",
            "data-disabled:cursor-not-allowed data-disabled:text-gray-400",
            className
          )}
          {...rest}
        />
        {suffix ? <span className="flex shrink-0 items-center text-gray-500">{suffix}</span> : null}
      </div>
      {error ? (
        <Description className="text-xs text-danger-600" role="alert">
          {error}
        </Description>
      ) : hint ? (
        <Description className="text-xs text-gray-500">{hint}</Description>
      ) : null}
    </Field>
  )
}
