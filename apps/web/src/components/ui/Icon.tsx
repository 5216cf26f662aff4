import { type SVGProps } from "react"

// Stroke icons on a 24 px grid (1.8 px strokes), drawn for this design system.
const PATHS = {
  close: "M6 6l12 12M18 6L6 18",
  check: "M5 12.5l4.5 4.5L19 7.5",
  "check-circle": "M12 21a9 9 0 100-18 9 9 0 000 18zM8 12.3l2.7 2.7L16 9.7",
  "x-circle": "M12 21a9 9 0 100-18 9 9 0 000 18zM9.2 9.2l5.6 5.6M14.8 9.2l-5.6 5.6",
  "alert-triangle": "M10.3 4.2L2.9 17.3A2 2 0 004.6 20.3h14.8a2 2 0 001.7-3L13.7 4.2a2 2 0 00-3.4 0zM12 9.5v4M12 17h.01",
  info: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v5M12 8h.01",
  "chevron-down": "M6 9l6 6 6-6",
  "chevron-left": "M15 6l-6 6 6 6",
  "chevron-right": "M9 6l6 6-6 6",
  image: "M4 6.5A2.5 2.5 0 016.5 4h11A2.5 2.5 0 0120 6.5v11a2.5 2.5 0 01-2.5 2.5h-11A2.5 2.5 0 014 17.5zM4 16l4.5-4.5a1.5 1.5 0 012.1 0L16 17M14 14l1.5-1.5a1.5 1.5 0 012.1 0L20 15M15.5 9.5h.01",
  inbox: "M4 13.5V18a2 2 0 002 2h12a2 2 0 002-2v-4.5M4 13.5L6.6 5.4A2 2 0 018.5 4h7a2 2 0 011.9 1.4l2.6 8.1M4 13.5h4.5l1.5 2.5h4l1.5-2.5H20",
  bell: "M6 16V11a6 6 0 1112 0v5l1.5 2h-15zM10 20.5a2.2 2.2 0 004 0",
  sparkles: "M12 3l1.6 4.4L18 9l-4.4 1.6L12 15l-1.6-4.4L6 9l4.4-1.6zM18.5 15l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8zM5 15.5l.6 1.4 1.4.6-1.4.6L5 19.5l-.6-1.4-1.4-.6 1.4-.6z",
  plus: "M12 5v14M5 12h14",
  search: "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4",
  download: "M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19h14",
  send: "M20.5 3.5L10 14M20.5 3.5L14 20.5l-4-6.5-6.5-4z",
  gift: "M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7S10.5 3.5 8 3.8C6 4 6.3 7 8.5 7M12 7s1.5-3.5 4-3.2c2 .2 1.7 3.2-.5 3.2",
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zM4.5 20a7.5 7.5 0 0115 0",
  users: "M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 19.5a6.5 6.5 0 0113 0M16 4.3a3.5 3.5 0 010 6.4M18 14a6.5 6.5 0 013.5 5.5",
  menu: "M4 6.5h16M4 12h16M4 17.5h16",
  "arrow-left": "M19 12H5M11 6l-6 6 6 6",
  grid: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  brush: "M14.5 4.5l5 5-8.5 8.5h-5v-5zM12 7l5 5M6 18c-1 1.5-2.5 2-4 2 .5-1.5 1-3 2.5-4",
  layers: "M12 3.5l8.5 4.5-8.5 4.5L3.5 8zM3.5 12l8.5 4.5 8.5-4.5M3.5 16l8.5 4.5 8.5-4.5",
  wrench: "M14.5 6.5a4 4 0 005 5l-8.5 8.5a2.1 2.1 0 01-3-3l8.5-8.5a4 4 0 01-2-2zM16 3.8a4 4 0 00-1.5 2.7",
  chat: "M4 6a2 2 0 012-2h12a2 2 0 012 2v9a2 2 0 01-2 2H9l-5 4zM8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01",
  folder: "M3.5 7A2 2 0 015.5 5h4l2 2.5h7a2 2 0 012 2V17a2 2 0 01-2 2h-13a2 2 0 01-2-2z",
  logout: "M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 16.5L5.5 12 10 7.5M5.5 12H15",
  help: "M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9.5a2.5 2.5 0 114 2c-1 .6-1.5 1.2-1.5 2.3M12 17h.01",
  bean: "M12 3.5c4.5 0 7.5 3.8 7.5 8.5S16.5 20.5 12 20.5 4.5 16.7 4.5 12 7.5 3.5 12 3.5zM9.5 9c1.5 1 1.5 5 3.5 6",
  crown: "M4 8l4 4 4-6 4 6 4-4-1.5 10h-13zM5.5 20.5h13"
} as const

export type IconName = keyof typeof PATHS

export type StrokeIconProps = Omit<SVGProps<SVGSVGElement>, "name"> & {
  /** The icon's path on the 24 px grid. */
  d: string
  /** Pixel size of the square icon; defaults to 1em so it follows the text. */
  size?: number | string
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  label?: string
}

/** A single-path stroke icon that inherits `currentColor`: this set's, or a lazy chunk's own paths. */
export function StrokeIcon({ d, size = "1em", label, ...rest }: StrokeIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  )
}

export type IconProps = Omit<StrokeIconProps, "d"> & { name: IconName }

/** One of the design system's icons by name. */
export function Icon({ name, ...rest }: IconProps) {
  return <StrokeIcon d={PATHS[name]} {...rest} />
}
