import { type ReactNode } from "react"
import { cx } from "./cx"

export type BadgeProps = {
  /**
   * The text to show, already formatted by the core rule FM4 (as InboxStore.badgeText is: "99+" above 99,
   * "" for nothing). An empty text hides the badge unless `dot` is set.
   */
  text?: string
  /** A plain dot instead of a number (e.g. "something new"). */
  dot?: boolean
  tone?: "danger" | "brand" | "gray"
  /** The element the badge sits on (bell, avatar); without it the badge renders inline. */
  children?: ReactNode
  className?: string
  /** Accessible description, e.g. "12 条未读消息". */
  label?: string
}

const TONES: Record<NonNullable<BadgeProps["tone"]>, string> = {
  danger: "bg-danger-500 text-white",
  brand: "bg-brand-600 text-white",
  gray: "bg-gray-200 text-gray-700"
}

/** A count or dot badge in the corner of its child (spec §9: unread counts show 99+ above 99). */
export function Badge({ text = "", dot = false, tone = "danger", children, className, label }: BadgeProps) {
  const visible = dot || text !== ""
  const mark = visible ? (
    <span
      aria-label={label}
      className={cx(
        "inline-flex items-center justify-center rounded-full font-medium tabular-nums leading-none",
        dot ? "size-2" : "h-[18px] min-w-[18px] px-1.5 text-[11px]",
        TONES[tone],
        children !== undefined && "absolute top-0 right-0 translate-x-1/2 -translate-y-1/2 ring-2 ring-surface",
        className
      )}
    >
      {dot ? null : text}
    </span>
  ) : null
  if (children === undefined) return mark
  return (
    <span className="relative inline-flex">
      {children}
      {mark}
    </span>
  )
}
