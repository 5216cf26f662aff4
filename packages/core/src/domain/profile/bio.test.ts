import { describe, expect, it } from "vitest"
import { BIO_MAX_CHARS, bioLength, bioProblem, normalizeBio } from "./bio.js"

describe("normalizeBio (PB1)", () => {
  const rows: ReadonlyArray<readonly [rule: string, name: string, typed: string, bio: string]> = [
    ["PB1", "trimmed", "  喜欢画猫  ", "喜欢画猫"],
    ["PB1", "ideographic spaces trimmed too", "\u3000喜欢画猫\u3000", "喜欢画猫"],
    ["PB1", "an empty bio stays empty", "   ", ""],
    ["PB1", "Windows line ends", "插画师\r\n米豆AI 早期用户", "插画师\n米豆AI 早期用户"],
    ["PB1", "old Mac line ends", "插画师\r米豆", "插画师\n米豆"],
    ["PB1", "blank lines dropped", "第一行\n\n\n\n第二行", "第一行\n第二行"],
    ["PB1", "each line trimmed", "第一行   \n   第二行", "第一行\n第二行"],
    ["PB1", "a tab is a space", "水彩\t风景", "水彩 风景"],
    ["PB1", "other control characters go", "水\u0007彩\u001b风\u0085景", "水彩风景"],
    ["PB1", "emoji and marks are kept", "🐱 Café", "🐱 Café"]
  ]
  it.each(rows)("%s %s", (_rule, _name, typed, bio) => {
    expect(normalizeBio(typed)).toBe(bio)
  })
})

describe("bioLength and bioProblem (PB2)", () => {
  const rows: ReadonlyArray<readonly [rule: string, name: string, bio: string, length: number, problem: string | undefined]> = [
    ["PB2", "empty", "", 0, undefined],
    ["PB2", "100 Chinese characters fit", "画".repeat(100), 100, undefined],
    ["PB2", "101 are too many", "画".repeat(101), 101, "个人简介不能超过 100 个字"],
    ["PB2", "an emoji is one character, not two UTF-16 units", "😀".repeat(100), 100, undefined],
    ["PB2", "a family emoji is one character", "👨‍👩‍👧".repeat(100), 100, undefined],
    ["PB2", "a flag is one character", "🇨🇳", 1, undefined],
    ["PB2", "a combining accent belongs to its letter", "e\u0301", 1, undefined],
    ["PB2", "a line break counts as one", "画\n画", 3, undefined],
    ["PB2", "three lines fit", "一\n二\n三", 5, undefined],
    ["PB2", "four lines do not", "一\n二\n三\n四", 7, "个人简介最多 3 行"]
  ]
  it.each(rows)("%s %s", (_rule, _name, bio, length, problem) => {
    expect(bioLength(bio)).toBe(length)
    expect(bioProblem(bio)).toBe(problem)
  })

  it("PB2 the limit is the one the message names", () => {
    expect(bioProblem("a".repeat(BIO_MAX_CHARS + 1))).toContain(String(BIO_MAX_CHARS))
  })
})
