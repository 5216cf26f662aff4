import { StrokeIcon } from "../../ui/Icon"

// The editor's own stroke icons (24 px grid, like components/ui/Icon), kept here so the first load does not carry them.
const PATHS = {
  brush: "M14.5 4.5l5 5-8.5 8.5h-5v-5zM12 7l5 5M6 18c-1 1.5-2.5 2-4 2 .5-1.5 1-3 2.5-4",
  eraser: "M8.5 19.5L3.9 15a1.8 1.8 0 010-2.5L13 3.4a1.8 1.8 0 012.5 0l5.1 5.1a1.8 1.8 0 010 2.5L12 19.5zM20 19.5H8.5M8.7 7.8l7.5 7.5",
  hand: "M8 12.5V6a1.5 1.5 0 013 0v5.5M11 11V4.5a1.5 1.5 0 013 0V11M14 11V6a1.5 1.5 0 013 0v7c0 4-2.5 7-6.5 7-2.5 0-4-1-5.5-3l-2.5-4a1.5 1.5 0 012.5-1.6L8 14",
  keep: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 8v8M8 12h8",
  remove: "M12 21a9 9 0 100-18 9 9 0 000 18zM8 12h8",
  undo: "M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 010 11H11",
  redo: "M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 000 11H13",
  trash: "M4.5 7h15M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4.5h6V7",
  "zoom-in": "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4M11 8v6M8 11h6",
  "zoom-out": "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4M8 11h6",
  fit: "M4 9V5.5A1.5 1.5 0 015.5 4H9M15 4h3.5A1.5 1.5 0 0120 5.5V9M20 15v3.5a1.5 1.5 0 01-1.5 1.5H15M9 20H5.5A1.5 1.5 0 014 18.5V15"
} as const

export type EditorIconName = keyof typeof PATHS

export function EditorIcon({ name, size = 18 }: { name: EditorIconName; size?: number }) {
  return <StrokeIcon d={PATHS[name]} size={size} />
}
