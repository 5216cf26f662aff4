import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatCount } from "./formatCount.js"

describe("counts (spec §5, docs/spec/formatting.md)", () => {
  it.each([
    ["FM3", "zero", 0, "0"],
    ["FM3", "one", 1, "1"],
    ["FM3", "999", 999, "999"],
    ["FM3", "1000 is not above 1000", 1000, "1000"],
    ["FM3", "1001 rounds down to 1k", 1001, "1k"],
    ["FM3", "1099 rounds down, never up", 1099, "1k"],
    ["FM3", "1100", 1100, "1.1k"],
    ["FM3", "1500", 1500, "1.5k"],
    ["FM3", "1999 is 1.9k, not 2k", 1999, "1.9k"],
    ["FM3", "2000 drops the .0", 2000, "2k"],
    ["FM3", "12345", 12345, "12.3k"],
    ["FM3", "100000", 100_000, "100k"],
    ["FM3", "999999", 999_999, "999.9k"],
    ["FM3", "one million switches to m", 1_000_000, "1m"],
    ["FM3", "1.25 million rounds down", 1_250_000, "1.2m"],
    ["FM3", "12345678", 12_345_678, "12.3m"],
    ["FM3", "a billion stays in m", 1_000_000_000, "1000m"],
    ["FM3", "a fraction is rounded down first", 12.7, "12"],
    ["FM3", "1000.9 is 1000", 1000.9, "1000"],
    ["FM3", "bad input: negative", -1, "0"],
    ["FM3", "bad input: large negative", -5000, "0"],
    ["FM3", "bad input: NaN", Number.NaN, "0"],
    ["FM3", "bad input: infinite", Number.POSITIVE_INFINITY, "0"]
  ] as const)("%s %s", (_rule, _name, count, expected) => {
    expect(formatCount(count)).toBe(expected)
  })

  it("FM3 a k count never overstates: shown × 1000 ≤ n < shown × 1000 + 100", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 999_999 }), (count) => {
        const text = formatCount(count)
        const shown = Number(text.slice(0, -1)) * 1000
        return text.endsWith("k") && !text.includes(".0") && shown <= count && count < shown + 100
      })
    )
  })
})
