import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { emptyMessageContent, parseMessageContent } from "./parseMessageContent.js"

const full = {
  title: "系统通知",
  content: "你的作品已通过审核",
  jump_url: "https://ok.example.com/a",
  user_head: "https://cdn.example.com/h.png",
  user_uid: "u1",
  user_name: "小米",
  cover: "https://cdn.example.com/c.png",
  sub_content: "子内容",
  reply_content: "回复",
  type: "1",
  target_id: "42",
  sub_id: "7"
}

type Row = readonly [rule: string, name: string, raw: unknown, expected: unknown]

const rows: ReadonlyArray<Row> = [
  ["MS1", "every field", JSON.stringify(full), { ...full, parsed: true }],
  ["MS1", "missing fields are empty", JSON.stringify({ title: "仅标题" }), { ...emptyMessageContent, title: "仅标题", parsed: true }],
  ["MS1", "numbers become text", JSON.stringify({ type: 2, target_id: 12345, sub_id: 0 }), { ...emptyMessageContent, type: "2", target_id: "12345", sub_id: "0", parsed: true }],
  ["MS1", "booleans become text", JSON.stringify({ title: true }), { ...emptyMessageContent, title: "true", parsed: true }],
  ["MS1", "null, objects and arrays become empty", JSON.stringify({ title: null, content: { a: 1 }, cover: [1] }), { ...emptyMessageContent, parsed: true }],
  ["MS1", "unknown fields are ignored", JSON.stringify({ title: "t", extra: "x" }), { ...emptyMessageContent, title: "t", parsed: true }],
  ["MS1", "an already decoded object", { title: "t", target_id: 9 }, { ...emptyMessageContent, title: "t", target_id: "9", parsed: true }],
  ["MS1", "a __proto__ key changes nothing", '{"__proto__": {"title": "x"}, "content": "c"}', { ...emptyMessageContent, content: "c", parsed: true }],
  ["MS1", "bad JSON", "{not json", emptyMessageContent],
  ["MS1", "empty string", "", emptyMessageContent],
  ["MS1", "a JSON array", "[1,2]", emptyMessageContent],
  ["MS1", "a JSON string", '"hello"', emptyMessageContent],
  ["MS1", "JSON null", "null", emptyMessageContent],
  ["MS1", "a JSON number", "42", emptyMessageContent],
  ["MS1", "undefined", undefined, emptyMessageContent],
  ["MS1", "null", null, emptyMessageContent],
  ["MS1", "a number", 7, emptyMessageContent]
]

describe("MS1 message content (spec §3, R14)", () => {
  it.each(rows)("%s %s", (_rule, _name, raw, expected) => {
    expect(parseMessageContent(raw)).toEqual(expected)
  })

  it("MS1 never throws and always gives twelve text fields", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (raw) => {
        const parsed = parseMessageContent(raw)
        return Object.keys(parsed).length === 13 && Object.entries(parsed).every(([key, value]) => key === "parsed" || typeof value === "string")
      })
    )
  })
})
