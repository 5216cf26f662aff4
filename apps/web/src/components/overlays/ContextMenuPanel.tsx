import { type OpenContextMenu, useContextMenuStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect, useLayoutEffect, useState } from "react"
import { cx } from "../ui/cx"
import { Icon } from "../ui/Icon"
import { CONTEXT_MENU_LEAVE_MS, CONTEXT_MENU_OFFSET } from "./contextMenuPlacement"
import { ContextMenuTexts, insideMenu } from "./contextMenuTargets"

const itemClass =
  "flex w-full items-center gap-2 rounded-md px-3 py-1.5 text-left text-sm outline-none transition-colors duration-100"

/** Moves focus among the enabled entries with the arrow keys, Home and End. */
const moveFocus = (event: ReactKeyboardEvent<HTMLDivElement>) => {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>("[role=menuitem]:not([aria-disabled=true])")]
  if (items.length === 0) return
  const at = items.indexOf(document.activeElement as HTMLElement)
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key]
  if (next === undefined) return
  event.preventDefault()
  items[(next + items.length) % items.length]?.focus({ preventScroll: true })
}

export type ContextMenuPanelProps = {
  /** Whether a menu is open (the store's); the panel itself reads the store. */
  open: boolean
  /** The element focused before the right-click, given focus back when Escape closes the menu. */
  returnFocus: RefObject<HTMLElement | null>
}

/**
 * The menu on screen, loaded on the first right-click (or when the page is idle) by `ContextMenu`,
 * which listens from the start: placement, focus, keyboard, the closing listeners and the fade-out.
 */
export const ContextMenuPanel = observer(function ContextMenuPanel({ returnFocus }: ContextMenuPanelProps) {
  const store = useContextMenuStore()
  const open = store.menu !== null
  // a state, not a ref: the layout effect below must see the panel once it is in the document
  const [panelElement, setPanelElement] = useState<HTMLDivElement | null>(null)
  // the last menu stays on screen while it fades out
  const [shown, setShown] = useState<OpenContextMenu | null>(store.menu)
  if (store.menu !== null && store.menu !== shown) setShown(store.menu)
  const [place, setPlace] = useState<{ readonly x: number; readonly y: number } | null>(null)

  // closed: the menu fades out, then leaves the document
  useEffect(() => {
    if (open || shown === null) return
    const timer = setTimeout(() => setShown(null), CONTEXT_MENU_LEAVE_MS)
    return () => clearTimeout(timer)
  }, [open, shown])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: MouseEvent) => {
      if (event.button === 0 && !insideMenu(event.target instanceof Element ? event.target : null)) store.close()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" && event.key !== "Tab") return
      if (event.key === "Escape") event.preventDefault()
      store.close()
      returnFocus.current?.focus({ preventScroll: true })
    }
    const close = () => store.close()
    document.addEventListener("mousedown", onPointerDown, true)
    document.addEventListener("keydown", onKeyDown, true)
    // capture: a scroll inside any element closes it too
    window.addEventListener("scroll", close, { capture: true, passive: true })
    window.addEventListener("resize", close)
    return () => {
      document.removeEventListener("mousedown", onPointerDown, true)
      document.removeEventListener("keydown", onKeyDown, true)
      window.removeEventListener("scroll", close, { capture: true })
      window.removeEventListener("resize", close)
    }
  }, [open, store, returnFocus])

  // measured before the browser paints, so the menu never shows outside the window
  useLayoutEffect(() => {
    const element = panelElement
    if (shown === null || element === null) return
    setPlace(store.positionFor(
      shown,
      { width: element.offsetWidth, height: element.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight }
    ))
    if (store.menu === shown) element.querySelector<HTMLElement>("[role=menuitem]:not([aria-disabled=true])")?.focus({ preventScroll: true })
  }, [shown, panelElement, store])

  if (shown === null) return null
  const at = place ?? { x: shown.x + CONTEXT_MENU_OFFSET, y: shown.y + CONTEXT_MENU_OFFSET }
  return (
    <div
      ref={setPanelElement}
      role="menu"
      aria-label={ContextMenuTexts.label}
      tabIndex={-1}
      onKeyDown={moveFocus}
      data-context-menu=""
      aria-hidden={open ? undefined : true}
      style={{
        left: at.x,
        top: at.y,
        // it grows from, and shrinks towards, the corner next to the pointer
        transformOrigin: `${at.x < shown.x ? "right" : "left"} ${at.y < shown.y ? "bottom" : "top"}`,
        transitionDuration: `${open ? 100 : CONTEXT_MENU_LEAVE_MS}ms`
      }}
      className={cx(
        "fixed z-[90] min-w-32 rounded-lg bg-surface p-1 shadow-lg ring-1 ring-line outline-none",
        "transition-[opacity,scale] ease-out-soft starting:scale-95 starting:opacity-0",
        !open && "pointer-events-none scale-95 opacity-0"
      )}
    >
      {shown.imageUrl !== undefined ? (
        <>
          <button
            type="button"
            role="menuitem"
            className={cx(itemClass, "text-gray-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50")}
            onClick={() => void store.downloadImage()}
          >
            <Icon name="download" size={16} />
            {ContextMenuTexts.download}
          </button>
          <button
            type="button"
            role="menuitem"
            className={cx(itemClass, "text-gray-800 hover:bg-gray-100 focus-visible:bg-gray-100")}
            onClick={store.close}
          >
            <Icon name="close" size={16} />
            {ContextMenuTexts.close}
          </button>
        </>
      ) : (
        <div role="menuitem" aria-disabled="true" className={cx(itemClass, "cursor-not-allowed text-gray-400")} onClick={store.close}>
          {ContextMenuTexts.none}
        </div>
      )}
    </div>
  )
})
