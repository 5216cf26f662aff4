import type { Db } from "../../db/database.js"

/**
 * A durable job queue on the database (ADR 0010: pg-boss 10 on PGlite and PostgreSQL). A job carries
 * only a task id; the task row is the truth, so a job delivered twice must be harmless to its handler.
 */

export interface QueueJob {
  readonly id: string
  readonly taskId: string
  /** deliveries before this one that ended in a retry */
  readonly retryCount: number
  readonly retryLimit: number
}

/** What the handler decided: done (completed), retry (failed; the queue retries with backoff), later (put back). */
export type JobOutcome =
  | { readonly kind: "done" }
  | { readonly kind: "retry"; readonly error: string }
  | { readonly kind: "later"; readonly seconds: number }

export interface QueueSettings {
  /** retries after the first delivery, for transient engine errors only */
  readonly retryLimit: number
  /** first retry delay; it doubles (backoff) */
  readonly retryDelaySeconds: number
  /** a delivery not finished after this long is given to another worker (a dead worker's job) */
  readonly expireInSeconds: number
}

export interface WorkOptions {
  /** loops taking one job each */
  readonly concurrency: number
  /** how often an idle loop looks for a job; an enqueue in this process wakes it at once */
  readonly pollMs: number
}

export interface JobQueue {
  /** Creates the queue (idempotent) with its retry and expiry settings; before any enqueue. */
  readonly ensureQueue: (queue: string, settings: QueueSettings) => Promise<void>
  /** Enqueues inside the caller's transaction: the job exists only if that transaction commits. */
  readonly enqueue: (queue: string, taskId: string, tx: Db) => Promise<void>
  /** After the enqueuing transaction committed: wakes this process's idle loops of the queue. */
  readonly wake: (queue: string) => void
  /** Cancels a job not yet taken (a cancelled queued task). */
  readonly cancel: (queue: string, taskId: string) => Promise<void>
  /** Starts `concurrency` loops taking jobs of the queue until stop. */
  readonly work: (queue: string, options: WorkOptions, handler: (job: QueueJob) => Promise<JobOutcome>) => void
  /** Stops taking jobs, waits up to timeoutMs for running handlers, then stops the queue. */
  readonly stop: (timeoutMs: number) => Promise<void>
}
