import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { emptyMessageContent } from "../../domain/message/parseMessageContent.js"
import { MessageContentFromString } from "../schemas/MessageContent.js"
import { messageRoutes } from "./messageRoutes.js"
import { messageExamples } from "../examples/messageExamples.js"
import { describeRoutes } from "../../testing/describeRoutes.js"

describeRoutes("message", messageRoutes, messageExamples, {
  unreadCount: {
    malformed: [{ total: 1 }, { total: -1, system: 0, mention: 0, like: 0, follow: 0 }, { total: "3", system: 0, mention: 0, like: 0, follow: 0 }]
  },
  list: {
    malformed: [
      { list: [{ id: 1, type: "comment", is_read: 0, created_at: 1795338600, content: "{}" }], total: 1 },
      { list: [{ id: 1, type: "like", is_read: 2, created_at: 1795338600, content: "{}" }], total: 1 },
      { list: [] }
    ],
    badInputs: [{ page: "1" }, { type: "comment" }, { type: "like", page: "0" }, { type: "like", size: "500" }]
  },
  read: {
    malformed: [{ updated: 1 }, { updated: -1, unread: { total: 0, system: 0, mention: 0, like: 0, follow: 0 } }],
    badInputs: [{}, { ids: [] }, { ids: [-1] }, { ids: [1], type: "like" }, { type: "comment" }]
  }
})

describe("message content", () => {
  const decode = Schema.decodeUnknownSync(MessageContentFromString)

  it("reads the content JSON string, ids as text", () => {
    const content = decode(JSON.stringify({ title: "系统通知", jump_url: "https://mido.example.com/invite-info", target_id: 52031 }))
    expect(content).toMatchObject({ title: "系统通知", jump_url: "https://mido.example.com/invite-info", target_id: "52031", cover: "", parsed: true })
  })

  it("never fails on bad JSON or a non-object (R14): empty fields, parsed false", () => {
    for (const raw of ["{not json", "", "null", "[1,2]", "\"text\"", "42"]) expect(decode(raw)).toEqual(emptyMessageContent)
  })

  it("a message whose content is not a string still decodes", () => {
    const page = Schema.decodeUnknownSync(messageRoutes.list.data)({
      list: [
        { id: 1, type: "system", is_read: 1, created_at: 1795338600, content: { title: "欢迎" } },
        { id: 2, type: "system", is_read: 0, created_at: 1795338600, content: null }
      ],
      total: 2
    })
    expect(page.list.map((message) => decode(message.content).title)).toEqual(["欢迎", ""])
  })

  it("encodes only the fields that are set", () => {
    const content = { ...emptyMessageContent, parsed: true, title: "关注了你", user_uid: "10086" }
    expect(JSON.parse(Schema.encodeSync(MessageContentFromString)(content))).toEqual({ title: "关注了你", user_uid: "10086" })
  })
})
