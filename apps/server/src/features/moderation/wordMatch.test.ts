import { describe, expect, it } from "vitest"
import { compileWords, findListedWord, normalizeForMatch } from "./wordMatch.js"

// docs/spec/moderation.md: each row names the rule it proves
describe("MO1–MO3: the form a text is compared in", () => {
  it.each([
    ["MO1 full-width letters", "ＡＢＣ", "abc"],
    ["MO1 full-width digits", "１２３", "123"],
    ["MO1 ideographic space", "Ａ　Ｂ", "ab"],
    ["MO1 circled ideograph", "㊙密", "秘密"],
    ["MO2 case", "BadWord", "badword"],
    ["MO3 inserted spaces", "违 禁 词", "违禁词"],
    ["MO3 inserted symbols", "违-禁_词", "违禁词"],
    ["MO3 Chinese punctuation", "违，禁。词", "违禁词"],
    ["MO3 zero-width space", "违\u200b禁词", "违禁词"],
    ["MO3 emoji in between", "违😀禁词", "违禁词"],
    ["MO3 accents", "Café", "cafe"],
    ["MO3 long-vowel mark as a dash", "违ｰ禁ー词", "违禁词"],
    ["MO3 only symbols", "!!! …", ""]
  ])("%s: %s → %s", (_rule, text, form) => {
    expect(normalizeForMatch(text)).toBe(form)
  })
})

describe("MO4–MO5: finding a listed word", () => {
  const list = compileWords(["违禁词", "ＢＡＤ word", "  ", "---"])

  it("MO4 a word is stored in the same form; a word of only symbols matches nothing", () => {
    expect(list.forms).toEqual(["违禁词", "badword"])
  })

  it.each([
    ["MO5 plain", "这里有违禁词", "违禁词"],
    ["MO5 spaced and dashed", "画一个 违 禁-词 的场景", "违禁词"],
    ["MO5 full-width and case", "ｂａｄ　ＷＯＲＤ here", "badword"],
    ["MO5 split by punctuation", "b.a.d-w.o.r.d", "badword"]
  ])("%s: %s", (_rule, text, found) => {
    expect(findListedWord(list, text)).toBe(found)
  })

  it.each([
    ["MO5 a clean text", "一只可爱的猫"],
    ["MO5 part of a word only", "违禁"],
    ["MO5 an empty text", "   "]
  ])("%s passes: %s", (_rule, text) => {
    expect(findListedWord(list, text)).toBeUndefined()
  })
})
