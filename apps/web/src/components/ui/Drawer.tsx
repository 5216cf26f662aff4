import { type ReactNode } from "react"
import { onDemand } from "./onDemand"

export type DrawerProps = {
  open: boolean
  onClose: () => void
  title?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Edge the drawer slides in from. */
  side?: "right" | "left"
  /** Width in px (capped at the window width). */
  width?: number
  className?: string
  bodyClassName?: string
}

/**
 * A full-height side panel (message centre, narrow-screen sidebar), modal like Dialog.
 * Its code (headlessui's dialog, focus trap, transitions) loads the first time one opens, so it stays
 * out of the first load; once loaded it stays mounted and closes with its transition.
 */
export const Drawer = onDemand<DrawerProps>(async () => (await import("./DrawerView")).DrawerView)
