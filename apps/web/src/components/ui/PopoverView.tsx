import { Popover as HeadlessPopover, PopoverButton, PopoverPanel } from "@headlessui/react"
import { useEffect, useRef } from "react"
import { cx } from "./cx"
import { POPOVER_TRIGGER_CLASS, type PopoverProps } from "./Popover"

export type PopoverViewProps = PopoverProps & {
  /** The trigger was clicked before this code arrived: open now, with the focus on the trigger. */
  openOnMount?: boolean
}

/** What `Popover` (./Popover.tsx) loads: a floating panel on headlessui, anchored with floating-ui. */
export function PopoverView({
  trigger,
  children,
  placement = "bottom start",
  gap = 8,
  triggerClassName,
  panelClassName,
  className,
  openOnMount = false
}: PopoverViewProps) {
  const button = useRef<HTMLButtonElement>(null)
  const opened = useRef(false)
  useEffect(() => {
    if (!openOnMount || opened.current) return
    opened.current = true // once, also under StrictMode's second effect
    button.current?.focus()
    button.current?.click()
  }, [openOnMount])
  return (
    <HeadlessPopover className={cx("relative", className)}>
      <PopoverButton ref={button} className={cx(POPOVER_TRIGGER_CLASS, triggerClassName)}>
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
