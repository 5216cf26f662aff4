import { type ComponentType, type ReactNode, useEffect, useState } from "react"
import { cx } from "./cx"
import type { PopoverViewProps } from "./PopoverView"

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

export const POPOVER_TRIGGER_CLASS = "outline-none data-focus:outline-2 data-focus:outline-brand-500"

type View = ComponentType<PopoverViewProps>
let view: View | undefined
let loading: Promise<View> | undefined

/** Fetches the popover's code (headlessui's popover, floating-ui) once; a failed fetch is tried again later. */
export const preloadPopover = (): Promise<View> =>
  (loading ??= import("./PopoverView").then(
    (module) => (view = module.PopoverView),
    (error: unknown) => {
      loading = undefined
      throw error
    }
  ))

/**
 * A floating panel anchored to its trigger; closes on outside click, Escape and focus leaving.
 * The trigger is on screen at once; the panel's code (about 20 KB gzip) is fetched after the first
 * paint, when a popover first mounts, so it stays out of the first load. A click that comes before the
 * code opens the panel as soon as it arrives.
 */
export function Popover(props: PopoverProps) {
  const [View, setView] = useState<View | undefined>(() => view)
  const [clicked, setClicked] = useState(false)
  useEffect(() => {
    if (View !== undefined) return
    let mounted = true
    preloadPopover().then(
      (loaded) => mounted && setView(() => loaded),
      () => undefined // offline: the trigger stays; the next mount tries again
    )
    return () => {
      mounted = false
    }
  }, [View])
  if (View !== undefined) return <View {...props} openOnMount={clicked} />
  // a click while the code is still missing (or after its fetch failed) asks for it again, so the
  // panel opens once it is there instead of the click being lost until the next mount
  const open = () => {
    setClicked(true)
    preloadPopover().then(
      (loaded) => setView(() => loaded),
      () => undefined
    )
  }
  return (
    <div className={cx("relative", props.className)}>
      <button
        type="button"
        aria-expanded={false}
        onClick={open}
        className={cx(POPOVER_TRIGGER_CLASS, "focus-visible:outline-2 focus-visible:outline-brand-500", props.triggerClassName)}
      >
        {props.trigger}
      </button>
    </div>
  )
}
