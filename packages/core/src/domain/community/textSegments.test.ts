import { describe, expect, it } from "vitest"
import { replyBody, textSegments, topicHref } from "./textSegments.js"

const people = [{ nickname: "小明", uid: 7 }, { nickname: "Mia", uid: 9 }]

describe("MN5: a comment's text as text, mentions and topics", () => {
  it.each([
    ["plain text", "今天画了只猫", [{ kind: "text", text: "今天画了只猫" }]],
    ["a known person", "@小明 看看这张", [{ kind: "mention", nickname: "小明", uid: 7 }, { kind: "text", text: " 看看这张" }]],
    ["an unknown name stays text", "@路人甲 你好", [{ kind: "text", text: "@路人甲 你好" }]],
    ["the name ends at punctuation", "谢谢@Mia，下次见", [{ kind: "text", text: "谢谢" }, { kind: "mention", nickname: "Mia", uid: 9 }, { kind: "text", text: "，下次见" }]],
    ["a topic", "参加#国风#挑战", [{ kind: "text", text: "参加" }, { kind: "topic", topic: "国风" }, { kind: "text", text: "挑战" }]],
    ["a mention then a topic", "@小明#国风#", [{ kind: "mention", nickname: "小明", uid: 7 }, { kind: "topic", topic: "国风" }]],
    ["a lone # is text", "排名 #1 的作品", [{ kind: "text", text: "排名 #1 的作品" }]],
    ["a topic with a space is text", "#国 风#", [{ kind: "text", text: "#国 风#" }]],
    ["markup stays text (R16)", "<b>@小明</b>", [{ kind: "text", text: "<b>" }, { kind: "mention", nickname: "小明", uid: 7 }, { kind: "text", text: "</b>" }]],
    ["empty", "", []]
  ] as const)("MN5 %s", (_case, text, segments) => {
    expect(textSegments(text, people)).toEqual(segments)
  })
})

describe("MN6: a reply's text without the @ of whom it answers", () => {
  it.each([
    ["@小明 画得真好", "小明", "画得真好"],
    ["@小明画得真好", "小明", "@小明画得真好"],
    ["@小明，画得真好", "小明", "画得真好"],
    ["@小明同学 你好", "小明", "@小明同学 你好"],
    ["画得真好 @小明", "小明", "画得真好 @小明"],
    ["@Mia 画得真好", "小明", "@Mia 画得真好"],
    ["@小明 画得真好", undefined, "@小明 画得真好"],
    ["@小明", "小明", ""]
  ])("MN6 %s (reply to %s) → %s", (text, replyTo, body) => {
    expect(replyBody(text, replyTo)).toBe(body)
  })
})

describe("MN7: a topic's link", () => {
  it("goes to the community feed of its posts", () => {
    expect(topicHref("国风")).toBe("/community?topic=%E5%9B%BD%E9%A3%8E")
  })
})
