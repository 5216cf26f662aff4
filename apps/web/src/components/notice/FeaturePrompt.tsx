/** Slot for the community feature prompt (issue 16): filled in by its own change. */
export function FeaturePrompt() {
  return null
}
