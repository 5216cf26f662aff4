import { describe, expect, it } from "vitest"
import { rawRef } from "./rawRef.js"

describe("rawRef: the ref of a query, still encoded", () => {
  it.each([
    ["?a=1&ref=%2Fproperty", "%2Fproperty"],
    ["?a=1", null],
    ["ref=%2Fworks%3Ftab%3D1", "%2Fworks%3Ftab%3D1"],
    ["?ref", ""]
  ])("%s", (search, expected) => {
    expect(rawRef(search)).toBe(expected)
  })
})
