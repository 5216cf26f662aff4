import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })

/** 0700_jobs.sql: one row per periodic job, with its lease (src/jobs/). */
export const jobs = pgTable("jobs", {
  name: text("name").primaryKey(),
  intervalMs: bigint("interval_ms", { mode: "number" }).notNull(),
  nextRunAt: at("next_run_at").notNull(),
  leaseOwner: text("lease_owner"),
  leaseExpiresAt: at("lease_expires_at"),
  lastStartedAt: at("last_started_at"),
  lastRunAt: at("last_run_at"),
  lastError: text("last_error"),
  lastErrorAt: at("last_error_at"),
  runCount: bigint("run_count", { mode: "number" }).notNull().default(0),
  failureCount: bigint("failure_count", { mode: "number" }).notNull().default(0)
})
