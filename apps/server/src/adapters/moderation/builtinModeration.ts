import type { ContentModeration } from "./contentModerationPort.js"

const PASS = { verdict: "pass" as const, labels: [] }

/**
 * MIDO_MODERATION=builtin (the default): no outside opinion. Texts are checked by the operator's word
 * list alone (features/moderation, before this port); images pass, as no local model judges them.
 */
export const builtinModeration = (): ContentModeration => ({
  label: "builtin",
  checkText: async () => PASS,
  checkImage: async () => PASS
})
