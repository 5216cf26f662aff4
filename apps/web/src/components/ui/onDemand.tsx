import { type ComponentType, useEffect, useState } from "react"

/** An overlay whose code loads when it is first opened; `preload()` fetches it ahead (when the page is idle). */
export type OnDemand<P extends { open: boolean }> = ComponentType<P> & { preload: () => Promise<void> }

/** The wait before fetching a failed overlay's code again: 0.5 s, 1 s, 2 s … at most 8 s apart. */
export const retryDelayMs = (failures: number): number => Math.min(8000, 500 * 2 ** Math.max(0, failures - 1))

/**
 * Wraps an overlay so that nothing of it is rendered, or downloaded, until its `open` is first true
 * (a closed dialog has nothing on screen). From then on it stays mounted, so closing plays its
 * leave transition and opening again is instant. While its code arrives nothing is shown; the
 * opening is kept, not lost: a fetch that fails (a busy server, a dropped connection) is tried again
 * while the overlay is still wanted open, and the overlay appears once its code is there. Code that
 * already arrived (a preload) renders at once, without a frame of nothing.
 */
export function onDemand<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined // a failed fetch is tried again by the next attempt
        throw error
      }
    ))
  function OnDemandOverlay(props: P) {
    const [wanted, setWanted] = useState(props.open)
    // derived state: the first opening mounts the overlay for good
    if (props.open && !wanted) setWanted(true)
    const [View, setView] = useState<ComponentType<P> | undefined>(() => loaded)
    const [failures, setFailures] = useState(0)
    const fetching = props.open && View === undefined
    useEffect(() => {
      if (!fetching) return
      let live = true
      const attempt = () =>
        preload().then(
          (component) => live && setView(() => component),
          () => live && setFailures((count) => count + 1)
        )
      const timer = setTimeout(() => void attempt(), failures === 0 ? 0 : retryDelayMs(failures))
      return () => {
        live = false
        clearTimeout(timer)
      }
    }, [fetching, failures])
    if (!wanted || View === undefined) return null
    return <View {...props} />
  }
  // resolves to nothing: a caller (a test hook) must not mistake the component for a callback
  return Object.assign(OnDemandOverlay, { preload: () => preload().then(() => undefined) })
}
