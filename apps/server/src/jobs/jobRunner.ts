import { randomBytes } from "node:crypto"
import { hostname } from "node:os"
import type { Db } from "../db/database.js"
import type { Log } from "../platform/log.js"
import { errorFields, errorMessage } from "../platform/errorFields.js"
import { claimJob, dueJobs, finishJob, registerJobs } from "./jobStore.js"

/**
 * The database-backed job runner (issue 4 "stateless"): every process runs one, ticking on an
 * interval; a tick runs each due job whose lease it wins (jobStore.ts), records the outcome and sets
 * the next run. A failing job is recorded and retried at its next run; nothing a job or the database
 * does escapes the runner, so it never takes the process down. `stop` lets the run in flight finish.
 */
export interface JobDefinition {
  readonly name: string
  readonly intervalMs: number
  /** How long a run may take before another process may take the job over (default 5 min). */
  readonly leaseMs?: number
  /** When the job is next due after a run at `now` (and first due); default: now, then now + intervalMs. */
  readonly schedule?: (now: Date) => Date
  /** The work; `now` is the runner's clock. Counts it answers (e.g. `{ closed: 2 }`) go to the log when not zero. */
  readonly run: (now: Date) => Promise<unknown>
}

export interface JobRunnerDeps {
  readonly db: Db
  readonly now: () => Date
  readonly log: Log
}

export interface JobOutcome {
  readonly name: string
  readonly ok: boolean
  readonly result?: unknown
  readonly error?: string
}

export interface JobRunner {
  /** Identifies this process in the jobs table's lease_owner column. */
  readonly owner: string
  /** Runs every due job this runner wins, once; answers what ran. Never throws. */
  readonly tick: () => Promise<ReadonlyArray<JobOutcome>>
  /** Ticks now and then every `tickMs` until stopped. */
  readonly start: () => void
  /** No new ticks; waits for the one in flight (at most `stopWaitMs`). */
  readonly stop: () => Promise<void>
}

export const DEFAULT_TICK_MS = 5_000
export const DEFAULT_LEASE_MS = 5 * 60_000


/** A run is logged when it did something: a count above zero in what it answered (quiet runs stay out of the log). */
const didSomething = (result: unknown) =>
  typeof result === "object" && result !== null && Object.values(result).some((value) => typeof value === "number" && value > 0)

export const makeJobRunner = (
  deps: JobRunnerDeps,
  definitions: ReadonlyArray<JobDefinition>,
  options: { readonly tickMs?: number; readonly owner?: string; readonly stopWaitMs?: number } = {}
): JobRunner => {
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`
  const byName = new Map(definitions.map((job) => [job.name, job]))
  const nextAfter = (job: JobDefinition, now: Date) => (job.schedule ? job.schedule(now) : new Date(now.getTime() + job.intervalMs))
  let registered = false

  const runOne = async (job: JobDefinition): Promise<JobOutcome | undefined> => {
    const startedAt = deps.now()
    if (!(await claimJob(deps.db, job.name, owner, startedAt, job.leaseMs ?? DEFAULT_LEASE_MS))) return undefined
    let outcome: JobOutcome
    try {
      outcome = { name: job.name, ok: true, result: await job.run(startedAt) }
    } catch (error) {
      outcome = { name: job.name, ok: false, error: errorMessage(error) }
      deps.log.error("job failed", { job: job.name, ...errorFields(error) })
    }
    const finishedAt = deps.now()
    const kept = await finishJob(deps.db, { name: job.name, owner, finishedAt, nextRunAt: nextAfter(job, finishedAt), error: outcome.error })
    if (!kept) deps.log.warn("job outlived its lease; another process may have run it too", { job: job.name })
    if (outcome.ok && didSomething(outcome.result)) deps.log.info("job ran", { job: job.name, result: outcome.result })
    return outcome
  }

  const tick = async (): Promise<ReadonlyArray<JobOutcome>> => {
    const outcomes: Array<JobOutcome> = []
    try {
      if (!registered) {
        const now = deps.now()
        await registerJobs(deps.db, definitions.map((job) => ({ name: job.name, intervalMs: job.intervalMs, firstRunAt: job.schedule ? job.schedule(now) : now })))
        registered = true
      }
      for (const name of await dueJobs(deps.db, [...byName.keys()], deps.now())) {
        const job = byName.get(name)
        if (job === undefined) continue
        try {
          const outcome = await runOne(job)
          if (outcome !== undefined) outcomes.push(outcome)
        } catch (error) {
          // the claim or the bookkeeping failed (database down): the lease expires, the next tick retries
          deps.log.error("job bookkeeping failed", { job: name, error: errorMessage(error) })
        }
      }
    } catch (error) {
      deps.log.error("job tick failed", { error: errorMessage(error) })
    }
    return outcomes
  }

  let timer: ReturnType<typeof setInterval> | undefined
  let inFlight: Promise<unknown> | undefined
  let stopped = false
  const fire = () => {
    if (stopped || inFlight !== undefined) return
    inFlight = tick().finally(() => {
      inFlight = undefined
    })
  }

  return {
    owner,
    tick,
    start: () => {
      if (timer !== undefined || stopped) return
      timer = setInterval(fire, options.tickMs ?? DEFAULT_TICK_MS)
      // the runner alone never keeps the process alive
      timer.unref()
      fire()
    },
    stop: async () => {
      stopped = true
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
      if (inFlight === undefined) return
      let waited: ReturnType<typeof setTimeout> | undefined
      await Promise.race([inFlight, new Promise((resolve) => (waited = setTimeout(resolve, options.stopWaitMs ?? 15_000)))])
      clearTimeout(waited)
    }
  }
}
