import { useEffect, useLayoutEffect, useRef } from "react"

/** What only a person does: these end a pending restoration. */
const USER_SCROLL = ["wheel", "touchstart", "keydown", "pointerdown"] as const
/** How long a restoration waits for the page to grow: about half a second of frames. */
const RESTORE_FRAMES = 30

/** Scrolls to `target` on each frame until it is reached or RESTORE_FRAMES pass; returns the stop. */
const keepRestoring = (target: number, done: () => void): (() => void) => {
  let frames = 0
  let handle = 0
  const stop = () => {
    cancelAnimationFrame(handle)
    done()
  }
  const step = () => {
    frames += 1
    window.scrollTo(0, target)
    if (Math.abs(window.scrollY - target) <= 1 || frames >= RESTORE_FRAMES) stop()
    else handle = requestAnimationFrame(step)
  }
  handle = requestAnimationFrame(step)
  return stop
}

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
  const restoring = useRef<(() => void) | undefined>(undefined)

  useEffect(() => {
    const remember = () => {
      const view = current.current
      if (view?.kept && restoring.current === undefined) positions.current.set(view.key, window.scrollY)
    }
    // the person's own scrolling ends a restoration still waiting for the page to grow
    const stopRestoring = () => restoring.current?.()
    window.addEventListener("scroll", remember, { passive: true })
    for (const type of USER_SCROLL) window.addEventListener(type, stopRestoring, { passive: true })
    return () => {
      stopRestoring()
      window.removeEventListener("scroll", remember)
      for (const type of USER_SCROLL) window.removeEventListener(type, stopRestoring)
    }
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
    if (key !== previousKey.current) {
      restoring.current?.()
      if (window.scrollY !== target) window.scrollTo(0, target)
      // a page coming back may be shorter for a moment (a windowed list measuring its rows again):
      // keep asking for the remembered position for a few frames rather than keep a clamped one
      if (Math.abs(window.scrollY - target) > 1) restoring.current = keepRestoring(target, () => (restoring.current = undefined))
    }
    previousKey.current = key
    current.current = { key, kept }
  }, [key, kept, liveKeys])
}
