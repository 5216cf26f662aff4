import { Schema } from "effect"
import { defineRoute } from "../Route.js"
import { Page } from "../schemas/common.js"
import { MarkReadPayload, MarkReadResult, Message, MessageListQuery } from "../schemas/Message.js"
import { UnreadCounts } from "../schemas/UnreadCounts.js"
import { CDN } from "./examples/artworkSamples.js"
import { sampleUnread } from "./examples/accountSamples.js"

const likeContent = JSON.stringify({
  title: "赞了你的作品",
  content: "画画的阿雪 赞了你的作品《江南烟雨》",
  user_head: `${CDN}/avatar/10086.png`,
  user_uid: 10086,
  user_name: "画画的阿雪",
  cover: `${CDN}/artwork/2026/11/52031.png`,
  type: "artwork",
  target_id: 52031
})

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
    summary: "Unread messages in total and per tab (system, mention, like, follow) for the badge and the drawer.",
    example: { input: {}, data: sampleUnread }
  }),
  list: defineRoute({
    name: "message.list",
    method: "GET",
    path: "/api/v1/user/message/list",
    auth: "required",
    encoding: "query",
    input: MessageListQuery,
    data: Page(Message),
    summary: "One tab of the message drawer, newest first, 20 a page; content is a JSON string read with MessageContentFromString.",
    example: {
      input: { page: "1", size: "20", type: "like" },
      data: { list: [{ id: 7001, type: "like", is_read: 0, created_at: 1795338600, content: likeContent }], total: 7 }
    }
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
      "Marks messages read (designed; spec §4 marks loaded items read): ids, or a whole tab by type (\"all\" for every tab). Answers how many changed and the new counts.",
    example: {
      input: { ids: [7001, 7000] },
      data: { updated: 2, unread: { ...sampleUnread, total: 10, like: 5 } }
    }
  })
} as const
