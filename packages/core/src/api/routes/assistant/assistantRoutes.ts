import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import {
  AssistantConversation,
  AssistantDraw,
  AssistantExchange,
  AssistantInfo,
  AssistantMessage,
  AssistantMessagesQuery,
  AssistantSend,
  ConversationCreate,
  ConversationListQuery,
  ConversationRef,
  ConversationRename
} from "../../schemas/Assistant.js"
import { CursorPage } from "../../schemas/common.js"

/**
 * The assistant that draws (/intelligent; payloads ours). Conversations and messages are kept on the
 * server. A send never moves beans: a request for a picture answers a proposed drawing with its cost,
 * and only `draw` (with the cost the user saw) submits the agent task and charges it.
 */
export const assistantRoutes = {
  info: defineRoute({
    name: "assistant.info",
    method: "GET",
    path: "/api/v2/assistant/info",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: AssistantInfo,
    summary: "Who answers (本地演示引擎 offline, or the configured chat model), who draws, and what one drawing costs the caller now (payload ours)."
  }),
  conversations: defineRoute({
    name: "assistant.conversations",
    method: "GET",
    path: "/api/v2/assistant/conversation/list",
    auth: "required",
    encoding: "query",
    input: ConversationListQuery,
    data: CursorPage(AssistantConversation),
    summary: "The caller's conversations, the latest active first, keyset pages (payload ours)."
  }),
  create: defineRoute({
    name: "assistant.create",
    method: "POST",
    path: "/api/v2/assistant/conversation/create",
    auth: "required",
    encoding: "json",
    input: ConversationCreate,
    data: AssistantConversation,
    summary: "A new empty conversation, titled 新对话 unless a title is given; the first message names it (payload ours)."
  }),
  rename: defineRoute({
    name: "assistant.rename",
    method: "POST",
    path: "/api/v2/assistant/conversation/rename",
    auth: "required",
    encoding: "json",
    input: ConversationRename,
    data: AssistantConversation,
    summary: "Renames one of the caller's conversations (payload ours)."
  }),
  remove: defineRoute({
    name: "assistant.remove",
    method: "POST",
    path: "/api/v2/assistant/conversation/delete",
    auth: "required",
    encoding: "json",
    input: ConversationRef,
    data: ConversationRef,
    summary: "Deletes one of the caller's conversations and its messages; the pictures stay in the asset library (payload ours)."
  }),
  messages: defineRoute({
    name: "assistant.messages",
    method: "GET",
    path: "/api/v2/assistant/messages",
    auth: "required",
    encoding: "query",
    input: AssistantMessagesQuery,
    data: CursorPage(AssistantMessage),
    summary: "A conversation's messages, newest first, keyset pages; a drawing carries its task's state and images (payload ours)."
  }),
  send: defineRoute({
    name: "assistant.send",
    method: "POST",
    path: "/api/v2/assistant/send",
    auth: "required",
    encoding: "json",
    input: AssistantSend,
    data: AssistantExchange,
    summary:
      "Sends a message (with up to 3 attached images of the caller's); the answer is text, or a proposed drawing (structured prompt, cost) that nothing has charged yet (payload ours)."
  }),
  draw: defineRoute({
    name: "assistant.draw",
    method: "POST",
    path: "/api/v2/assistant/draw",
    auth: "required",
    encoding: "json",
    input: AssistantDraw,
    data: AssistantMessage,
    summary:
      "Confirms a proposed drawing at the cost shown: submits the agent task and charges it (米豆不足 refuses); a changed cost is refused with the new one; a second confirm answers the same task (payload ours)."
  })
} as const
