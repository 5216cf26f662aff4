import type { AssistantExchange, AssistantSend } from "@mido/core"
import { eq } from "drizzle-orm"
import { assistantConversations, assistantMessages, type StoredDrawing } from "../../db/schema/assistant.js"
import { AssistantError, type AssistantReply, type AssistantTurn } from "../../adapters/assistant/assistantPort.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ApiFailure, Codes } from "../../platform/failure.js"
import { taskCost } from "../artworks/taskPricing.js"
import { ownImageKey } from "../generation/taskInputs.js"
import { DEFAULT_TITLE } from "./assistantRefusal.js"
import { historyOf, messageViews } from "./assistantMessages.js"
import { ownConversation } from "./conversations.js"
import { moderateText } from "../moderation/textCheck.js"

const shorten = (text: string, max: number): string => {
  const line = text.replace(/\s+/g, " ").trim()
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`
}

/** The assistant's drawing as stored: an edit only of an image the conversation holds (never an address the model made up). */
const storedDrawing = (reply: AssistantReply, history: ReadonlyArray<AssistantTurn>, attachments: ReadonlyArray<string>, cost: number): StoredDrawing | undefined => {
  const drawing = reply.drawing
  if (drawing === undefined) return undefined
  const known = new Set([...attachments, ...history.flatMap((turn) => turn.imageUrls)])
  const editOf = drawing.editOf !== undefined && known.has(drawing.editOf) ? drawing.editOf : undefined
  return { prompt: drawing.prompt, structured: drawing.structured, ...(editOf === undefined ? {} : { edit_of: editOf }), cost }
}

/**
 * A message to the assistant: the attachments must be the caller's images (R11); the assistant reads
 * the conversation and answers. Nothing is charged here: a drawing is stored as a proposal with its
 * cost (taskCost, the charge's own rule) and drawn only when the user confirms it (assistantDraw.ts).
 * The question and the answer are stored together once the assistant has answered; a failed answer
 * stores nothing, so the user can send the same text again.
 */
export const sendMessage = async (deps: ServerDeps, uid: number, input: AssistantSend): Promise<AssistantExchange> => {
  const conversation = await ownConversation(deps.db, uid, input.conversation_id)
  for (const url of input.image_urls) ownImageKey(deps.config, uid, url)
  // before the model reads it or anything is stored (issue 29)
  await moderateText(deps, uid, "assistant", input.text)
  const history = await historyOf(deps.db, deps.config, conversation.id)
  const reply = await deps.assistant.reply(history, { text: input.text, imageUrls: input.image_urls }).catch((error: unknown) => {
    if (!(error instanceof AssistantError)) throw error
    deps.log.warn("assistant failed", { assistant: deps.assistant.label, error: error.message })
    throw new ApiFailure(Codes.unavailable, error.reason)
  })
  const now = deps.now()
  const cost = reply.drawing === undefined ? 0 : (await taskCost(deps.db, uid, { type: "agent", num: 1 }, now)).points
  const drawing = storedDrawing(reply, history, input.image_urls, cost)
  const rows = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(assistantMessages)
      .values([
        { conversationId: conversation.id, role: "user" as const, text: input.text, imageUrls: input.image_urls, createdAt: now },
        { conversationId: conversation.id, role: "assistant" as const, text: reply.text, engine: deps.assistant.label, drawing: drawing ?? null, createdAt: now }
      ])
      .returning()
    const named = conversation.title === DEFAULT_TITLE && history.length === 0 ? { title: shorten(input.text, 20) } : {}
    await tx.update(assistantConversations).set({ updatedAt: now, lastText: shorten(reply.text, 60), ...named }).where(eq(assistantConversations.id, conversation.id))
    return inserted.sort((a, b) => a.id - b.id)
  })
  const [question, answer] = await messageViews(deps.db, deps.config, rows)
  return { question: question!, answer: answer! }
}
