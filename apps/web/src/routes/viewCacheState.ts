import { visitViewCache } from "@mido/core/navigation"
import type { ContextType, ReactNode } from "react"
import type { UNSAFE_LocationContext } from "react-router-dom"

/** What a page saw of the router when it was last on screen: kept while it is hidden. */
export type LocationSnapshot = ContextType<typeof UNSAFE_LocationContext>

/** One page kept alive: its route element and the location it last rendered for. */
export interface CachedView {
  /** Unique for the life of the outlet: a page dropped and shown again is a new view (its scroll starts at the top). */
  readonly id: number
  readonly element: ReactNode
  readonly location: LocationSnapshot
}

/**
 * The view cache (NV12) as React state: whose pages they are, the keys least recently shown first,
 * and the views in the order they were first shown (a stable order, so showing one never moves DOM).
 */
export interface ViewCacheState {
  readonly owner: string
  readonly order: ReadonlyArray<string>
  readonly views: ReadonlyMap<string, CachedView>
  readonly lastId: number
}

export const emptyViewCache = (owner: string, lastId = 0): ViewCacheState => ({ owner, order: [], views: new Map(), lastId })

export interface ViewVisit {
  readonly owner: string
  /** The shown page's key, undefined when its route is not kept alive. */
  readonly key: string | undefined
  readonly element: ReactNode
  readonly location: LocationSnapshot
}

/**
 * The cache after a render that shows `visit`. The same state comes back when nothing changed, so
 * the outlet can set it during render without looping. Another owner (login, logout, another user)
 * drops every kept page: a hidden page must not show the previous user's data (R9).
 */
export const visitViewCacheState = (state: ViewCacheState, visit: ViewVisit): ViewCacheState => {
  const base = state.owner === visit.owner ? state : emptyViewCache(visit.owner, state.lastId)
  const { key } = visit
  if (key === undefined) return base
  const current = base.views.get(key)
  const order = visitViewCache(base.order, key)
  if (base === state && order === state.order && current !== undefined && current.element === visit.element && current.location === visit.location) return state
  const views = new Map<string, CachedView>()
  for (const [candidate, view] of base.views) if (order.includes(candidate)) views.set(candidate, view)
  const id = current?.id ?? base.lastId + 1
  views.set(key, { id, element: visit.element, location: visit.location })
  return { owner: visit.owner, order, views, lastId: Math.max(base.lastId, id) }
}
