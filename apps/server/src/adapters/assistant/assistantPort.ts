/**
 * The assistant of /intelligent: given the conversation so far and the user's new message, it answers
 * with text and, when the user asks for a picture (or an edit of the last picture or of an attached
 * image), a drawing: the prompt and its structured parts, shown to the user before anything is drawn.
 * Two adapters: the offline prompt composer (rules, says it is the 本地演示引擎) and an
 * OpenAI-compatible chat model (MIDO_ASSISTANT=openai, docs/engines.md).
 */

export interface StructuredPrompt {
  readonly subject: string
  readonly style: string
  readonly composition: string
  readonly lighting: string
}

/** One earlier message: what was said, the images attached (user) or drawn (assistant), and the drawing's parts. */
export interface AssistantTurn {
  readonly role: "user" | "assistant"
  readonly text: string
  readonly imageUrls: ReadonlyArray<string>
  readonly drawing?: { readonly prompt: string; readonly structured: StructuredPrompt }
}

export interface AssistantRequest {
  readonly text: string
  /** images the user attached to this message (addresses of the caller's own uploads or drawings) */
  readonly imageUrls: ReadonlyArray<string>
}

export interface AssistantDrawing {
  readonly prompt: string
  readonly structured: StructuredPrompt
  /** the image to edit: one of the message's attachments or an image drawn earlier in the history */
  readonly editOf?: string
}

export interface AssistantReply {
  readonly text: string
  readonly drawing?: AssistantDrawing
}

/** The assistant could not answer; `reason` is the Chinese message the user sees. */
export class AssistantError extends Error {
  constructor(readonly reason: string, detail?: string) {
    super(detail ?? reason)
  }
}

export interface AssistantPort {
  /** who answers, shown beside every answer: 本地演示引擎, or the chat model's name */
  readonly label: string
  /** true for the rule-based composer: no language model behind it */
  readonly offline: boolean
  /** history oldest first; throws AssistantError */
  readonly reply: (history: ReadonlyArray<AssistantTurn>, message: AssistantRequest, signal?: AbortSignal) => Promise<AssistantReply>
}

/** The image an edit refers to: the message's first attachment, else the latest image in the history. */
export const imageToEdit = (history: ReadonlyArray<AssistantTurn>, message: AssistantRequest): string | undefined =>
  message.imageUrls[0] ?? [...history].reverse().find((turn) => turn.imageUrls.length > 0)?.imageUrls[0]

/** The latest drawing in the history, whose style an edit keeps. */
export const lastDrawing = (history: ReadonlyArray<AssistantTurn>): AssistantTurn["drawing"] => [...history].reverse().find((turn) => turn.drawing !== undefined)?.drawing

/** The drawing that made an image of the history, if one did. */
export const drawingOfImage = (history: ReadonlyArray<AssistantTurn>, url: string): AssistantTurn["drawing"] =>
  history.find((turn) => turn.drawing !== undefined && turn.imageUrls.includes(url))?.drawing
