import { describe, expect, it } from "vitest"
import { inviteCodeOf } from "./inviteQuery.js"

describe("inviteCodeOf (spec §2: /invited?code= = invite code)", () => {
  it.each([
    ["/invited with a code", "/invited", "?code=MD8K2Q", "MD8K2Q"],
    ["without the leading ?", "/invited", "code=MD8K2Q&from=wx", "MD8K2Q"],
    ["percent-encoded and padded", "/invited", "?code=%20MD8K2Q%20", "MD8K2Q"],
    ["no code", "/invited", "", undefined],
    ["an empty code", "/invited", "?code=", undefined],
    ["another page's code", "/list", "?code=MD8K2Q", undefined],
    ["a longer path", "/invited/x", "?code=MD8K2Q", undefined]
  ])("%s", (_name, path, search, expected) => {
    expect(inviteCodeOf(path, search)).toBe(expected)
  })
})
