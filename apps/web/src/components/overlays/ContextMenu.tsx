import { useContextMenuStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { onDemand } from "../ui/onDemand"
import { imageUnder, insideMenu, isEditable } from "./contextMenuTargets"

export { ContextMenuTexts } from "./contextMenuTargets"

/** The panel's code (placement, focus, the closing listeners) stays out of the first load. */
const ContextMenuPanel = onDemand(async () => (await import("./ContextMenuPanel")).ContextMenuPanel)

/** Fetches the panel once the page has nothing else to do, so the first right-click rarely waits for it. */
const preloadWhenIdle = (): (() => void) => {
  const load = () => void ContextMenuPanel.preload().catch(() => undefined)
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(load, { timeout: 5000 })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(load, 2000) // Safari has no requestIdleCallback
  return () => clearTimeout(timer)
}

/**
 * The app's context menu (spec §2): a right-click anywhere opens it instead of the browser's; over an
 * image it offers 下载图片 and 关闭, elsewhere one disabled 暂无操作. A left click, Escape, scrolling
 * or resizing the window closes it; it sits 10 px from the pointer, flipped and kept 8 px inside the
 * window, and fades out over 200 ms (spec §9). The state and the download live in ContextMenuStore.
 * It listens for right-clicks from the first paint; the panel's code loads on demand.
 */
export const ContextMenu = observer(function ContextMenu() {
  const store = useContextMenuStore()
  const returnFocus = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      if (event.defaultPrevented) return
      const target = event.target instanceof Element ? event.target : null
      if (insideMenu(target)) {
        event.preventDefault()
        return
      }
      if (isEditable(target)) {
        store.close()
        return
      }
      event.preventDefault()
      if (!store.isOpen && document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement
      store.open({ x: event.clientX, y: event.clientY, imageUrl: imageUnder(target) })
    }
    document.addEventListener("contextmenu", onContextMenu)
    return () => document.removeEventListener("contextmenu", onContextMenu)
  }, [store])

  useEffect(preloadWhenIdle, [])

  return <ContextMenuPanel open={store.menu !== null} returnFocus={returnFocus} />
})
