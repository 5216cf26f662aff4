import { and, asc, eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { type TaskRow, tasks } from "../../db/schema/tasks.js"
import { ConfigKeys, configWholeNumbers } from "../appConfig/appConfig.js"

export type Claim = { readonly kind: "run"; readonly row: TaskRow } | { readonly kind: "gone" } | { readonly kind: "busy" }

/**
 * A worker takes a task: queued → running with a conditional update (a job delivered twice runs
 * once: the second finds nothing queued to take). Jobs and queued tasks of a user pair up one to one,
 * not by id: a job runs the user's oldest queued task (FIFO per user). The per-user running limit is decided here, one
 * claim per user at a time (an advisory lock on the user), so a user's third task waits its turn.
 */
export const claimTask = async (db: Db, id: string, now: Date): Promise<Claim> => {
  const limits = await configWholeNumbers(db, { [ConfigKeys.generationMaxRunning]: 2 })
  const maxRunning = Math.max(1, limits[ConfigKeys.generationMaxRunning] ?? 2)
  return db.transaction(async (tx) => {
    const [task] = await tx.select({ uid: tasks.uid, queue: tasks.queue, status: tasks.status }).from(tasks).where(eq(tasks.id, id)).limit(1)
    if (task === undefined) return { kind: "gone" } as const
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mido.task.user.${task.uid}`}, 0))`)
    // a job stands for "one more of this user's tasks may run": the user's oldest queued one runs
    // first, so a user's tasks start in the order they were submitted however the jobs come back
    const [oldest] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.uid, task.uid), eq(tasks.queue, task.queue), eq(tasks.status, "queued")))
      .orderBy(asc(tasks.createdAt), asc(tasks.id))
      .limit(1)
    if (oldest === undefined) return { kind: "gone" } as const
    const [running] = await tx.select({ n: sql<number>`count(*)::int` }).from(tasks).where(and(eq(tasks.uid, task.uid), eq(tasks.status, "running")))
    if ((running?.n ?? 0) >= maxRunning) return { kind: "busy" } as const
    const [row] = await tx
      .update(tasks)
      .set({ status: "running", startedAt: now, heartbeatAt: now, progress: 0, attempts: sql`${tasks.attempts} + 1` })
      .where(and(eq(tasks.id, oldest.id), eq(tasks.status, "queued")))
      .returning()
    return row === undefined ? ({ kind: "gone" } as const) : ({ kind: "run", row } as const)
  })
}

/** A transient failure with retries left: back to queued, to be claimed again after the queue's backoff. */
export const requeueTask = async (db: Db, id: string, reason: string): Promise<boolean> => {
  const back = await db.update(tasks).set({ status: "queued", progress: 0, previewKey: null, heartbeatAt: null, reason }).where(and(eq(tasks.id, id), eq(tasks.status, "running"))).returning({ id: tasks.id })
  return back.length > 0
}

/**
 * The worker's beat while the engine draws: the heartbeat (a dead worker's task is found by its
 * stale beat), the latest progress and preview; answers false when the task is no longer running
 * (cancelled, or ended by the recovery pass), so the worker aborts the engine.
 */
export const beat = async (db: Db, id: string, now: Date, progress: { percent?: number; previewKey?: string }): Promise<boolean> => {
  const rows = await db
    .update(tasks)
    .set({
      heartbeatAt: now,
      ...(progress.percent !== undefined ? { progress: Math.max(0, Math.min(99, Math.round(progress.percent))) } : {}),
      ...(progress.previewKey !== undefined ? { previewKey: progress.previewKey } : {})
    })
    .where(and(eq(tasks.id, id), eq(tasks.status, "running")))
    .returning({ id: tasks.id })
  return rows.length > 0
}
