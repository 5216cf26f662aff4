import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm"
import type { Db } from "../db/database.js"
import { jobs } from "../db/schema/jobs.js"

/**
 * The jobs table's operations (0700_jobs.sql). Every state change is one conditional statement, so
 * any number of processes may call these at once: a claim succeeds for one of them only (under
 * READ COMMITTED a second UPDATE of the same row waits for the first and then re-checks its WHERE).
 */
export type JobRow = typeof jobs.$inferSelect

export const ERROR_TEXT_MAX = 2000

/** Adds the jobs this process knows (first run at `firstRunAt`) and refreshes their interval. */
export const registerJobs = async (db: Db, definitions: ReadonlyArray<{ readonly name: string; readonly intervalMs: number; readonly firstRunAt: Date }>) => {
  if (definitions.length === 0) return
  await db
    .insert(jobs)
    .values(definitions.map((job) => ({ name: job.name, intervalMs: job.intervalMs, nextRunAt: job.firstRunAt })))
    .onConflictDoUpdate({ target: jobs.name, set: { intervalMs: sql`excluded.interval_ms` } })
}

const leaseFree = (now: Date) => or(isNull(jobs.leaseExpiresAt), lte(jobs.leaseExpiresAt, now))

/** The names among `names` that are due and not leased by a live process. */
export const dueJobs = async (db: Db, names: ReadonlyArray<string>, now: Date): Promise<ReadonlyArray<string>> => {
  if (names.length === 0) return []
  const rows = await db
    .select({ name: jobs.name })
    .from(jobs)
    .where(and(inArray(jobs.name, [...names]), lte(jobs.nextRunAt, now), leaseFree(now)))
    .orderBy(jobs.nextRunAt)
  return rows.map((row) => row.name)
}

/** Takes the job's lease when it is due and free; true for exactly one of several concurrent callers. */
export const claimJob = async (db: Db, name: string, owner: string, now: Date, leaseMs: number): Promise<boolean> => {
  const claimed = await db
    .update(jobs)
    .set({ leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + leaseMs), lastStartedAt: now })
    .where(and(eq(jobs.name, name), lte(jobs.nextRunAt, now), leaseFree(now)))
    .returning({ name: jobs.name })
  return claimed.length === 1
}

/**
 * Records the end of a run and releases the lease. False when this owner no longer held it (the run
 * outlived its lease and another process took the job over): nothing is changed then.
 */
export const finishJob = async (
  db: Db,
  run: { readonly name: string; readonly owner: string; readonly finishedAt: Date; readonly nextRunAt: Date; readonly error: string | undefined }
): Promise<boolean> => {
  const failed = run.error !== undefined
  const finished = await db
    .update(jobs)
    .set({
      leaseOwner: null,
      leaseExpiresAt: null,
      lastRunAt: run.finishedAt,
      nextRunAt: run.nextRunAt,
      runCount: sql`${jobs.runCount} + 1`,
      failureCount: failed ? sql`${jobs.failureCount} + 1` : sql`${jobs.failureCount}`,
      lastError: failed ? run.error.slice(0, ERROR_TEXT_MAX) : null,
      ...(failed ? { lastErrorAt: run.finishedAt } : {})
    })
    .where(and(eq(jobs.name, run.name), eq(jobs.leaseOwner, run.owner)))
    .returning({ name: jobs.name })
  return finished.length === 1
}

export const jobRow = async (db: Db, name: string): Promise<JobRow | undefined> => (await db.select().from(jobs).where(eq(jobs.name, name)).limit(1))[0]
