import { describe, expect, it } from "vitest"
import { clampPercent, keyStep, percentAt } from "./compare"

describe("compare slider position", () => {
  it.each([
    ["ArrowRight", false, 50, 51],
    ["ArrowUp", false, 50, 51],
    ["ArrowLeft", false, 50, 49],
    ["ArrowDown", true, 50, 40],
    ["ArrowRight", true, 95, 100],
    ["ArrowLeft", false, 0, 0],
    ["PageUp", false, 50, 60],
    ["PageDown", false, 5, 0],
    ["Home", false, 50, 0],
    ["End", false, 50, 100]
  ])("%s (shift %s) from %d → %d", (key, shift, from, to) => {
    expect(keyStep(key, shift, from)).toBe(to)
  })

  it("other keys leave the divider alone", () => {
    expect(keyStep("a", false, 50)).toBeNull()
    expect(keyStep("Tab", false, 50)).toBeNull()
  })

  it("a pointer sets the percent of the frame's width, kept inside", () => {
    expect(percentAt(150, 100, 200)).toBe(25)
    expect(percentAt(0, 100, 200)).toBe(0)
    expect(percentAt(900, 100, 200)).toBe(100)
    expect(percentAt(150, 100, 0)).toBe(50)
  })

  it("clamps and survives NaN", () => {
    expect(clampPercent(-3)).toBe(0)
    expect(clampPercent(130)).toBe(100)
    expect(clampPercent(Number.NaN)).toBe(50)
  })
})
