import { Schema } from "effect"
import { defineRoute } from "../Route.js"
import { Page } from "../schemas/common.js"
import { MarkReadPayload, MarkReadResult, Message, MessageListQuery } from "../schemas/Message.js"
import { UnreadCounts } from "../schemas/UnreadCounts.js"

/** Spec §7 "Messages", plus marking read (designed). Only the caller's own messages are ever touched (R11). */
export const messageRoutes = {
  unreadCount: defineRoute({
    name: "message.unreadCount",
    method: "GET",
    path: "/api/v1/user/message/unread_count",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: UnreadCounts,
    summary: "Unread messages in total and per tab (system, mention, like, follow) for the badge and the drawer."
  }),
  list: defineRoute({
    name: "message.list",
    method: "GET",
    path: "/api/v1/user/message/list",
    auth: "required",
    encoding: "query",
    input: MessageListQuery,
    data: Page(Message),
    summary: "One tab of the message drawer, newest first, 20 a page; content is a JSON string read with MessageContentFromString."
  }),
  read: defineRoute({
    name: "message.read",
    method: "POST",
    path: "/api/v1/user/message/read",
    auth: "required",
    encoding: "json",
    input: MarkReadPayload,
    data: MarkReadResult,
    summary:
      "Marks messages read (designed; spec §4 marks loaded items read): ids, or a whole tab by type (\"all\" for every tab). Answers how many changed and the new counts."
  })
} as const
