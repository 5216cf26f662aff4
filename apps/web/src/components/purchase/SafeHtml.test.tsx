import { render } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { SafeHtml } from "./SafeHtml"

// R15: a plan's benefit lists are HTML from the server; only list tags and their text reach the page
describe("SafeHtml (a plan's content / exclusive lists, R15)", () => {
  it.each([
    ["a list stays a list", "<ul><li>赠送 500 米豆</li><li><strong>AI 工具箱全部解锁</strong></li></ul>", "<ul><li>赠送 500 米豆</li><li><strong>AI 工具箱全部解锁</strong></li></ul>"],
    ["scripts go", "<ul><li>a</li></ul><script>alert(1)</script>", "<ul><li>a</li></ul>"],
    ["handlers and images go", "<ul><li onclick=\"alert(1)\">a<img src=x onerror=alert(1)></li></ul>", "<ul><li>a</li></ul>"],
    ["links keep their text only", "<ul><li><a href=\"javascript:alert(1)\">领取</a></li></ul>", "<ul><li>领取</li></ul>"],
    ["styles and classes go", "<ul style=\"position:fixed\"><li class=\"x\">a</li></ul>", "<ul><li>a</li></ul>"],
    ["iframes go with what is inside", "<iframe src=\"https://evil.example\"></iframe><ul><li>a</li></ul>", "<ul><li>a</li></ul>"]
  ])("%s", (_name, html, shown) => {
    const { getByTestId } = render(<SafeHtml html={html} testId="benefits" />)
    expect(getByTestId("benefits").innerHTML).toBe(shown)
  })
})
