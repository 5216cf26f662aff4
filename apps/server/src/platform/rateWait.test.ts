import { describe, expect, it } from "vitest"
import { fixedWindowWait, rollingBudgetWait, slidingWindowWait } from "./rateWait.js"

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000)

describe("R37: the waits behind Retry-After", () => {
  it.each([
    // limit-th newest event, window s, now → wait s
    ["the limit-th newest 10 s ago in a 60 s window", 0, 60, 10, 50],
    ["the limit-th newest just now: the whole window", 10, 60, 10, 60],
    ["an hour window, 3000 s in", 0, 3600, 3000, 600]
  ])("sliding: %s", (_name, event, window, now, wait) => {
    expect(slidingWindowWait(at(event), window * 1000, at(now))).toBeCloseTo(wait, 6)
  })

  it.each([
    ["the first second of a minute", 0, 60],
    ["the 45th second", 45, 15],
    ["the last millisecond", 59.999, 0.001]
  ])("fixed: %s", (_name, now, wait) => {
    expect(fixedWindowWait(60_000, at(now))).toBeCloseTo(wait, 6)
  })

  const day = 86_400_000
  it.each([
    ["fits now", [[-3600, 10]], 5, 100, 0],
    ["the oldest must leave", [[-36_000, 60], [-7200, 40]], 5, 100, 50_400],
    ["two must leave", [[-36_000, 30], [-20_000, 30], [-7200, 40]], 35, 100, 66_400],
    ["order of the list does not matter", [[-7200, 40], [-36_000, 60]], 5, 100, 50_400],
    ["more than the budget alone never fits", [], 101, 100, undefined]
  ] as const)("rolling budget: %s", (_name, events, needed, budget, wait) => {
    const list = events.map(([seconds, amount]) => ({ at: at(seconds), amount }))
    expect(rollingBudgetWait(list, needed, budget, day, at(0))).toBe(wait)
  })
})
