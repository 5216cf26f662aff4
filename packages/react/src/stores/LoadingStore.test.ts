import { describe, expect, it } from "vitest"
import { LoadingStore } from "./LoadingStore.js"

describe("LoadingStore (spec §2 overlays)", () => {
  it("counts tasks; ending twice counts once", async () => {
    const loading = new LoadingStore()
    const end = loading.begin()
    expect(loading.isLoading).toBe(true)
    const task = loading.during(() => Promise.resolve(7))
    expect(loading.count).toBe(2)
    expect(await task).toBe(7)
    end()
    end()
    expect({ count: loading.count, isLoading: loading.isLoading }).toEqual({ count: 0, isLoading: false })
  })

  it("a failing task ends its count too", async () => {
    const loading = new LoadingStore()
    await expect(loading.during(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom")
    expect(loading.isLoading).toBe(false)
  })
})
