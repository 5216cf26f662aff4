import { describe, expect, it } from "vitest"
import { LoadedOnDemand } from "./LoadedOnDemand.js"

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
