import { describe, expect, it } from "vitest"
import { LatestOnly } from "./LatestOnly.js"

describe("LatestOnly: the latest answer wins", () => {
  it.each([
    ["a single request stays current", (latest: LatestOnly) => [latest.begin()], [true]],
    ["a newer request makes the older stale", (latest: LatestOnly) => [latest.begin(), latest.begin()], [false, true]],
    ["cancel makes every request stale", (latest: LatestOnly) => {
      const tokens = [latest.begin(), latest.begin()]
      latest.cancel()
      return tokens
    }, [false, false]],
    ["a request after cancel is current again", (latest: LatestOnly) => {
      const old = latest.begin()
      latest.cancel()
      return [old, latest.begin()]
    }, [false, true]]
  ])("%s", (_name, run, expected) => {
    expect(run(new LatestOnly()).map((token) => token.current)).toEqual(expected)
  })

  it("two owners do not disturb each other", () => {
    const first = new LatestOnly()
    const second = new LatestOnly()
    const token = first.begin()
    second.begin()
    second.cancel()
    expect(token.current).toBe(true)
  })
})
