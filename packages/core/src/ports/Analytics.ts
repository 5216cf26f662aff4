import { Context, type Effect } from "effect"

/** The analytics data layer (spec §2): events pushed as plain objects; the user id only as a hash. */
export interface AnalyticsShape {
  readonly push: (event: Readonly<Record<string, unknown>>) => Effect.Effect<void>
}

export class Analytics extends Context.Tag("@mido/core/Analytics")<Analytics, AnalyticsShape>() {}
