import { Schema } from "effect"
import { MESSAGE_TABS, type MessageTab } from "../../domain/message/unreadCounts.js"
import { Id, PageQuery, UnixSeconds } from "./common.js"
import { IdBatch } from "./IdBatch.js"
import { UnreadCounts } from "./UnreadCounts.js"

/** The four kinds of message, one drawer tab each (spec §2). */
export const MessageType = Schema.Literal(...MESSAGE_TABS) satisfies Schema.Schema<MessageTab>
export type MessageType = typeof MessageType.Type

/**
 * The `content` field as text whatever the sender did: a string stays as it is, an object a sender
 * forgot to stringify becomes its JSON, null or absent becomes "". It never fails, so one odd message
 * cannot break the drawer (read it with MessageContentFromString).
 */
const ContentText = Schema.transform(Schema.Unknown, Schema.String, {
  strict: true,
  decode: (raw) => (typeof raw === "string" ? raw : raw === null || raw === undefined ? "" : (JSON.stringify(raw) ?? "")),
  encode: (text) => text
}).annotations({ description: "a JSON string (see MessageContentJson); decode it with MessageContentFromString" })

/** One message of the drawer (spec §3). */
export const Message = Schema.Struct({
  id: Id,
  type: MessageType,
  is_read: Schema.Literal(0, 1).annotations({ description: "1 read, 0 unread" }),
  created_at: UnixSeconds,
  content: ContentText
})
export type Message = typeof Message.Type

/** GET /api/v1/user/message/list query: pages of 20 per tab (spec §7, §9). */
export const MessageListQuery = Schema.Struct({ ...PageQuery.fields, type: MessageType })
export type MessageListQuery = typeof MessageListQuery.Type

/**
 * POST /api/v1/user/message/read (designed; spec §4 marks loaded items and fixed-notice cards read):
 * either the ids of messages the user has seen, or a type to mark a whole tab ("all" for every tab).
 * The server only touches the caller's own messages (R11); unknown or foreign ids are skipped.
 */
export const MarkReadPayload = Schema.Struct({
  ids: Schema.optional(IdBatch(Id, 100)),
  type: Schema.optional(Schema.Literal(...MESSAGE_TABS, "all"))
}).pipe(
  Schema.filter((payload) => (payload.ids === undefined) !== (payload.type === undefined) || "请指定要标记为已读的消息")
)
export type MarkReadPayload = typeof MarkReadPayload.Type

export const MarkReadResult = Schema.Struct({
  updated: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "messages that changed from unread to read" }),
  unread: UnreadCounts.annotations({ description: "the counts after marking, for the badge" })
})
export type MarkReadResult = typeof MarkReadResult.Type
