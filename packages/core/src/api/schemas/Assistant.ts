import { Schema } from "effect"
import { Beans } from "./Balance.js"
import { DateTimeText, Id, QueryInt } from "./common.js"
import { Cursor } from "./textFields.js"
import { TaskView } from "./TaskView.js"

/**
 * The assistant that draws (/intelligent, designed: the spec names the page, not its calls).
 * Conversations and their messages live on the server; a drawing the assistant proposes carries its
 * structured prompt and its cost, and becomes an agent task only when the user confirms that cost.
 */

const ImageUrl = Schema.String.pipe(Schema.minLength(1, { message: () => "请先上传图片" }), Schema.maxLength(1000))

export const ConversationTitle = Schema.String.pipe(
  Schema.filter((value) => value.trim() !== "" || "请输入对话名称"),
  Schema.maxLength(40, { message: () => "对话名称最多 40 个字" })
)

export const AssistantConversation = Schema.Struct({
  id: Id,
  title: Schema.String,
  last_text: Schema.String.annotations({ description: "the latest message's text (shortened), \"\" when empty" }),
  created_at: DateTimeText,
  updated_at: DateTimeText.annotations({ description: "the latest message's time; the list is newest first by it" })
})
export type AssistantConversation = typeof AssistantConversation.Type

/** What the assistant made of a request for a picture, shown to the user as a small card. */
export const StructuredPrompt = Schema.Struct({
  subject: Schema.String.annotations({ description: "主体: what is drawn" }),
  style: Schema.String.annotations({ description: "风格" }),
  composition: Schema.String.annotations({ description: "构图" }),
  lighting: Schema.String.annotations({ description: "光线" })
})
export type StructuredPrompt = typeof StructuredPrompt.Type

export const AssistantDrawing = Schema.Struct({
  prompt: Schema.String.annotations({ description: "the prompt the agent task draws" }),
  structured: StructuredPrompt,
  edit_of: Schema.optional(Schema.String).annotations({ description: "the image this drawing edits (the last picture or an attachment)" }),
  cost: Beans.annotations({ description: "beans the drawing costs, shown before the user confirms (消耗 N 米豆)" }),
  task: Schema.optional(TaskView).annotations({ description: "the agent task, once confirmed: its state, images, refund" })
})
export type AssistantDrawing = typeof AssistantDrawing.Type

export const AssistantRole = Schema.Literal("user", "assistant")
export type AssistantRole = typeof AssistantRole.Type

export const AssistantMessage = Schema.Struct({
  id: Id,
  conversation_id: Id,
  role: AssistantRole,
  text: Schema.String,
  image_urls: Schema.Array(Schema.String).annotations({ description: "user: the attached images" }),
  drawing: Schema.optional(AssistantDrawing).annotations({ description: "assistant: the picture it proposes or drew" }),
  engine: Schema.optional(Schema.String).annotations({ description: "assistant: who answered, e.g. 本地演示引擎 or the chat model" }),
  created_at: DateTimeText
})
export type AssistantMessage = typeof AssistantMessage.Type

export const ConversationListQuery = Schema.Struct({
  cursor: Schema.optional(Cursor),
  size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 50)), { default: () => 20 })
})

export const ConversationCreate = Schema.Struct({ title: Schema.optional(ConversationTitle) })
export const ConversationRename = Schema.Struct({ id: Id, title: ConversationTitle })
export const ConversationRef = Schema.Struct({ id: Id })

/** A conversation's messages, newest first (keyset on the message id); the page shows them oldest first. */
export const AssistantMessagesQuery = Schema.Struct({
  conversation_id: QueryInt.pipe(Schema.positive()),
  cursor: Schema.optional(Cursor),
  size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 50)), { default: () => 30 })
})

export const AssistantSend = Schema.Struct({
  conversation_id: Id,
  text: Schema.String.pipe(
    Schema.filter((value) => value.trim() !== "" || "请输入内容"),
    Schema.maxLength(2000, { message: () => "消息最多 2000 个字" })
  ),
  image_urls: Schema.optionalWith(Schema.Array(ImageUrl).pipe(Schema.maxItems(3, { message: () => "每条消息最多附 3 张图片" })), { default: () => [] })
})
export type AssistantSend = typeof AssistantSend.Type

/** The user's message as stored and the assistant's answer (a text, or a drawing awaiting confirmation). */
export const AssistantExchange = Schema.Struct({ question: AssistantMessage, answer: AssistantMessage })
export type AssistantExchange = typeof AssistantExchange.Type

/** Confirms a proposed drawing at the cost the user saw; a different current cost is refused with the new one. */
export const AssistantDraw = Schema.Struct({
  message_id: Id,
  points: Beans.annotations({ description: "the cost the user was shown (消耗 N 米豆)" })
})

export const AssistantInfo = Schema.Struct({
  engine: Schema.String.annotations({ description: "who answers: 本地演示引擎 offline, else the chat model" }),
  offline: Schema.Boolean.annotations({ description: "true: the rule-based prompt composer, not a language model" }),
  draw_engine: Schema.String.annotations({ description: "who draws agent tasks" }),
  cost: Beans.annotations({ description: "what one drawing costs this user now" })
})
export type AssistantInfo = typeof AssistantInfo.Type
