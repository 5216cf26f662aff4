import { describe, expect, it } from "vitest"
import { formatBadge } from "./formatBadge.js"

describe("badge (spec §9, docs/spec/formatting.md)", () => {
  it.each([
    ["FM4", "one", 1, "1"],
    ["FM4", "99 is shown as is", 99, "99"],
    ["FM4", "100 is above 99", 100, "99+"],
    ["FM4", "thousands", 5000, "99+"],
    ["FM4", "99.9 rounds down to 99", 99.9, "99"],
    ["FM4", "zero hides the badge", 0, ""],
    ["FM4", "bad input: a fraction below one", 0.5, ""],
    ["FM4", "bad input: negative", -3, ""],
    ["FM4", "bad input: NaN", Number.NaN, ""],
    ["FM4", "bad input: infinite", Number.POSITIVE_INFINITY, "99+"]
  ] as const)("%s %s", (_rule, _name, count, expected) => {
    expect(formatBadge(count)).toBe(expected)
  })
})
