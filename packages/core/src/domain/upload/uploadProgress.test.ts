import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { clampProgress, progressFromBytes } from "./uploadProgress.js"

describe("UP5 progress (spec §5)", () => {
  it.each([
    ["UP5", "inside the range", 42, 42],
    ["UP5", "rounds half up", 42.5, 43],
    ["UP5", "rounds down", 42.4, 42],
    ["UP5", "below 0", -5, 0],
    ["UP5", "above 100", 130, 100],
    ["UP5", "NaN", Number.NaN, 0],
    ["UP5", "infinity", Number.POSITIVE_INFINITY, 100],
    ["UP5", "minus infinity", Number.NEGATIVE_INFINITY, 0],
    ["UP5", "99.6 rounds to 100", 99.6, 100]
  ] as const)("%s clamp: %s", (_rule, _name, value, expected) => {
    expect(clampProgress(value)).toBe(expected)
  })

  it.each([
    ["UP5", "half sent", 512, 1024, 50],
    ["UP5", "a third sent", 1, 3, 33],
    ["UP5", "all sent", 2048, 2048, 100],
    ["UP5", "more reported than the total", 3000, 2048, 100],
    ["UP5", "nothing sent", 0, 2048, 0],
    ["UP5", "unknown total", 100, 0, 0],
    ["UP5", "NaN total", 100, Number.NaN, 0],
    ["UP5", "NaN loaded", Number.NaN, 100, 0],
    ["UP5", "negative loaded", -10, 100, 0]
  ] as const)("%s bytes: %s", (_rule, _name, loaded, total, expected) => {
    expect(progressFromBytes(loaded, total)).toBe(expected)
  })

  it("UP5 any input gives an integer from 0 to 100", () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (loaded, total) => {
        for (const value of [clampProgress(loaded), progressFromBytes(loaded, total)]) {
          if (!Number.isInteger(value) || value < 0 || value > 100) return false
        }
        return true
      })
    )
  })
})
