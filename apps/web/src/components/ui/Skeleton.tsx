import { type CSSProperties } from "react"
import { cx } from "./cx"

export type SkeletonProps = {
  shape?: "rect" | "circle" | "text"
  /** Number of text lines (shape "text"); the last one is shorter. */
  lines?: number
  width?: number | string
  height?: number | string
  className?: string
}

const SHIMMER =
  "animate-shimmer bg-linear-to-r from-gray-100 via-gray-200/70 to-gray-100 bg-size-[200%_100%] motion-reduce:animate-none"

/** A shimmering placeholder with the shape of the content that is loading. */
export function Skeleton({ shape = "rect", lines = 3, width, height, className }: SkeletonProps) {
  const style: CSSProperties = { width, height }
  if (shape === "text") {
    return (
      <div className={cx("flex flex-col gap-2.5", className)} style={{ width }} aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <div
            key={index}
            className={cx("h-3.5 rounded-xs", SHIMMER, index === lines - 1 && lines > 1 ? "w-3/5" : "w-full")}
          />
        ))}
      </div>
    )
  }
  return (
    <div
      aria-hidden="true"
      style={style}
      className={cx(SHIMMER, shape === "circle" ? "aspect-square rounded-full" : "rounded-md", className)}
    />
  )
}
