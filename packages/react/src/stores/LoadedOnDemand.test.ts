import { describe, expect, it } from "vitest"
import { LoadedOnDemand, OnDemandStores } from "./LoadedOnDemand.js"

describe("LoadedOnDemand", () => {
  it("loads once for every caller and keeps the instance", async () => {
    let loads = 0
    const part = new LoadedOnDemand(async () => ({ n: ++loads }))
    expect(part.current).toBeNull()
    const [first, second] = await Promise.all([part.get(), part.get()])
    expect(first).toBe(second)
    expect(await part.get()).toBe(first)
    expect({ loads, current: part.current }).toEqual({ loads: 1, current: first })
  })

  it("a failed load is tried again on the next call", async () => {
    let attempts = 0
    const part = new LoadedOnDemand(async () => {
      if (++attempts === 1) throw new Error("offline")
      return "ok"
    })
    await expect(part.get()).rejects.toThrow("offline")
    expect(await part.get()).toBe("ok")
  })
})

describe("OnDemandStores: a page store made at once (RootStore.pageStore)", () => {
  it("is made on the first call only, the same one after; a logout resets it and dispose disposes it", () => {
    const events: Array<string> = []
    const makeStore = () => ({ reset: () => events.push("reset"), dispose: () => events.push("dispose") })
    const stores = new OnDemandStores()
    stores.reset() // nothing made yet: nothing to reset
    const first = stores.made(() => (events.push("made"), makeStore()), makeStore)
    expect(stores.made(() => (events.push("made"), makeStore()), makeStore)).toBe(first)
    stores.reset()
    stores.dispose()
    expect(events).toEqual(["made", "reset", "dispose"])
  })
})
