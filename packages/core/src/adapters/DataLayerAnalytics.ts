import { Effect, Layer } from "effect"
import { Analytics } from "../ports/Analytics.js"

/** Anything with `push`, like the page's `window.dataLayer` array. */
export interface DataLayer {
  push(event: Record<string, unknown>): unknown
}

/** Live analytics: pushes onto the data layer. A broken tag script must never break the app. */
export const makeDataLayerAnalytics = (dataLayer: DataLayer) =>
  Analytics.of({
    push: (event) => Effect.sync(() => {
      try {
        dataLayer.push({ ...event })
      } catch {
        // analytics is best effort
      }
    })
  })

export const DataLayerAnalyticsLayer = (dataLayer: DataLayer) => Layer.sync(Analytics, () => makeDataLayerAnalytics(dataLayer))
