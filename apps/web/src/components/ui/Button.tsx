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

// `enabled:` keeps a disabled button still under the pointer; tailwind's `hover:` only applies on devices
// that hover (no sticky hover after a tap), as Headless UI's data-hover did before this plain <button>.
const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-brand-600 text-white shadow-xs enabled:hover:bg-brand-500 enabled:hover:shadow-brand enabled:active:bg-brand-700",
  secondary:
    "bg-surface text-gray-800 ring-1 ring-inset ring-line-strong enabled:hover:bg-gray-50 enabled:hover:text-brand-700 enabled:hover:ring-brand-300 enabled:active:bg-gray-100",
  ghost: "text-gray-700 enabled:hover:bg-gray-100 enabled:hover:text-gray-900 enabled:active:bg-gray-200",
  danger: "bg-danger-600 text-white shadow-xs enabled:hover:bg-danger-500 enabled:active:bg-danger-700"
}

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 rounded-sm px-3 text-sm",
  md: "h-10 gap-2 rounded-md px-4 text-base",
  lg: "h-12 gap-2 rounded-lg px-6 text-lg"
}

/** The one button of the app (a plain <button>). Loading implies disabled; `type` defaults to "button". */
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
    <button
      type={type}
      disabled={blocked}
      aria-busy={loading || undefined}
      data-variant={variant}
      className={cx(
        "inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap select-none",
        "transition duration-150 ease-out-soft outline-none",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
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
    </button>
  )
}
