import type { ComponentType } from "react"
import { RouteFallback } from "./RouteFallback"

/** Fetches a route's component: a dynamic import, so each page (and lazy layout) is a chunk of its own. */
export type LoadComponent = () => Promise<ComponentType>

/** Components whose code has arrived, by route key: a router made afterwards renders them at once. */
const arrived = new Map<string, ComponentType>()

/**
 * The route fields for a component fetched the first time its URL is visited (react-router's `lazy`).
 * On the first load the router renders the routes above it with `HydrateFallback` in its place (the
 * layout painted, a spinner inside) until the code is here; later navigations keep the current page on
 * screen until the next one is ready. Code that arrived before the router was made (preloadRoute in
 * routeObjects.tsx) is used directly, which spares the first load the fallback's extra render.
 */
export const lazyRoute = (key: string, load: LoadComponent) => {
  const Component = arrived.get(key)
  if (Component !== undefined) return { Component }
  return {
    HydrateFallback: RouteFallback,
    lazy: async () => {
      const component = arrived.get(key) ?? (await load())
      arrived.set(key, component)
      return { Component: component }
    }
  }
}
