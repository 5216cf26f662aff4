import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { ArticleDraft, articleDraftKey, isBlankDraft } from "./articleDraft.js"

const blank = { title: "", cover: "", summary: "", circle_id: null, content: "" }

describe("AR5 the local draft", () => {
  it.each([
    ["AR5", "nothing typed", blank, true],
    ["AR5", "only spaces", { ...blank, title: "  ", content: "\n " }, true],
    ["AR5", "a circle alone is not worth keeping", { ...blank, circle_id: 3 }, true],
    ["AR5", "a title", { ...blank, title: "标题" }, false],
    ["AR5", "a cover", { ...blank, cover: "http://x/a.png" }, false],
    ["AR5", "a summary", { ...blank, summary: "摘要" }, false],
    ["AR5", "a body", { ...blank, content: "# 正文" }, false]
  ] as const)("%s %s", (_rule, _name, draft, expected) => {
    expect(isBlankDraft(draft)).toBe(expected)
  })

  it("AR5 one key per account", () => {
    expect(articleDraftKey(7)).toBe("mido.article-draft.7")
    expect(articleDraftKey(7)).not.toBe(articleDraftKey(8))
  })

  it("AR5 a stored value of another shape is not a draft", () => {
    const decode = Schema.decodeUnknownOption(Schema.parseJson(ArticleDraft))
    expect(decode(JSON.stringify({ ...blank, saved_at: 1 }))._tag).toBe("Some")
    expect(decode(JSON.stringify({ title: 1 }))._tag).toBe("None")
    expect(decode("not json")._tag).toBe("None")
  })
})
