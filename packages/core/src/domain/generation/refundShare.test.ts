import { describe, expect, it } from "vitest"
import { refundShare } from "./refundShare.js"

type Row = readonly [rule: string, name: string, cost: number, asked: number, made: number, refund: number]

const rows: ReadonlyArray<Row> = [
  ["GR1", "nothing made: all back", 40, 4, 0, 40],
  ["GR1", "a failed tool run (asked 1): all back", 6, 1, 0, 6],
  ["GR1", "a free task: nothing to give", 0, 4, 0, 0],
  ["GR2", "all made: nothing back", 40, 4, 4, 0],
  ["GR2", "a tool run that made its image", 6, 1, 1, 0],
  ["GR3", "3 of 4 made, even split", 40, 4, 3, 10],
  ["GR3", "1 of 4 made", 40, 4, 1, 30],
  ["GR3", "1 of 3 made: 10 − ⌊10/3⌋ = 7, rounding for the user", 10, 3, 1, 7],
  ["GR3", "2 of 3 made: 10 − ⌊20/3⌋ = 4", 10, 3, 2, 4],
  ["GR3", "1 of 4 made of 3 beans: the user keeps all 3", 3, 4, 1, 3],
  ["GR3", "member price 32 for 4, 3 made: pays 24", 32, 4, 3, 8],
  ["GR4", "made above asked counts as all", 40, 4, 9, 0],
  ["GR4", "made below 0 counts as none", 40, 4, -1, 40],
  ["GR4", "made NaN counts as none", 40, 4, Number.NaN, 40],
  ["GR4", "negative cost gives nothing back", -5, 4, 0, 0],
  ["GR4", "fractional cost is floored", 9.7, 1, 0, 9],
  ["GR4", "asked 0 with something made: nothing back", 40, 0, 1, 0]
]

describe("GR refund share of a partly failed task", () => {
  it.each(rows)("%s %s", (_rule, _name, cost, asked, made, refund) => {
    expect(refundShare(cost, asked, made)).toBe(refund)
  })

  it("GR4 stays within 0..cost and the user never pays for more than was made", () => {
    for (let cost = 0; cost <= 50; cost++) {
      for (let asked = 1; asked <= 4; asked++) {
        for (let made = 0; made <= asked; made++) {
          const refund = refundShare(cost, asked, made)
          expect(refund).toBeGreaterThanOrEqual(0)
          expect(refund).toBeLessThanOrEqual(cost)
          expect(cost - refund).toBeLessThanOrEqual((cost * made) / asked)
        }
      }
    }
  })
})
