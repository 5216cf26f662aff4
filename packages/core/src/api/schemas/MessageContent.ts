import { Schema } from "effect"
import { MESSAGE_CONTENT_FIELDS, type MessageContent as DomainMessageContent, parseMessageContent } from "../../domain/message/parseMessageContent.js"

const text = (description: string) =>
  Schema.optional(Schema.Union(Schema.String, Schema.Number)).annotations({ description })

/**
 * The JSON object inside a message's `content` string (spec §3), as a sender writes it. Every field
 * is optional; ids may be numbers or text. Documentation of the shape: reading goes through
 * MessageContentFromString, which never fails.
 */
export const MessageContentJson = Schema.Struct({
  title: text("headline, e.g. 系统通知"),
  content: text("body text; plain text, never HTML (R16)"),
  jump_url: text("link for system messages: clickable only for https or same-site paths (R14)"),
  user_head: text("avatar of the user who acted (like, follow, mention)"),
  user_uid: text("uid of the user who acted"),
  user_name: text("nickname of the user who acted"),
  cover: text("cover image of the artwork or post concerned"),
  sub_content: text("secondary line, e.g. the artwork title"),
  reply_content: text("the reply text of a mention"),
  type: text("what the target is, e.g. artwork, post, comment"),
  target_id: text("id of the artwork or post concerned"),
  sub_id: text("id inside the target, e.g. the comment")
})
export type MessageContentJson = typeof MessageContentJson.Type

/**
 * A message's content, read (domain MessageContent, MS1): every field as text, "" when absent, and
 * `parsed` false when the string was not a JSON object (the UI then shows it as plain text, R14).
 */
export const MessageContent = Schema.Struct({
  title: Schema.String,
  content: Schema.String,
  jump_url: Schema.String,
  user_head: Schema.String,
  user_uid: Schema.String,
  user_name: Schema.String,
  cover: Schema.String,
  sub_content: Schema.String,
  reply_content: Schema.String,
  type: Schema.String,
  target_id: Schema.String,
  sub_id: Schema.String,
  parsed: Schema.Boolean
}) satisfies Schema.Schema<DomainMessageContent>
export type MessageContent = typeof MessageContent.Type

/**
 * The content JSON string ⇄ MessageContent. Decoding is the domain's parseMessageContent: bad JSON
 * or a non-object gives empty fields and parsed false, never a decode failure. Encoding (the server
 * writing a message) keeps only the non-empty fields.
 */
export const MessageContentFromString = Schema.transform(Schema.String, MessageContent, {
  strict: true,
  decode: (raw): DomainMessageContent => parseMessageContent(raw),
  encode: (content) =>
    JSON.stringify(Object.fromEntries(MESSAGE_CONTENT_FIELDS.filter((field) => content[field] !== "").map((field) => [field, content[field]])))
})
