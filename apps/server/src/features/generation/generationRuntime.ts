import type { ServerDeps } from "../../platform/deps.js"
import { errorFields } from "../../platform/errorFields.js"
import { tuningOf } from "./generationTuning.js"
import { queueNameOf, queueSettingsOf } from "./taskQueues.js"
import { recoverStaleTasks } from "./taskRecovery.js"
import { runTaskJob } from "./taskWorker.js"

export interface GenerationWorkers {
  /** Stops the recovery timer; the queue's own stop waits for the running tasks. */
  readonly stop: () => void
}

/**
 * The generation workers of this process: for each engine's queue, as many loops as the engine's
 * concurrency, and the recovery pass (at start, then every recoveryMs) for dead workers' tasks.
 */
export const startGenerationWorkers = async (deps: ServerDeps): Promise<GenerationWorkers> => {
  const tuning = tuningOf(deps.config)
  const concurrency = new Map<string, number>()
  for (const engine of deps.engines.all) {
    const queue = queueNameOf(engine)
    concurrency.set(queue, Math.max(concurrency.get(queue) ?? 0, deps.engines.concurrency(engine)))
  }
  for (const [queue, loops] of concurrency) {
    await deps.jobQueue.ensureQueue(queue, queueSettingsOf(tuning))
    deps.jobQueue.work(queue, { concurrency: loops, pollMs: tuning.pollMs }, (job) => runTaskJob(deps, tuning, job))
  }
  const recover = () => void recoverStaleTasks(deps, tuning.leaseMs).catch((error: unknown) => deps.log.error("generation recovery failed", errorFields(error)))
  recover()
  const timer = setInterval(recover, tuning.recoveryMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
