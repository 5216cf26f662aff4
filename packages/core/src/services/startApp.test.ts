import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { HttpFailure, type HttpRequest } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { Config, ConfigLive } from "./Config.js"
import { SessionLive } from "./Session.js"
import { startApp } from "./startApp.js"
import { StorageKeys } from "./storageKeys.js"

const user = {
  uid: 20001, avatar: "", nickname: "星河画师", is_vip: true, vip_level: 2, vip_name: "月度会员", vip_expired_at_str: "2026-12-22 23:59:59",
  invite_code: "MD8K2Q", invite_user_id: 10086, invite_user_name: "画画的阿雪", nid: "10020001", phone: "138****0000", bio: ""
}
const config = { list: [{ key: "points.first-post", value: ["50"] }, { key: "points.daily-post", value: ["10"] }] }

const world = (answers: Record<string, (request: HttpRequest) => unknown>, stored: Record<string, string> = {}) => {
  const core = makeTestCore((request) => answers[request.url]?.(request) as never, stored)
  return { ...core, layer: Layer.provideMerge(Layer.merge(SessionLive, ConfigLive), core.layer) }
}

describe("start-up sequence (spec §7 Start-up, §8 config failure)", () => {
  it("logged in: refreshes the user, then loads and keeps the config", async () => {
    const { memory, kv, layer } = world({
      "/api/v1/user/info": () => envelope(0, user),
      "/api/v1/open/config/app_config": () => envelope(0, config)
    }, storedLogin())
    const report = await runTest(Effect.zip(startApp(""), Effect.flatMap(Config, (c) => c.settings)).pipe(Effect.provide(layer)))
    expect(report[0]).toEqual({ loggedIn: true, configLoaded: true, search: "" })
    expect(report[1]).toMatchObject({ firstPostReward: 50, dailyPostReward: 10, dailyPostCap: 60 })
    expect(memory.requests.map((request) => request.url)).toEqual(["/api/v1/user/info", "/api/v1/open/config/app_config"])
    expect(JSON.parse(kv.entries.get(StorageKeys.user) ?? "null")?.nickname).toBe("星河画师")
  })

  it("logged out: no user call, config still loads", async () => {
    const { memory, layer } = world({ "/api/v1/open/config/app_config": () => envelope(0, config) })
    const report = await runTest(startApp("?source=H5").pipe(Effect.provide(layer)))
    expect(report).toEqual({ loggedIn: false, configLoaded: true, search: "?source=H5" })
    expect(memory.requests.map((request) => request.url)).toEqual(["/api/v1/open/config/app_config"])
  })

  it("a config failure is logged and the app still starts with the stored config", async () => {
    const { layer } = world(
      { "/api/v1/open/config/app_config": () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })) },
      { [StorageKeys.config]: JSON.stringify(config.list) }
    )
    const report = await runTest(Effect.zip(startApp(""), Effect.flatMap(Config, (c) => c.settings)).pipe(Effect.provide(layer)))
    expect(report[0]).toMatchObject({ configLoaded: false })
    expect(report[1].dailyPostCap).toBe(60)
  })

  it("an expired stored login (-401) starts logged out", async () => {
    const { kv, layer } = world({
      "/api/v1/user/info": () => envelope(-401, null, "登录已过期"),
      "/api/v1/open/config/app_config": () => envelope(0, config)
    }, storedLogin())
    const report = await runTest(startApp("").pipe(Effect.provide(layer)))
    expect(report.loggedIn).toBe(false)
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })

  it("a token in the address logs in and is taken out of the query (R8)", async () => {
    const { layer } = world({
      "/api/v1/user/info": () => envelope(0, user),
      "/api/v1/open/config/app_config": () => envelope(0, config)
    })
    const report = await runTest(startApp("?token=tok_from_url_0123456789&tab=like").pipe(Effect.provide(layer)))
    expect(report).toEqual({ loggedIn: true, configLoaded: true, search: "?tab=like" })
  })
})
