import { useEffect, useLayoutEffect, useRef } from "react"

export interface ShownView {
  /** Which view is on screen: a kept page's id, or a plain page's path. */
  readonly key: string
  /** A kept page comes back where it was left; any other page starts at the top. */
  readonly kept: boolean
}

/**
 * The window's scroll position per view (NV12): while a kept page is on screen every scroll is
 * remembered under its key; when another view comes on screen (before the browser paints) it gets
 * its remembered position, or the top. `live` lists the kept keys still alive; the rest are
 * forgotten. `shown` is undefined while nothing is shown (a redirect): scrolling is left alone.
 */
export const useViewScroll = (shown: ShownView | undefined, live: ReadonlyArray<string>): void => {
  const positions = useRef(new Map<string, number>())
  const current = useRef<ShownView | undefined>(shown)
  const previousKey = useRef<string | undefined>(shown?.key)

  useEffect(() => {
    const remember = () => {
      const view = current.current
      if (view?.kept) positions.current.set(view.key, window.scrollY)
    }
    window.addEventListener("scroll", remember, { passive: true })
    return () => window.removeEventListener("scroll", remember)
  }, [])

  const key = shown?.key
  const kept = shown?.kept ?? false
  const liveKeys = live.join("\n")
  useLayoutEffect(() => {
    if (key === undefined) {
      current.current = undefined
      return
    }
    const alive = new Set(liveKeys.split("\n"))
    for (const known of positions.current.keys()) if (!alive.has(known)) positions.current.delete(known)
    const target = kept ? (positions.current.get(key) ?? 0) : 0
    if (key !== previousKey.current && window.scrollY !== target) window.scrollTo(0, target)
    previousKey.current = key
    current.current = { key, kept }
  }, [key, kept, liveKeys])
}
