import { cx } from "./cx"

export type SpinnerProps = {
  /** Diameter in px. */
  size?: number
  className?: string
  /** Announced to screen readers; omit when a surrounding element already says it is busy. */
  label?: string
}

/** A ring spinner in `currentColor`. */
export function Spinner({ size = 16, className, label }: SpinnerProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={cx("shrink-0 animate-spin", className)}
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 00-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
