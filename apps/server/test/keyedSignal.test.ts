import { describe, expect, it } from "vitest"
import { makeKeyedSignal } from "../src/platform/keyedSignal.js"

const settledWithin = async (promise: Promise<void>, ms: number): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

describe("keyed signal (task event streams wake on their task's change)", () => {
  it("a notify wakes every waiter of that key at once, long before the wait's own timeout", async () => {
    const signal = makeKeyedSignal()
    const first = signal.wait("task-a", 10_000)
    const second = signal.wait("task-a", 10_000)
    signal.notify("task-a")
    expect(await settledWithin(Promise.all([first, second]).then(() => undefined), 50)).toBe(true)
  })

  it("a notify of another key wakes no one; the wait ends by its timeout", async () => {
    const signal = makeKeyedSignal()
    const waiting = signal.wait("task-a", 80)
    signal.notify("task-b")
    expect(await settledWithin(waiting, 30)).toBe(false)
    expect(await settledWithin(waiting, 200)).toBe(true)
  })

  it("a notify before anyone waits is not remembered: the next wait waits", async () => {
    const signal = makeKeyedSignal()
    signal.notify("task-a")
    expect(await settledWithin(signal.wait("task-a", 100), 40)).toBe(false)
  })
})
