import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, type World } from "../../test/world.js"
import { CopyMessages } from "./ClipboardStore.js"
import type { Clipboard } from "./StoreHost.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const clipboard = (writeText: Clipboard["writeText"], supported = true): Clipboard => ({ supported, writeText })

describe("ClipboardStore: copy (spec §8 texts)", () => {
  it.each([
    ["copied", clipboard(() => Promise.resolve()), true, `success:${CopyMessages.copied}`],
    ["refused", clipboard(() => Promise.reject(new Error("denied"))), false, `error:${CopyMessages.failed}`],
    ["unsupported", clipboard(() => Promise.resolve(), false), false, `error:${CopyMessages.unsupported}`],
    ["no clipboard at all", undefined, false, `error:${CopyMessages.unsupported}`]
  ])("%s", async (_name, host, ok, toast) => {
    world = makeWorld(host === undefined ? {} : { host: { clipboard: host } })
    expect(await world.store.clipboard.copy("masterpiece, 1girl")).toBe(ok)
    expect(world.toasts()).toEqual([toast])
  })

  it("the texts are the spec's", () => {
    expect(CopyMessages).toEqual({ copied: "复制成功", failed: "复制失败，请重试", unsupported: "复制失败，请检查浏览器支持" })
  })
})
