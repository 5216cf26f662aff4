import { Button as HeadlessButton } from "@headlessui/react"
import { type ComponentPropsWithRef, type ReactNode } from "react"
import { cx } from "./cx"
import { Spinner } from "./Spinner"

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger"
export type ButtonSize = "sm" | "md" | "lg"

export type ButtonProps = Omit<ComponentPropsWithRef<"button">, "color"> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner, keeps the width and blocks clicks until the work is done. */
  loading?: boolean
  /** Icon before the label (hidden while loading, the spinner takes its place). */
  icon?: ReactNode
  block?: boolean
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-brand-600 text-white shadow-xs data-hover:bg-brand-500 data-hover:shadow-brand data-active:bg-brand-700",
  secondary:
    "bg-surface text-gray-800 ring-1 ring-inset ring-line-strong data-hover:bg-gray-50 data-hover:text-brand-700 data-hover:ring-brand-300 data-active:bg-gray-100",
  ghost: "text-gray-700 data-hover:bg-gray-100 data-hover:text-gray-900 data-active:bg-gray-200",
  danger: "bg-danger-600 text-white shadow-xs data-hover:bg-danger-500 data-active:bg-danger-700"
}

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 rounded-sm px-3 text-sm",
  md: "h-10 gap-2 rounded-md px-4 text-base",
  lg: "h-12 gap-2 rounded-lg px-6 text-lg"
}

/** The one button of the app. Loading implies disabled; `type` defaults to "button". */
export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabled,
  icon,
  block,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const blocked = disabled || loading
  return (
    <HeadlessButton
      type={type}
      disabled={blocked}
      aria-busy={loading || undefined}
      data-variant={variant}
      className={cx(
        "inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap select-none",
        "transition duration-150 ease-out-soft outline-none",
        "data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-500",
        "disabled:cursor-not-allowed disabled:opacity-50 disabled:shadow-none",
        loading && "disabled:opacity-80",
        VARIANTS[variant],
        SIZES[size],
        block && "w-full",
        className
      )}
      {...rest}
    >
      {loading ? <Spinner size={size === "lg" ? 18 : 16} /> : icon}
      {children}
    </HeadlessButton>
  )
}
