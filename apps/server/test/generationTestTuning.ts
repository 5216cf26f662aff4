import type { GenerationTuning } from "../src/platform/config.js"

/** Fast pacing for tests: short polls, beats and timeouts. */
export const testTuning = (overrides: Partial<GenerationTuning> = {}): Partial<GenerationTuning> => ({
  pollMs: 50,
  progressMs: 50,
  leaseMs: 60_000,
  recoveryMs: 60_000,
  retryLimit: 2,
  retryDelaySeconds: 1,
  deferSeconds: 1,
  timeoutMs: { quick: 5_000, quick_mj: 5_000, sd: 5_000, agent: 5_000, tool: 5_000 },
  ...overrides
})
