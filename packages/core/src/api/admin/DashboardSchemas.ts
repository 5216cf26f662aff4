import { Schema } from "effect"

/** One figure of 概览, with the one SQL statement that produced it (shown to the operator). */
export const DashboardFigure = Schema.Struct({
  key: Schema.String,
  label: Schema.String,
  /** the figure as shown: a count, beans, or yuan with two decimals */
  value: Schema.String,
  /** rows for a figure broken down (tasks by state): label → count */
  breakdown: Schema.optional(Schema.Array(Schema.Struct({ label: Schema.String, value: Schema.String }))),
  sql: Schema.String
})
export type DashboardFigure = typeof DashboardFigure.Type

export const Dashboard = Schema.Struct({
  /** the China-time day the figures cover, YYYY-MM-DD */
  day: Schema.String,
  figures: Schema.Array(DashboardFigure)
})
export type Dashboard = typeof Dashboard.Type
