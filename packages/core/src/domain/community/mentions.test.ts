import { describe, expect, it } from "vitest"
import { completeMention, isMentionable, mentionAtCaret, mentionedNicknames, suggestMentions } from "./mentions.js"

describe("MN1: the nicknames a text mentions", () => {
  it.each([
    ["画得真好 @小明 和 @阿花", ["小明", "阿花"]],
    ["@小明，你看", ["小明"]],
    ["@小明@阿花", ["小明", "阿花"]],
    ["@小明 @小明 again", ["小明"]],
    ["mail me: a@b.com", ["b"]],
    ["@ 空格不是名字", []],
    [`@${"长".repeat(25)}`, ["长".repeat(20)]],
    ["没有提到谁", []]
  ])("%s → %j", (text, names) => {
    expect(mentionedNicknames(text)).toEqual(names)
  })

  it("names at most 10 people", () => {
    const text = Array.from({ length: 12 }, (_, index) => `@用户${index}`).join(" ")
    expect(mentionedNicknames(text)).toHaveLength(10)
  })

  it.each([
    ["小明", true],
    ["Mido_画师", true],
    ["有 空格", false],
    ["逗号，", false],
    ["", false],
    ["长".repeat(21), false]
  ])("a mention can carry %j whole: %s", (nickname, whole) => {
    expect(isMentionable(nickname)).toBe(whole)
  })
})

describe("MN2: the mention being typed at the caret", () => {
  it.each([
    ["@", 1, { start: 0, query: "" }],
    ["@小", 2, { start: 0, query: "小" }],
    ["你好 @小明", 6, { start: 3, query: "小明" }],
    ["你好@小明", 5, { start: 2, query: "小明" }],
    ["，@阿", 3, { start: 1, query: "阿" }],
    ["@小明 ", 4, undefined],
    ["@小明 后面", 2, { start: 0, query: "小" }],
    ["mail a@b", 8, { start: 6, query: "b" }],
    ["没有", 2, undefined],
    ["😀 @花", 5, { start: 3, query: "花" }],
    [`@${"长".repeat(21)}`, 22, undefined]
  ] as const)("%j with the caret at %i → %j", (text, caret, expected) => {
    expect(mentionAtCaret(text, caret)).toEqual(expected)
  })
})

describe("MN3: whom to offer", () => {
  const people = [{ nickname: "小明" }, { nickname: "阿明" }, { nickname: "Mido画师" }, { nickname: "有 空格" }, { nickname: "小花" }, { nickname: "明月" }]
  it.each([
    ["", ["小明", "阿明", "Mido画师", "小花", "明月"]],
    ["明", ["明月", "小明", "阿明"]],
    ["阿", ["阿明"]],
    ["小", ["小明", "小花"]],
    ["mido", ["Mido画师"]],
    ["没人", []]
  ])("query %j → %j", (query, names) => {
    expect(suggestMentions(people, query).map((person) => person.nickname)).toEqual(names)
  })

  it("offers at most the limit", () => {
    expect(suggestMentions(Array.from({ length: 20 }, (_, index) => ({ nickname: `用户${index}` })), "用户", 8)).toHaveLength(8)
  })
})

describe("MN4: completing the mention", () => {
  it.each([
    ["@小", 2, "小明", { text: "@小明 ", caret: 4 }],
    ["你好 @", 4, "小明", { text: "你好 @小明 ", caret: 7 }],
    ["@小 看这里", 2, "小明", { text: "@小明 看这里", caret: 4 }],
    ["@小看这里", 2, "小明", { text: "@小明 看这里", caret: 4 }]
  ] as const)("%j (caret %i) + %s → %j", (text, caret, nickname, expected) => {
    const mention = mentionAtCaret(text, caret)!
    const done = completeMention(text, mention, caret, nickname)
    expect(done).toEqual(expected)
    expect(mentionedNicknames(done.text)).toContain(nickname)
  })
})
