import { StorageKeys } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../test/fixtures.js"
import { makeWorld, type World } from "../../test/world.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0]) => (world = makeWorld(options))
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const TOOLS = "/api/v1/open/config/tools/list"
const tool = { key: "hd-repair", name: "高清修复", description: "放大并修复细节", cover: "https://cdn.mido.test/t.png", path: "/tools/hd-repair" }

describe("ConfigStore: system config and tools (spec §3, §7)", () => {
  it("starts from the stored config, then follows the start-up load", async () => {
    const stored = { [StorageKeys.config]: JSON.stringify([{ key: "points.first-post", value: ["10"] }]) }
    const { store, boot } = open({ answers: startupAnswers, stored })
    store.start()
    expect(store.config.settings.firstPostReward).toBe(10)
    expect(store.config.loaded).toBe(false)
    expect(store.config.settled).toBe(false)
    await boot()
    expect(store.config.loaded).toBe(true)
    expect(store.config.settled).toBe(true)
    expect(store.config.settings).toMatchObject({ firstPostReward: 50, dailyPostReward: 20, dailyPostCap: 70 })
  })

  it("a failed start-up load is only logged (spec §8): no toast, the stored config stays", async () => {
    const { store, boot, toasts } = open({ answers: { ...startupAnswers, "/api/v1/open/config/app_config": () => envelope(5000, null, "配置服务异常") } })
    await boot()
    expect(store.config.loaded).toBe(false)
    // settled all the same: the navigation guard stops waiting for a mobile site
    await vi.waitFor(() => expect(store.config.settled).toBe(true))
    expect(toasts()).toEqual([])
  })

  it("loads the tools once; reload on demand", async () => {
    const { store, boot, calls } = open({ answers: { ...startupAnswers, [TOOLS]: () => envelope(0, { list: [tool] }) } })
    await boot()
    expect(await store.config.loadTools()).toEqual([tool])
    await store.config.loadTools()
    expect(calls(TOOLS)).toHaveLength(1)
    await store.config.loadTools(true)
    expect(calls(TOOLS)).toHaveLength(2)
    expect(await store.config.reload()).toBe(true)
    expect(store.config.settings.dailyPostCap).toBe(70)
  })

  it("a failed tools call shows the server's msg; -401 shows nothing and tells onUnauthorized", async () => {
    const { store, boot, server, toasts, unauthorized } = open({ answers: { ...startupAnswers, [TOOLS]: () => envelope(5003, null, "工具列表加载失败") } })
    await boot()
    await store.config.loadTools()
    expect(store.config.toolsLoaded).toBe(false)
    expect(toasts()).toEqual(["error:工具列表加载失败"])
    server[TOOLS] = () => envelope(-401, null, "请先登录")
    await store.config.loadTools()
    expect(toasts()).toEqual(["error:工具列表加载失败"])
    expect(unauthorized).toHaveBeenCalledTimes(1)
  })
})
