import type { AgentParameters } from "./Artwork.js"
import { wellFormed } from "./sameStyle.js"
import { sdPasteText } from "./sdPasteText.js"

/** Where an assistant's drawing can be continued: its prompt in a new /intelligent conversation or on /webui. */
export interface AgentContinuation {
  readonly prompt: string
  /** /intelligent?prompt=…: a new conversation with the prompt in the message box. */
  readonly intelligent: string
  /** /webui?prompt_for_paste=…: the prompt pasted into the SD form (SD3's parameter, without a model). */
  readonly webui: string
}

/**
 * SD12: an agent artwork has no same-style (SD2; spec §2 hides the button) but can be continued with
 * the prompt it was drawn from. The prompt is written the way /webui reads it back (SD7), so the
 * /webui text is sdPasteText of the prompt alone; both addresses are encoded as SD3's are. No prompt
 * (a row made before prompts were kept) gives null: there is nothing to carry.
 */
export const agentContinuation = (parameters: AgentParameters): AgentContinuation | null => {
  const prompt = wellFormed(sdPasteText({ prompt: parameters.prompt ?? "" }))
  if (prompt === "") return null
  const query = encodeURIComponent(prompt)
  return { prompt, intelligent: `/intelligent?prompt=${query}`, webui: `/webui?prompt_for_paste=${query}` }
}
