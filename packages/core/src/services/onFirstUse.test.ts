import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { onFirstUse } from "./onFirstUse.js"

/** How one call of `load` ends: with the implementation, a rejected promise (a chunk fetch offline), or a throw. */
type LoadOutcome = "loads" | "rejects" | "throws"

interface Scenario {
  readonly name: string
  /** What each successive call of `load` does. */
  readonly loads: ReadonlyArray<LoadOutcome>
  /** Rounds run one after the other; each runs its number of uses at once. */
  readonly rounds: ReadonlyArray<number>
  /** What each use of each round gives: the implementation, or the failure's tag. */
  readonly results: ReadonlyArray<ReadonlyArray<"implementation" | "NetworkError">>
  readonly loadCalls: number
}

const implementation = { name: "the implementation" }

/** A `load` that answers after a real tick, so that uses of one round overlap while it is pending. */
const scriptedLoad = (outcomes: ReadonlyArray<LoadOutcome>) => {
  let calls = 0
  const load = (): Promise<typeof implementation> => {
    const outcome = outcomes[calls] ?? "loads"
    calls += 1
    if (outcome === "throws") throw new Error("chunk fetch failed")
    return new Promise((resolve, reject) =>
      setTimeout(() => (outcome === "loads" ? resolve(implementation) : reject(new Error("chunk fetch failed"))), 1))
  }
  return { load, calls: () => calls }
}

const scenarios: ReadonlyArray<Scenario> = [
  { name: "loads once: a later use reuses the first load", loads: ["loads"], rounds: [1, 1, 1], results: [["implementation"], ["implementation"], ["implementation"]], loadCalls: 1 },
  { name: "concurrent first uses share one load", loads: ["loads"], rounds: [3], results: [["implementation", "implementation", "implementation"]], loadCalls: 1 },
  { name: "a failed load is forgotten: the next use loads again", loads: ["rejects", "loads"], rounds: [1, 1, 1], results: [["NetworkError"], ["implementation"], ["implementation"]], loadCalls: 2 },
  { name: "concurrent uses share a failed load; the next round tries again", loads: ["rejects", "loads"], rounds: [2, 2], results: [["NetworkError", "NetworkError"], ["implementation", "implementation"]], loadCalls: 2 },
  { name: "a load that throws at once fails the same way and is retried", loads: ["throws", "loads"], rounds: [1, 1], results: [["NetworkError"], ["implementation"]], loadCalls: 2 },
  { name: "failing twice, then loading", loads: ["rejects", "rejects", "loads"], rounds: [1, 1, 1], results: [["NetworkError"], ["NetworkError"], ["implementation"]], loadCalls: 3 }
]

describe("onFirstUse: a service's implementation loaded on first use", () => {
  it.each(scenarios)("$name", async ({ loads, rounds, results, loadCalls }) => {
    const script = scriptedLoad(loads)
    const use = onFirstUse("Thing", script.load)
    const seen: Array<ReadonlyArray<string>> = []
    for (const uses of rounds) {
      const round = await Effect.runPromise(Effect.all(Array.from({ length: uses }, () => Effect.either(use)), { concurrency: "unbounded" }))
      seen.push(round.map((result) => (Either.isRight(result) ? (result.right === implementation ? "implementation" : "another value") : result.left._tag)))
    }
    expect(seen).toEqual(results)
    expect(script.calls()).toBe(loadCalls)
  })

  it("a failed load is a NetworkError naming the code and why (the toast 网络异常，请检查网络后重试)", async () => {
    const use = onFirstUse("Checkout", scriptedLoad(["rejects"]).load)
    const failure = await Effect.runPromise(Effect.flip(use))
    expect(failure).toMatchObject({ _tag: "NetworkError", route: "code:Checkout", reason: "chunk fetch failed" })
  })

  it("once loaded, a use answers at once: stores may run it synchronously", async () => {
    const use = onFirstUse("Thing", scriptedLoad(["loads"]).load)
    expect(() => Effect.runSync(use)).toThrow()
    await Effect.runPromise(use)
    expect(Effect.runSync(use)).toBe(implementation)
  })

  it("nothing is loaded until the first use", () => {
    const script = scriptedLoad(["loads"])
    onFirstUse("Thing", script.load)
    expect(script.calls()).toBe(0)
  })
})
