import { type SVGProps } from "react"

// The detail's own stroke icons (24 px grid, 1.8 px strokes, like components/ui/Icon): kept here so the
// shared icon set is not edited by every page at once.
const PATHS = {
  heart: "M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0112 7.2a4.3 4.3 0 017.5 2.6C19.5 15.4 12 20 12 20z",
  eye: "M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 14.8a2.8 2.8 0 100-5.6 2.8 2.8 0 000 5.6z",
  copy: "M9 9h10v10H9zM5 15V5h10",
  clock: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 7.5V12l3 2",
  "zoom-in": "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4M11 8v6M8 11h6",
  "zoom-out": "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4M8 11h6",
  expand: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  reset: "M4.5 12a7.5 7.5 0 102.2-5.3M4.5 4.5v3.7h3.7",
  wand: "M4 20L14 10M14.5 4v3M18.5 8h3M13 5.5l2 2M17.5 4l-1.5 1.5M19 9.5l-1.5-1",
  star: "M12 3.8l2.5 5.1 5.6.8-4 4 .9 5.6L12 16.7l-5 2.6.9-5.6-4-4 5.6-.8z",
  chat: "M4.5 5.5h15v10h-8l-4 3.5v-3.5h-3z"
} as const

export type DetailIconName = keyof typeof PATHS

/** A decorative stroke icon that inherits `currentColor`; `filled` fills the shape (a liked heart). */
export function DetailIcon({ name, size = 18, filled = false, ...rest }: Omit<SVGProps<SVGSVGElement>, "name"> & { name: DetailIconName; size?: number; filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
