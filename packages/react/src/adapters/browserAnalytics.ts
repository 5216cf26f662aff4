import { type AnalyticsShape, analyticsUserId } from "@mido/core"
import { type DataLayer, makeDataLayerAnalytics } from "@mido/core/browser"

/** The page's analytics data layer: `window.dataLayer`, made when the tag script has not run yet. */
export interface DataLayerHost {
  dataLayer?: Array<unknown> | DataLayer
}

/** Keys that could carry a user id; their values leave the page only hashed (spec §2, NV11). */
export const USER_ID_KEYS: ReadonlyArray<string> = ["user_id", "userId", "uid"]

const HASHED = /^[0-9a-f]{64}$/

/** An event with every user id field replaced by analyticsUserId(id), unless it is that hash already. */
export const withHashedUserId = (event: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const safe: Record<string, unknown> = { ...event }
  for (const key of USER_ID_KEYS) {
    const value = safe[key]
    if ((typeof value === "string" || typeof value === "number") && !HASHED.test(String(value))) safe[key] = analyticsUserId(value)
  }
  return safe
}

/**
 * The Analytics port over `window.dataLayer` (the core's data-layer adapter). Whatever a caller
 * pushes, a user id goes out only as its hash.
 */
export const makeBrowserAnalytics = (host: DataLayerHost = globalThis as DataLayerHost): AnalyticsShape => {
  host.dataLayer ??= []
  const layer = host.dataLayer as DataLayer
  const inner = makeDataLayerAnalytics({ push: (event) => layer.push(event) })
  return { push: (event) => inner.push(withHashedUserId(event)) }
}
