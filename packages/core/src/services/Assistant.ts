import { Effect } from "effect"
import type { CallError, InputCallError } from "../api/ApiErrors.js"
import { assistantRoutes } from "../api/routes/assistant/assistantRoutes.js"
import type { AssistantConversation, AssistantExchange, AssistantInfo, AssistantMessage } from "../api/schemas/Assistant.js"
import { ApiClient } from "./ApiClient.js"
import { validateInput } from "./validateInput.js"

/** A keyset page: `next_cursor` absent on the last one. */
export interface AssistantPage<A> {
  readonly list: ReadonlyArray<A>
  readonly next_cursor?: string | undefined
}

export interface AssistantShape {
  /** GET /api/v2/assistant/info: who answers (本地演示引擎 or the chat model), who draws, one drawing's cost now. */
  readonly info: () => Effect.Effect<AssistantInfo, CallError>
  /** GET /api/v2/assistant/conversation/list: my conversations, the latest active first. */
  readonly conversations: (cursor?: string) => Effect.Effect<AssistantPage<AssistantConversation>, InputCallError>
  readonly create: () => Effect.Effect<AssistantConversation, InputCallError>
  /** The title checked by the route's schema first (请输入对话名称, 最多 40 个字). */
  readonly rename: (id: number, title: string) => Effect.Effect<AssistantConversation, InputCallError>
  readonly remove: (id: number) => Effect.Effect<{ readonly id: number }, InputCallError>
  /** GET /api/v2/assistant/messages: newest first; pass the last page's next_cursor for older ones. */
  readonly messages: (conversationId: number, cursor?: string) => Effect.Effect<AssistantPage<AssistantMessage>, InputCallError>
  /** POST /api/v2/assistant/send: the text checked first (请输入内容); charges nothing. */
  readonly send: (conversationId: number, text: string, imageUrls: ReadonlyArray<string>) => Effect.Effect<AssistantExchange, InputCallError>
  /** POST /api/v2/assistant/draw: confirms a proposed drawing at the cost the user saw (the charge). */
  readonly draw: (messageId: number, points: number) => Effect.Effect<AssistantMessage, InputCallError>
}

/**
 * The assistant that draws (/intelligent), over the app's ApiClient. In @mido/core/generation (the
 * creation pages' chunk), made like makeGenerationService: no Layer, so nothing of it reaches the first load.
 */
export const makeAssistantService: Effect.Effect<AssistantShape, never, ApiClient> = Effect.map(ApiClient, (api): AssistantShape => {
  const routes = assistantRoutes
  return {
    info: () => api.call(routes.info, {}),
    conversations: (cursor) => Effect.flatMap(validateInput(routes.conversations, { ...(cursor === undefined ? {} : { cursor }), size: "30" }), (input) => api.call(routes.conversations, input)),
    create: () => api.call(routes.create, {}),
    rename: (id, title) => Effect.flatMap(validateInput(routes.rename, { id, title }), (input) => api.call(routes.rename, input)),
    remove: (id) => api.call(routes.remove, { id }),
    messages: (conversationId, cursor) =>
      Effect.flatMap(validateInput(routes.messages, { conversation_id: String(conversationId), ...(cursor === undefined ? {} : { cursor }), size: "30" }), (input) =>
        api.call(routes.messages, input)),
    send: (conversationId, text, imageUrls) =>
      Effect.flatMap(validateInput(routes.send, { conversation_id: conversationId, text, image_urls: [...imageUrls] }), (input) => api.call(routes.send, input)),
    draw: (messageId, points) => api.call(routes.draw, { message_id: messageId, points })
  }
})
