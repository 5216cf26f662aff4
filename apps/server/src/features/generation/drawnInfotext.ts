import { parseInfotext, quoteInfotextValue } from "@mido/core/generation"
import type { TaskSubmit } from "@mido/core/generation"
import type { DrawnWith } from "../../adapters/engine/imageEnginePort.js"

/**
 * What a result's PNG and artwork say about how it was drawn. An engine that writes its own infotext
 * (the WebUI: Model hash, Lora hashes, Version — what its PNG Info tab and sites such as Civitai read to
 * link the resources) keeps it word for word; Mido's fields are added to its parameter line only under
 * labels the engine did not write (Engine, for one). And the task is recorded with the model, sampler
 * and scheduler that really drew, since a WebUI silently swaps an unknown one for its own default.
 */

/** The engine's infotext with Mido's missing fields appended; Mido's own when the engine wrote none it can read. */
export const keptInfotext = (engineText: string | undefined, midoText: string): string => {
  if (engineText === undefined) return midoText
  const engine = parseInfotext(engineText)
  if (Object.keys(engine.params).length === 0) return midoText
  const missing = Object.entries(parseInfotext(midoText).params).filter(([label]) => !Object.hasOwn(engine.params, label))
  if (missing.length === 0) return engineText
  return `${engineText.trimEnd()}, ${missing.map(([label, value]) => `${label}: ${quoteInfotextValue(value)}`).join(", ")}`
}

/** An sd task as it was drawn: the engine's checkpoint, sampler and scheduler where it reports them. */
export const submitAsDrawn = (submit: TaskSubmit, drawn: DrawnWith | undefined): TaskSubmit => {
  if (submit.type !== "sd" || drawn === undefined) return submit
  return {
    ...submit,
    checkpoint: drawn.checkpoint ?? submit.checkpoint,
    sampler: drawn.sampler ?? submit.sampler,
    schedule_type: drawn.scheduler ?? submit.schedule_type
  }
}
