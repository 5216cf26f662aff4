import { type ReactNode } from "react"
import { cx } from "./cx"

export type TagTone = "brand" | "bean" | "danger" | "success" | "gray" | "hot"

export type TagProps = {
  children: ReactNode
  tone?: TagTone
  size?: "xs" | "sm" | "md"
  icon?: ReactNode
  className?: string
}

const TONES: Record<TagTone, string> = {
  brand: "bg-brand-50 text-brand-700 ring-brand-200",
  bean: "bg-bean-50 text-bean-800 ring-bean-200",
  danger: "bg-danger-50 text-danger-700 ring-danger-200",
  success: "bg-success-50 text-success-700 ring-success-100",
  gray: "bg-gray-100 text-gray-700 ring-gray-200",
  // Attention-grabbing promotional label (现金奖励, MJ模型): a warm gradient, no ring.
  hot: "bg-linear-to-r from-danger-500 to-bean-500 text-white ring-transparent"
}

const SIZES = {
  xs: "h-4 gap-0.5 rounded-xs px-1 text-[11px] leading-none",
  sm: "h-5 gap-1 rounded-xs px-1.5 text-xs",
  md: "h-6 gap-1 rounded-sm px-2 text-sm"
}

/** A short label: model names, promotions, membership levels, categories. */
export function Tag({ children, tone = "gray", size = "sm", icon, className }: TagProps) {
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
        SIZES[size],
        className
      )}
    >
      {icon}
      {children}
    </span>
  )
}
