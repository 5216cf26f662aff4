import { type ReactNode } from "react"
import { onDemand } from "./onDemand"

export type DialogProps = {
  open: boolean
  /** Called on Escape, a click on the backdrop and the close button. */
  onClose: () => void
  title?: ReactNode
  children?: ReactNode
  /** Buttons row at the bottom, right-aligned. */
  footer?: ReactNode
  /** Panel width: px as a number (spec widths 444, 540) or any CSS length ("80%"). Never wider than the window. */
  width?: number | string
  /** Distance from the top of the window in px; without it the panel is centred vertically. */
  top?: number
  hideClose?: boolean
  className?: string
  bodyClassName?: string
}

/**
 * A modal dialog on headlessui: focus is trapped, the page behind is inert, Escape closes.
 * Its code (headlessui's dialog, focus trap, transitions) loads the first time one opens, so it stays
 * out of the first load; once loaded it stays mounted and closes with its transition.
 */
export const Dialog = onDemand<DialogProps>(async () => (await import("./DialogView")).DialogView)
