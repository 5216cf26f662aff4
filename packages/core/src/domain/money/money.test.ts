import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatDecimal, parseDecimal } from "./decimal.js"
import { fenToYuan, formatYuan, parseYuan } from "./fen.js"

describe("R31 integer money", () => {
  it.each([
    ["19.90", 1990],
    ["0.07", 7],
    [29.9, 2990],
    ["100", 10000],
    [0, 0],
    ["1e2", 10000]
  ] as const)("parseYuan(%j) = %i fen", (input, fen) => {
    expect(parseYuan(input)).toBe(fen)
  })

  it.each([["-1"], [-0.5], [Number.NaN], [Number.POSITIVE_INFINITY], ["1.234"], ["abc"], [""], ["1,5"]] as const)(
    "parseYuan rejects %j",
    (input) => {
      expect(parseYuan(input)).toBeUndefined()
    }
  )

  it("formatYuan then parseYuan returns the same fen", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (fen) => parseYuan(formatYuan(fen)) === fen))
  })

  it("fenToYuan gives the display number", () => {
    expect(fenToYuan(2691)).toBe(26.91)
    expect(formatYuan(5)).toBe("0.05")
  })

  it.each([
    [100, "100"],
    ["99.50", "99.5"],
    [0.07, "0.07"],
    ["-0.5", "-0.5"],
    [1e-7, "0.0000001"]
  ] as const)("formatDecimal(parseDecimal(%j)) = %s", (input, text) => {
    const value = parseDecimal(input)
    expect(value && formatDecimal(value)).toBe(text)
  })
})
