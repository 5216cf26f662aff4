import PgBoss from "pg-boss"
import type { QueueSql } from "../../db/database.js"
import type { Log } from "../../platform/log.js"
import { errorFields } from "../../platform/errorFields.js"
import type { JobOutcome, JobQueue, QueueJob, QueueSettings, WorkOptions } from "./jobQueuePort.js"
import { transactionSql } from "./transactionSql.js"

export interface PgBossOptions {
  /** how often pg-boss expires dead workers' jobs and archives finished ones */
  readonly maintenanceIntervalSeconds?: number
}

/**
 * The job queue on pg-boss 10 (ADR 0010). Workers are our own fetch loops rather than `work()`:
 * `work()` polls at most every 0.5 s and a send only wakes it through `notifyWorker`, while our loops
 * sleep `pollMs` (short in tests) and an enqueue in this process wakes them at once, so a job starts
 * within milliseconds of its commit. Stop waits for running handlers before pg-boss stops, and
 * pg-boss stops before the caller closes the database (an un-awaited write would crash Node 20).
 */
export const startPgBossQueue = async (queueSql: QueueSql, log: Log, options: PgBossOptions = {}): Promise<JobQueue> => {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => queueSql.executeSql(text, values) },
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30
  })
  boss.on("error", (error: Error) => log.error("job queue error", errorFields(error)))
  await boss.start()

  let stopping = false
  const sleepers = new Map<string, Set<() => void>>()
  const loops: Array<Promise<void>> = []
  const known = new Set<string>()

  const idle = (queue: string, ms: number) =>
    new Promise<void>((resolve) => {
      const set = sleepers.get(queue) ?? new Set()
      sleepers.set(queue, set)
      const done = () => {
        clearTimeout(timer)
        set.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      set.add(done)
    })

  const wake = (queue: string) => {
    for (const done of [...(sleepers.get(queue) ?? [])]) done()
  }

  const settle = async (queue: string, job: PgBoss.JobWithMetadata<{ taskId: string }>, outcome: JobOutcome) => {
    if (outcome.kind === "done") await boss.complete(queue, job.id)
    else if (outcome.kind === "retry") await boss.fail(queue, job.id, { message: outcome.error })
    else {
      // put back: a new job for the same task after a pause (the task row keeps it from running twice)
      await boss.send(queue, job.data, { startAfter: Math.max(1, Math.round(outcome.seconds)), retryLimit: job.retryLimit, retryDelay: job.retryDelay, retryBackoff: job.retryBackoff })
      await boss.complete(queue, job.id)
    }
  }

  const loop = async (queue: string, options: WorkOptions, handler: (job: QueueJob) => Promise<JobOutcome>) => {
    while (!stopping) {
      let job: PgBoss.JobWithMetadata<{ taskId: string }> | undefined
      try {
        ;[job] = await boss.fetch<{ taskId: string }>(queue, { includeMetadata: true, batchSize: 1 })
      } catch (error) {
        log.error("job fetch failed", { queue, ...errorFields(error) })
      }
      if (job === undefined) {
        await idle(queue, options.pollMs)
        continue
      }
      let outcome: JobOutcome
      try {
        outcome = await handler({ id: job.id, taskId: job.data.taskId, retryCount: job.retryCount, retryLimit: job.retryLimit })
      } catch (error) {
        log.error("job handler failed", { queue, job: job.id, ...errorFields(error) })
        outcome = { kind: "retry", error: String(error) }
      }
      await settle(queue, job, outcome).catch((error: unknown) => log.error("job settle failed", { queue, job: job.id, ...errorFields(error) }))
    }
  }

  return {
    ensureQueue: async (queue: string, settings: QueueSettings) => {
      if (known.has(queue)) return
      const queueOptions = { name: queue, retryLimit: settings.retryLimit, retryDelay: settings.retryDelaySeconds, retryBackoff: true, expireInSeconds: settings.expireInSeconds }
      if ((await boss.getQueue(queue)) === null) await boss.createQueue(queue, queueOptions)
      else await boss.updateQueue(queue, queueOptions)
      known.add(queue)
    },
    enqueue: async (queue, taskId, tx) => {
      const id = await boss.send(queue, { taskId }, { id: taskId, db: transactionSql(tx) })
      if (id === null) throw new Error(`job ${taskId} is already in queue ${queue}`)
    },
    wake,
    cancel: async (queue, taskId) => {
      await boss.cancel(queue, taskId)
    },
    work: (queue, options, handler) => {
      for (let i = 0; i < Math.max(1, options.concurrency); i++) loops.push(loop(queue, options, handler))
    },
    stop: async (timeoutMs) => {
      stopping = true
      for (const queue of sleepers.keys()) wake(queue)
      let timer: NodeJS.Timeout | undefined
      await Promise.race([Promise.all(loops), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))])
      clearTimeout(timer)
      await boss.stop({ graceful: true, timeout: Math.max(1_000, timeoutMs), wait: true, close: true })
      await queueSql.close()
    }
  }
}
