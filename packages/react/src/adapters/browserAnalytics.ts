import type { AnalyticsShape } from "@mido/core"
import { type DataLayer, makeDataLayerAnalytics } from "@mido/core/browser"
import { Effect } from "effect"
import { loadAnalyticsUserId } from "../analyticsUserIdOnDemand.js"

/** The page's analytics data layer: `window.dataLayer`, made when the tag script has not run yet. */
export interface DataLayerHost {
  dataLayer?: Array<unknown> | DataLayer
}

/** Keys that could carry a user id; their values leave the page only hashed (spec §2, NV11). */
export const USER_ID_KEYS: ReadonlyArray<string> = ["user_id", "userId", "uid"]

const HASHED = /^[0-9a-f]{64}$/

const unhashedIds = (event: Readonly<Record<string, unknown>>): Array<string> =>
  USER_ID_KEYS.filter((key) => {
    const value = event[key]
    return (typeof value === "string" || typeof value === "number") && !HASHED.test(String(value))
  })

/**
 * An event with every user id field replaced by analyticsUserId(id), unless it is that hash already.
 * The hash's code is fetched on first use (analyticsUserIdOnDemand.ts); an event without an id is
 * answered without it.
 */
export const withHashedUserId = async (event: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> => {
  const safe: Record<string, unknown> = { ...event }
  const keys = unhashedIds(event)
  if (keys.length === 0) return safe
  const analyticsUserId = await loadAnalyticsUserId()
  for (const key of keys) safe[key] = analyticsUserId(safe[key] as string | number)
  return safe
}

/**
 * The Analytics port over `window.dataLayer` (the core's data-layer adapter). Whatever a caller
 * pushes, a user id goes out only as its hash; events reach the data layer in the order they were
 * pushed. When the hash's code cannot be fetched, an event with an id is dropped (best effort, never
 * the bare id).
 */
export const makeBrowserAnalytics = (host: DataLayerHost = globalThis as DataLayerHost): AnalyticsShape => {
  host.dataLayer ??= []
  const layer = host.dataLayer as DataLayer
  const inner = makeDataLayerAnalytics({ push: (event) => layer.push(event) })
  let queue: Promise<void> = Promise.resolve()
  const pushInOrder = (event: Record<string, unknown>): Promise<void> => {
    queue = queue
      .then(() => withHashedUserId(event))
      .then((safe) => Effect.runSync(inner.push(safe)), () => undefined)
    return queue
  }
  return { push: (event) => Effect.promise(() => pushInOrder(event)) }
}
