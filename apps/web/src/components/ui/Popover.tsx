import { Popover as HeadlessPopover, PopoverButton, PopoverPanel } from "@headlessui/react"
import { type ReactNode } from "react"
import { cx } from "./cx"

export type PopoverPlacement = "bottom start" | "bottom end" | "bottom" | "top start" | "top end" | "top" | "right start" | "left start"

export type PopoverProps = {
  /** Content of the trigger button. */
  trigger: ReactNode
  /** Panel content; a function receives `close` for menus whose items should dismiss the panel. */
  children: ReactNode | ((close: () => void) => ReactNode)
  placement?: PopoverPlacement
  /** Gap between trigger and panel in px. */
  gap?: number
  triggerClassName?: string
  panelClassName?: string
  className?: string
}

/** A floating panel anchored to its trigger; closes on outside click, Escape and focus leaving. */
export function Popover({
  trigger,
  children,
  placement = "bottom start",
  gap = 8,
  triggerClassName,
  panelClassName,
  className
}: PopoverProps) {
  return (
    <HeadlessPopover className={cx("relative", className)}>
      <PopoverButton className={cx("outline-none data-focus:outline-2 data-focus:outline-brand-500", triggerClassName)}>
        {trigger}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: placement, gap, padding: 8 }}
        transition
        className={cx(
          "z-50 rounded-lg bg-surface p-2 shadow-lg ring-1 ring-line outline-none",
          "transition duration-150 ease-out-soft data-closed:-translate-y-1 data-closed:opacity-0",
          panelClassName
        )}
      >
        {({ close }) => <>{typeof children === "function" ? children(close) : children}</>}
      </PopoverPanel>
    </HeadlessPopover>
  )
}
