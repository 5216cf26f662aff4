import { type ReactNode } from "react"
import { cx } from "./cx"
import { Icon, type IconName } from "./Icon"

export type ToastType = "success" | "error" | "warning"

export type ToastProps = {
  type: ToastType
  children: ReactNode
  /** Shows a close button when given. */
  onClose?: () => void
  className?: string
}

const LOOK: Record<ToastType, { icon: IconName; color: string }> = {
  success: { icon: "check-circle", color: "text-success-600" },
  error: { icon: "x-circle", color: "text-danger-600" },
  warning: { icon: "alert-triangle", color: "text-warning-600" }
}

/** One toast as it looks (spec §2: success, error, warning with icons); timing lives in the toast store. */
export function Toast({ type, children, onClose, className }: ToastProps) {
  const look = LOOK[type]
  return (
    <div
      role={type === "error" ? "alert" : "status"}
      data-type={type}
      className={cx(
        "pointer-events-auto flex max-w-[min(420px,calc(100vw-32px))] items-start gap-2.5 rounded-lg bg-surface py-2.5 pr-3 pl-3.5",
        "text-base text-gray-800 shadow-lg ring-1 ring-line",
        className
      )}
    >
      <Icon name={look.icon} size={20} className={cx("mt-px shrink-0", look.color)} />
      <div className="min-w-0 flex-1 break-words">{children}</div>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label="关闭提示"
          className="-my-0.5 -mr-1 flex size-6 shrink-0 items-center justify-center rounded-sm text-gray-400 hover:bg-gray-100 hover:text-gray-700"
        >
          <Icon name="close" size={14} />
        </button>
      ) : null}
    </div>
  )
}
