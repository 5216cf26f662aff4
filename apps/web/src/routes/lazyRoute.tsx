import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useState } from "react"
import { RouteFallback } from "./RouteFallback"
import { RouteLoadBoundary } from "./RouteLoadBoundary"

/** Fetches a route's component: a dynamic import, so each page (and lazy layout) is a chunk of its own. */
export type LoadComponent = () => Promise<ComponentType>

/** Components whose code has arrived, by route id: rendered at once, without a fallback. */
const arrived = new Map<string, ComponentType>()
/** Fetches under way, so a preload and the first render share one request. */
const fetching = new Map<string, Promise<ComponentType>>()
/** The loader of every lazy route made so far, by route id (preloadRouteCode). */
const loaders = new Map<string, LoadComponent>()
/** One React.lazy per route id, dropped when its fetch failed so that 重试 fetches again. */
const lazies = new Map<string, LazyExoticComponent<ComponentType>>()

const fetchRoute = (id: string, load: LoadComponent): Promise<ComponentType> => {
  const known = fetching.get(id)
  if (known !== undefined) return known
  const started = load().then(
    (component) => {
      arrived.set(id, component)
      return component
    },
    (error: unknown) => {
      fetching.delete(id)
      throw error
    }
  )
  fetching.set(id, started)
  return started
}

/** Starts fetching a lazy route's code (while the app starts, for the deep link's page); failures are left to the render. */
export const preloadRouteCode = (id: string): void => {
  const load = loaders.get(id)
  if (load !== undefined && !arrived.has(id)) void fetchRoute(id, load).catch(() => undefined)
}

function LazyRoute({ id, load }: { readonly id: string; readonly load: LoadComponent }) {
  const [attempt, setAttempt] = useState(0)
  const Arrived = arrived.get(id)
  if (Arrived !== undefined) return <Arrived />
  let Pending = lazies.get(id)
  if (Pending === undefined) {
    Pending = lazy(async () => ({ default: await fetchRoute(id, load) }))
    lazies.set(id, Pending)
  }
  return (
    <RouteLoadBoundary
      key={attempt}
      onRetry={() => {
        lazies.delete(id)
        setAttempt((count) => count + 1)
      }}
    >
      <Suspense fallback={<RouteFallback />}>
        <Pending />
      </Suspense>
    </RouteLoadBoundary>
  )
}

/**
 * A route whose component is fetched the first time its URL is visited. Until the code is here its
 * place shows the route fallback inside the routes above it (the layout painted, a spinner inside);
 * code that arrived earlier (preloadRouteCode) renders at once. A failed fetch shows 页面加载失败
 * with 重试 rather than taking the app down.
 */
export const lazyRoute = (id: string, load: LoadComponent) => {
  loaders.set(id, load)
  return { id, element: <LazyRoute id={id} load={load} /> }
}
