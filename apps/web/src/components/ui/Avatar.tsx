import { useState } from "react"
import { cx } from "./cx"

export type AvatarProps = {
  src?: string | null
  /** Used for the alt text and the fallback initial. */
  name?: string | null
  /** Diameter in px. */
  size?: number
  shape?: "circle" | "rounded"
  className?: string
}

// Fallback backgrounds, chosen by the name so one person keeps one colour.
const FALLBACKS = [
  "bg-brand-100 text-brand-700",
  "bg-bean-100 text-bean-800",
  "bg-success-100 text-success-700",
  "bg-danger-100 text-danger-700",
  "bg-gray-200 text-gray-700"
] as const

const hash = (text: string) => Array.from(text).reduce((sum, char) => (sum * 31 + char.codePointAt(0)!) >>> 0, 7)

/** First character of the name (a whole CJK character or emoji), upper-cased; "?" without a name. */
export const avatarInitial = (name: string | null | undefined): string =>
  (Array.from((name ?? "").trim())[0] ?? "?").toUpperCase()

/** A user picture that falls back to the name's initial when there is no image or it fails to load. */
export function Avatar({ src, name, size = 40, shape = "circle", className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const showImage = Boolean(src) && failed !== src
  const label = name ?? ""
  return (
    <span
      className={cx(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden font-medium select-none",
        shape === "circle" ? "rounded-full" : "rounded-md",
        showImage ? "bg-gray-100" : FALLBACKS[hash(label) % FALLBACKS.length],
        className
      )}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
      role={showImage ? undefined : "img"}
      aria-label={showImage ? undefined : label || "用户头像"}
    >
      {showImage ? (
        <img
          src={src!}
          alt={label}
          className="size-full object-cover"
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(src!)}
        />
      ) : (
        <span aria-hidden="true">{avatarInitial(label)}</span>
      )}
    </span>
  )
}
