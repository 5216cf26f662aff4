import { makeDataLayerAnalytics } from "./DataLayerAnalytics.js"

/** In-memory analytics: the events in an array, for tests and the harness. */
export const makeMemoryAnalytics = () => {
  const events: Array<Record<string, unknown>> = []
  return { events, analytics: makeDataLayerAnalytics(events) }
}
