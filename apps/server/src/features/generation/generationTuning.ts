import type { GenerationTuning, ServerConfig } from "../../platform/config.js"

const MINUTE = 60_000

/** Production pacing of the generation queue; tests pass shorter ones through ServerConfig.generation. */
export const DEFAULT_TUNING: GenerationTuning = {
  pollMs: 1_000,
  leaseMs: 60_000,
  recoveryMs: 30_000,
  progressMs: 500,
  // MJ and agent engines are slow and queue on their side; SD and tools are minutes at most
  timeoutMs: { quick: 5 * MINUTE, quick_mj: 15 * MINUTE, sd: 10 * MINUTE, agent: 10 * MINUTE, tool: 5 * MINUTE },
  retryLimit: 2,
  retryDelaySeconds: 5,
  deferSeconds: 2
}

export const tuningOf = (config: Pick<ServerConfig, "generation">): GenerationTuning => ({
  ...DEFAULT_TUNING,
  ...config.generation,
  timeoutMs: { ...DEFAULT_TUNING.timeoutMs, ...config.generation?.timeoutMs }
})
