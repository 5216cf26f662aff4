import { afterEach, describe, expect, it } from "vitest"
import { takeInlinedFirstPage } from "./inlinedFirstPage"

// ADR 0028: the visitor's first feed page the server writes into the HTML of /list.

const card = {
  id: 7,
  type: "sd",
  cover: "http://127.0.0.1:8081/uploads/seed/drawn-art-0.jpg",
  width: 768,
  height: 1024,
  created_at: 1_780_000_000,
  title: "</script>",
  stat: { comment_count: 0, favorite_count: 0, like_count: 3, share_count: 0, view_count: 0 },
  user_avatar: "",
  user_name: "画师",
  user_uid: 2,
  is_like: false
}

/** The element as the server writes it (its JSON escapes "<", as scriptSafeJson does). */
const inline = (text: string) => {
  const element = document.createElement("script")
  element.type = "application/json"
  element.id = "mido-square-first-page"
  element.textContent = text
  document.head.append(element)
}

afterEach(() => document.getElementById("mido-square-first-page")?.remove())

describe("takeInlinedFirstPage", () => {
  it("answers the page of the server's envelope once, and removes the element", () => {
    inline(JSON.stringify({ code: 0, msg: "success", data: { list: [card], next_cursor: "1780000000000000.7" } }).replace(/</g, "\\u003c"))
    expect(takeInlinedFirstPage()).toEqual({ list: [card], next_cursor: "1780000000000000.7" })
    expect(document.getElementById("mido-square-first-page")).toBeNull()
    expect(takeInlinedFirstPage()).toBeUndefined()
  })

  it.each([
    ["no element", undefined],
    ["text that is no JSON", "{"],
    ["a refusal", JSON.stringify({ code: 500, msg: "服务器繁忙", data: null })],
    ["cards of another shape", JSON.stringify({ code: 0, msg: "success", data: { list: [{ id: "x" }] } })]
  ])("%s: undefined (the store asks the server)", (_name, text) => {
    if (text !== undefined) inline(text)
    expect(takeInlinedFirstPage()).toBeUndefined()
  })
})
