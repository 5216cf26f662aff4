import { afterEach, describe, expect, it, vi } from "vitest"
import { makeWorld, type World } from "../../test/world.js"
import { TOAST_DURATION_MS } from "./ToastStore.js"

let world: World | undefined
const open = () => (world = makeWorld())
afterEach(async () => {
  vi.useRealTimers()
  await world?.dispose()
  world = undefined
})

describe("ToastStore (spec §2 overlays, §9)", () => {
  it("toasts of each kind go after 3000 ms; a dismissed one goes at once", async () => {
    vi.useFakeTimers()
    const { store } = open()
    store.start()
    store.toasts.success("保存成功")
    store.toasts.warning("请先登录")
    const id = store.toasts.error("出错了")
    expect(store.toasts.shown.map((toast) => toast.kind)).toEqual(["success", "warning", "error"])
    store.toasts.dismiss(id)
    expect(store.toasts.shown).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 1)
    expect(store.toasts.shown).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(store.toasts.shown).toEqual([])
  })

  it("a duration of 0 keeps the toast until dismissed", async () => {
    vi.useFakeTimers()
    const { store } = open()
    store.toasts.warning("网络异常", 0)
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS * 10)
    expect(store.toasts.shown).toHaveLength(1)
  })

  it("dispose clears the toasts and their timers", () => {
    vi.useFakeTimers()
    const { store } = open()
    store.start()
    store.toasts.success("保存成功")
    store.dispose()
    expect(store.toasts.shown).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })
})
