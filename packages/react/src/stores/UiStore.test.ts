import { StorageKeys } from "@mido/core"
import { afterEach, describe, expect, it, vi } from "vitest"
import { makeWorld, type World } from "../../test/world.js"
import type { Clipboard } from "./StoreHost.js"
import { CopyMessages, TOAST_DURATION_MS } from "./UiStore.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0] = {}) => (world = makeWorld(options))
afterEach(async () => {
  vi.useRealTimers()
  await world?.dispose()
  world = undefined
})

describe("UiStore: toasts, confirm, loading (spec §2 overlays, §9)", () => {
  it("toasts of each kind go after 3000 ms; a dismissed one goes at once", async () => {
    vi.useFakeTimers()
    const { store } = open()
    store.start()
    store.ui.success("保存成功")
    store.ui.warning("请先登录")
    const id = store.ui.error("出错了")
    expect(store.ui.toasts.map((toast) => toast.kind)).toEqual(["success", "warning", "error"])
    store.ui.dismissToast(id)
    expect(store.ui.toasts).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 1)
    expect(store.ui.toasts).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(store.ui.toasts).toEqual([])
  })

  it("dispose clears the toasts and their timers", () => {
    vi.useFakeTimers()
    const { store } = open()
    store.start()
    store.ui.success("保存成功")
    store.dispose()
    expect(store.ui.toasts).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it("confirm is a promise; a newer question answers the open one with false", async () => {
    const { store } = open()
    store.start()
    const first = store.ui.confirm({ message: "确定删除吗？" })
    expect(store.ui.confirmRequest).toEqual({ title: "提示", message: "确定删除吗？", confirmText: "确定", cancelText: "取消" })
    const second = store.ui.confirm({ title: "退出", message: "确定退出登录吗？" })
    expect(await first).toBe(false)
    store.ui.answerConfirm(true)
    expect(await second).toBe(true)
    expect(store.ui.confirmRequest).toBeNull()
  })

  it("the loading indicator counts tasks; ending twice counts once", async () => {
    const { store } = open()
    const end = store.ui.beginLoading()
    expect(store.ui.isLoading).toBe(true)
    const task = store.ui.withLoading(() => Promise.resolve(7))
    expect(store.ui.loadingCount).toBe(2)
    expect(await task).toBe(7)
    end()
    end()
    expect(store.ui.loadingCount).toBe(0)
  })
})

describe("UiStore: copy (spec §8 texts)", () => {
  const clipboard = (writeText: Clipboard["writeText"], supported = true): Clipboard => ({ supported, writeText })

  it.each([
    ["copied", clipboard(() => Promise.resolve()), true, `success:${CopyMessages.copied}`],
    ["refused", clipboard(() => Promise.reject(new Error("denied"))), false, `error:${CopyMessages.failed}`],
    ["unsupported", clipboard(() => Promise.resolve(), false), false, `error:${CopyMessages.unsupported}`],
    ["no clipboard at all", undefined, false, `error:${CopyMessages.unsupported}`]
  ])("%s", async (_name, host, ok, toast) => {
    const { store, toasts } = open(host === undefined ? {} : { host: { clipboard: host } })
    expect(await store.ui.copy("masterpiece, 1girl")).toBe(ok)
    expect(toasts()).toEqual([toast])
  })
})

describe("UiStore: the persisted flags (spec §3)", () => {
  it("isReadFixedMessage and feature-prompt-show are kept for good", async () => {
    const first = open()
    first.store.start()
    expect(first.store.ui.isReadFixedMessage).toBe(false)
    first.store.ui.markFixedMessageRead()
    first.store.ui.dismissFeaturePrompt()
    expect(first.kv.entries.get(StorageKeys.readFixedMessage)).toBe("true")
    expect(first.kv.entries.get(StorageKeys.featurePromptShown)).toBe("true")
    const stored = Object.fromEntries(first.kv.entries)
    await first.dispose()

    const second = open({ stored })
    second.store.start()
    expect(second.store.ui.isReadFixedMessage).toBe(true)
    expect(second.store.ui.featurePromptShown).toBe(true)
  })

  it("the H5 flag (spec §2, NV7) is kept for good under the core's key, as the text true", async () => {
    const first = open()
    first.store.start()
    expect(first.store.ui.h5).toBe(false)
    first.store.ui.rememberH5()
    expect(first.store.ui.h5).toBe(true)
    expect(first.kv.entries.get(StorageKeys.h5Flag)).toBe("true")
    const stored = Object.fromEntries(first.kv.entries)
    await first.dispose()

    const second = open({ stored })
    second.store.start()
    expect(second.store.ui.h5).toBe(true)
    const corrupt = open({ stored: { [StorageKeys.h5Flag]: "H5" } })
    corrupt.store.start()
    expect(corrupt.store.ui.h5).toBe(false)
  })

  it("a corrupt flag counts as unset and is removed", () => {
    const { store, kv } = open({ stored: { [StorageKeys.readFixedMessage]: "yes please", [StorageKeys.featurePromptShown]: "1" } })
    store.start()
    expect(store.ui.isReadFixedMessage).toBe(false)
    expect(store.ui.featurePromptShown).toBe(false)
    expect(kv.entries.size).toBe(0)
  })
})
