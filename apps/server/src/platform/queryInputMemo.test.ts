import { describe, expect, it } from "vitest"
import { makeQueryInputMemo } from "./queryInputMemo.js"
import { queryStringOf } from "./requestInput.js"

// issue 30: a GET route's decoded inputs are kept per query string, bounded, and frozen (shared by every request)
describe("the query input memo", () => {
  it.each([
    ["/api/v1/x?size=20&cursor=a", "size=20&cursor=a"],
    ["/api/v1/x", ""],
    ["/api/v1/x?", ""],
    ["/api/v1/x?a=1#frag", "a=1"],
    ["/api/v1/x?a=%23#b?c", "a=%23"]
  ])("queryStringOf(%s) is %s", (url, query) => {
    expect(queryStringOf(url)).toBe(query)
  })

  it("keeps the most recently asked query strings and lets the oldest go", () => {
    const memo = makeQueryInputMemo<{ readonly size: number }>(2)
    memo.keep("size=1", { size: 1 })
    memo.keep("size=2", { size: 2 })
    expect(memo.get("size=1")).toEqual({ size: 1 })
    memo.keep("size=3", { size: 3 })
    expect(memo.get("size=2")).toBeUndefined()
    expect(memo.get("size=1")).toEqual({ size: 1 })
    expect(memo.get("size=3")).toEqual({ size: 3 })
  })

  it("freezes a kept input to its depth: a handler that changed it would change every later request's", () => {
    const memo = makeQueryInputMemo<{ readonly ids: Array<number> }>()
    memo.keep("ids=1", { ids: [1] })
    const kept = memo.get("ids=1")!
    expect(Object.isFrozen(kept)).toBe(true)
    expect(() => kept.ids.push(2)).toThrow(TypeError)
  })
})
