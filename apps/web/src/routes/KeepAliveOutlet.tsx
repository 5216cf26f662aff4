import { viewCacheKey } from "@mido/core/navigation"
import { useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Activity, Fragment, type ReactNode, Suspense, useContext, useState } from "react"
import { UNSAFE_LocationContext as LocationContext, useOutlet } from "react-router-dom"
import { RouteFallback } from "./RouteFallback"
import { emptyViewCache, visitViewCacheState } from "./viewCacheState"
import { useViewScroll } from "./useViewScroll"
import { ViewShownContext } from "./viewShown"

export interface KeepAliveOutletProps {
  /** False while the guard redirects: every kept page stays hidden (and kept), nothing new is shown. */
  readonly active?: boolean
}

const page = (element: ReactNode): ReactNode => <Suspense fallback={<RouteFallback />}>{element}</Suspense>

/**
 * The view cache (spec §2, §9; NV12): pages of keepAlive routes stay mounted under React's
 * <Activity mode="hidden"> when the user leaves them (display: none, effects paused), at most 5, the
 * least recently shown dropped first; showing one again brings back its state and window scroll
 * position. Other routes render as a plain outlet and start at the top.
 *
 * It sits above the layouts, so a kept page keeps its layout too and survives a trip to a page of
 * another layout (the feed → /work-detail/… → back). A hidden page keeps seeing the location it
 * last rendered for, so it does not react to other pages' addresses, and is told it is hidden
 * (ViewShownContext), so its layout does not expose a second main landmark. Lazy route elements work: each
 * page renders inside its own Suspense boundary.
 */
export const KeepAliveOutlet = observer(function KeepAliveOutlet({ active = true }: KeepAliveOutletProps) {
  const outlet = useOutlet()
  const location = useContext(LocationContext)
  const owner = String(useSessionStore().user?.uid ?? "visitor")
  const key = active ? viewCacheKey(location.location.pathname) : undefined

  const [cache, setCache] = useState(() => emptyViewCache(owner))
  const next = active ? visitViewCacheState(cache, { owner, key, element: outlet, location }) : cache
  // derived state: React re-renders at once with the new cache, before anything reaches the screen
  if (next !== cache) setCache(next)

  const shownView = key === undefined ? undefined : next.views.get(key)
  useViewScroll(
    active ? (shownView ? { key: `view:${shownView.id}`, kept: true } : { key: `page:${location.location.pathname}`, kept: false }) : undefined,
    [...next.views.values()].map((view) => `view:${view.id}`)
  )

  return (
    <>
      {[...next.views].map(([viewKey, view]) => {
        const shown = viewKey === key
        return (
          <Activity key={viewKey} mode={shown ? "visible" : "hidden"}>
            <ViewShownContext.Provider value={shown}>
              <LocationContext.Provider value={shown ? location : view.location}>
                {page(shown ? outlet : view.element)}
              </LocationContext.Provider>
            </ViewShownContext.Provider>
          </Activity>
        )
      })}
      {active && key === undefined ? <Fragment key="uncached">{page(outlet)}</Fragment> : null}
    </>
  )
})
