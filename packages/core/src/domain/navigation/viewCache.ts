import { matchRoute } from "./matchRoute.js"
import { VIEW_CACHE_SIZE } from "./routeTable.js"

/**
 * NV12: the view-cache key of a path (no query), or undefined when its route is not kept alive. One
 * entry per path, so /personal/1 and /personal/2 are two pages while /community?tab=… stays one page
 * that reads its query; a trailing slash is the same page.
 */
export const viewCacheKey = (path: string): string | undefined => {
  const match = matchRoute(path)
  if (match === undefined || !match.route.keepAlive) return undefined
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path
}

/**
 * NV12: the kept keys, least recently shown first, after showing `key`: it becomes the most recent
 * and beyond `size` the least recently shown are dropped. Showing a page that is not kept
 * (`undefined`) or the most recent one again changes nothing (the same array comes back).
 */
export const visitViewCache = (
  kept: ReadonlyArray<string>,
  key: string | undefined,
  size: number = VIEW_CACHE_SIZE
): ReadonlyArray<string> => {
  if (key === undefined || (kept.at(-1) === key && kept.length <= size)) return kept
  const next = [...kept.filter((candidate) => candidate !== key), key]
  return next.slice(Math.max(0, next.length - Math.max(1, size)))
}
