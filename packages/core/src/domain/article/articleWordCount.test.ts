import { describe, expect, it } from "vitest"
import { articleWordCount } from "./articleWordCount.js"

describe("AR4 articleWordCount", () => {
  it.each([
    ["AR4", "empty", "", 0],
    ["AR4", "blank lines", "\n\n  \n", 0],
    ["AR4", "each Chinese character is a word", "米豆绘画", 4],
    ["AR4", "punctuation does not count", "你好，世界！", 4],
    ["AR4", "a run of latin letters is one word", "Stable Diffusion", 2],
    ["AR4", "a version number is one word", "SDXL 1.0", 2],
    ["AR4", "mixed", "用 Tiptap 写文章", 5],
    ["AR4", "heading marks do not count", "## 第一章", 3],
    ["AR4", "emphasis marks do not count", "**加粗** 与 *斜体*", 5],
    ["AR4", "list bullets and numbers do not count", "- 一\n- 二\n1. 三", 3],
    ["AR4", "quote marks do not count", "> 引用", 2],
    ["AR4", "a link counts its text, not its address", "[米豆](https://example.com/a-long/path)", 2],
    ["AR4", "an image counts its alt text only", "![封面](http://127.0.0.1/uploads/a.png)", 2],
    ["AR4", "code fences do not count, code does", "```js\nconst a\n```", 2]
  ] as const)("%s %s", (_rule, _name, markdown, expected) => {
    expect(articleWordCount(markdown)).toBe(expected)
  })
})
