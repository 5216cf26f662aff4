import { describe, expect, it } from "vitest"
import { makeBatchedCounts } from "./batchedCounts.js"
import { silentLog } from "./log.js"

// Issue 30: an artwork's views are counted in memory and written in one statement a second.

const counter = (write: (counts: ReadonlyMap<number, number>) => Promise<void>) =>
  makeBatchedCounts({ everyMs: 60_000, write, log: silentLog, what: "test" })

describe("batched counts", () => {
  it("one write carries every id's sum; nothing waits afterwards", async () => {
    const writes: Array<Record<number, number>> = []
    const counts = counter(async (batch) => void writes.push(Object.fromEntries(batch)))
    counts.add(7)
    counts.add(7)
    counts.add(9, 3)
    expect(counts.pendingOf(7)).toBe(2)
    await counts.flush()
    expect(writes).toEqual([{ 7: 2, 9: 3 }])
    expect(counts.pendingOf(7)).toBe(0)
    await counts.flush()
    expect(writes).toHaveLength(1) // nothing to write: no statement
    await counts.stop()
  })

  it("a count stays pending while its write runs, so stored + pending never goes down; one added meanwhile waits for the next", async () => {
    let release: () => void = () => undefined
    const writes: Array<Record<number, number>> = []
    const counts = counter((batch) => new Promise((resolve) => {
      writes.push(Object.fromEntries(batch))
      release = resolve
    }))
    counts.add(1, 4)
    const writing = counts.flush()
    await Promise.resolve()
    counts.add(1)
    expect(counts.pendingOf(1)).toBe(5)
    const next = counts.flush() // asked during the write: runs after it
    release()
    await writing
    expect(counts.pendingOf(1)).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 0))
    release()
    await next
    expect(writes).toEqual([{ 1: 4 }, { 1: 1 }])
    expect(counts.pendingOf(1)).toBe(0)
  })

  it("a failed write keeps its counts for the next one (a database blip delays views, it does not lose them)", async () => {
    let fail = true
    const writes: Array<Record<number, number>> = []
    const counts = counter(async (batch) => {
      if (fail) throw new Error("connection reset")
      writes.push(Object.fromEntries(batch))
    })
    counts.add(3, 2)
    await counts.flush()
    expect(counts.pendingOf(3)).toBe(2)
    counts.add(3)
    fail = false
    await counts.stop()
    expect(writes).toEqual([{ 3: 3 }])
  })
})
