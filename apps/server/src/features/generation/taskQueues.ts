import type { QueueSettings } from "../../adapters/queue/jobQueuePort.js"
import type { ImageEngine } from "../../adapters/engine/imageEnginePort.js"
import type { GenerationTuning } from "../../platform/config.js"

/** One queue per kind of engine: its workers share that engine's concurrency. */
export const queueNameOf = (engine: Pick<ImageEngine, "kind">): string => `generation-${engine.kind}`

/**
 * Transient engine errors retry with backoff; a delivery is taken back by the queue (a dead worker's)
 * only well after the longest task timeout, so it never races a live worker (the task row refuses
 * a second run anyway).
 */
export const queueSettingsOf = (tuning: GenerationTuning): QueueSettings => ({
  retryLimit: tuning.retryLimit,
  retryDelaySeconds: tuning.retryDelaySeconds,
  expireInSeconds: Math.ceil(Math.max(...Object.values(tuning.timeoutMs)) / 1000) + 60
})
