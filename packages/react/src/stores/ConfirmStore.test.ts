import { describe, expect, it } from "vitest"
import { ConfirmStore } from "./ConfirmStore.js"

describe("ConfirmStore (spec §2)", () => {
  it("ask is a promise; a newer question answers the open one with false", async () => {
    const dialog = new ConfirmStore()
    const first = dialog.ask({ message: "确定删除吗？" })
    expect(dialog.request).toEqual({ title: "提示", message: "确定删除吗？", confirmText: "确定", cancelText: "取消" })
    const second = dialog.ask({ title: "退出", message: "确定退出登录吗？" })
    expect(await first).toBe(false)
    dialog.answer(true)
    expect(await second).toBe(true)
    expect(dialog.request).toBeNull()
  })

  it("dispose answers an open question with false", async () => {
    const dialog = new ConfirmStore()
    const asked = dialog.ask({ message: "确定离开吗？" })
    dialog.dispose()
    expect(await asked).toBe(false)
    expect(dialog.request).toBeNull()
  })
})
