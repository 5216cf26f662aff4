import { type ComponentType, lazy, Suspense, useState } from "react"

/** An overlay whose code loads when it is first opened; `preload()` fetches it ahead (when the page is idle). */
export type OnDemand<P extends { open: boolean }> = ComponentType<P> & { preload: () => Promise<unknown> }

/**
 * Wraps an overlay so that nothing of it is rendered, or downloaded, until its `open` is first true
 * (a closed dialog has nothing on screen). From then on it stays mounted, so closing plays its
 * leave transition and opening again is instant. While its code arrives nothing is shown.
 */
export function onDemand<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined // a failed fetch (offline) is tried again on the next opening
        throw error
      }
    ))
  const Lazy = lazy(preload)
  function OnDemandOverlay(props: P) {
    const [wanted, setWanted] = useState(props.open)
    // derived state: the first opening mounts the overlay for good
    if (props.open && !wanted) setWanted(true)
    if (!wanted) return null
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  }
  return Object.assign(OnDemandOverlay, { preload })
}
