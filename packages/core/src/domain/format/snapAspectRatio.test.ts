import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type AspectRatio, snapAspectRatio } from "./snapAspectRatio.js"

const ratioValue: Readonly<Record<AspectRatio, number>> = { "1:1": 1, "3:4": 3 / 4, "4:3": 4 / 3, "9:16": 9 / 16, "16:9": 16 / 9 }
const mirrored: Readonly<Record<AspectRatio, AspectRatio>> = { "1:1": "1:1", "3:4": "4:3", "4:3": "3:4", "9:16": "16:9", "16:9": "9:16" }

describe("aspect ratio (spec §5, docs/spec/formatting.md)", () => {
  it.each([
    ["FM5", "square", 1024, 1024, "1:1"],
    ["FM5", "portrait 9:16", 720, 1280, "9:16"],
    ["FM5", "landscape 16:9", 1920, 1080, "16:9"],
    ["FM5", "portrait 3:4", 768, 1024, "3:4"],
    ["FM5", "landscape 4:3", 1024, 768, "4:3"],
    ["FM5", "2:3 is nearer 3:4 than 9:16", 832, 1248, "3:4"],
    ["FM5", "just inside 3:4 at the 1:1 boundary (√0.75 ≈ 0.86603)", 866, 1000, "3:4"],
    ["FM5", "just inside 1:1 at the same boundary", 8661, 10000, "1:1"],
    ["FM5", "just inside 9:16 at the 3:4 boundary (√(27/64) ≈ 0.64952)", 6495, 10000, "9:16"],
    ["FM5", "just inside 3:4 at the same boundary", 6496, 10000, "3:4"],
    ["FM5", "very tall goes to 9:16", 100, 1000, "9:16"],
    ["FM5", "very wide goes to 16:9", 3000, 1000, "16:9"],
    ["FM5", "fractional sizes", 1.5, 2, "3:4"],
    ["FM5", "bad input: zero width", 0, 100, "1:1"],
    ["FM5", "bad input: zero height", 100, 0, "1:1"],
    ["FM5", "bad input: negative width", -720, 1280, "1:1"],
    ["FM5", "bad input: both negative", -720, -1280, "1:1"],
    ["FM5", "bad input: NaN", Number.NaN, 100, "1:1"],
    ["FM5", "bad input: infinite", Number.POSITIVE_INFINITY, 100, "1:1"]
  ] as const)("%s %s", (_rule, _name, width, height, expected) => {
    expect(snapAspectRatio(width, height)).toBe(expected)
  })

  const side = fc.integer({ min: 1, max: 20_000 })

  it("FM5 no other ratio is nearer in log distance", () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const distance = (ratio: number) => Math.abs(Math.log(width / height) - Math.log(ratio))
        const chosen = distance(ratioValue[snapAspectRatio(width, height)])
        return Object.values(ratioValue).every((ratio) => chosen <= distance(ratio))
      })
    )
  })

  it("FM5 turning the image sideways mirrors the ratio", () => {
    fc.assert(
      fc.property(side, side, (width, height) => snapAspectRatio(height, width) === mirrored[snapAspectRatio(width, height)])
    )
  })
})
