import { type ReactNode } from "react"
import { cx } from "./cx"
import { Icon, type IconName } from "./Icon"

export type EmptyStateProps = {
  title: ReactNode
  description?: ReactNode
  icon?: IconName
  /** A button or link to get out of the empty state. */
  action?: ReactNode
  /** Compact spacing for drawers and lists. */
  compact?: boolean
  className?: string
}

/** The honest "nothing here (yet)" panel: empty lists, no results, pages under construction. */
export function EmptyState({ title, description, icon = "inbox", action, compact = false, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        "flex flex-col items-center justify-center text-center",
        compact ? "gap-2 px-4 py-8" : "gap-3 px-6 py-16",
        className
      )}
    >
      <span
        className={cx(
          "flex items-center justify-center rounded-full bg-linear-to-b from-brand-50 to-brand-100 text-brand-500 ring-8 ring-brand-50/60",
          compact ? "mb-1 size-12" : "mb-2 size-16"
        )}
      >
        <Icon name={icon} size={compact ? 24 : 30} />
      </span>
      <p className={cx("font-medium text-gray-900", compact ? "text-base" : "text-lg")}>{title}</p>
      {description ? <p className="max-w-sm text-sm text-gray-500">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  )
}
