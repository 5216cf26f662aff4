import type { analyticsUserId } from "@mido/core/analytics"

type AnalyticsUserId = typeof analyticsUserId

let loading: Promise<AnalyticsUserId> | undefined

/**
 * NV11's hash of a user id for the analytics data layer (`analyticsUserId` of @mido/core/analytics), fetched on
 * first use: only a logged-in user's events carry an id, and SHA-256 would add 2.4 KB gzip to /list's
 * first load (docs/adr/0007). One fetch for the page's lifetime; a failed one is tried again next time.
 */
export const loadAnalyticsUserId = (): Promise<AnalyticsUserId> => {
  loading ??= import("./analyticsUserIdCode.js").then(
    (code) => code.analyticsUserId,
    (error: unknown) => {
      loading = undefined
      throw error
    }
  )
  return loading
}
