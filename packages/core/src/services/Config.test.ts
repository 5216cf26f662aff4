import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { HttpFailure, type HttpRequest } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore } from "../testing/testCore.js"
import { Config, ConfigLive } from "./Config.js"
import { StorageKeys } from "./storageKeys.js"

const tool = { key: "hd-repair", name: "高清修复", description: "让模糊照片变清晰", cover: "https://cdn.mido.test/hd.png", path: "/tools/hd-repair" }

const withConfig = (answer: (request: HttpRequest) => unknown, stored: Record<string, string> = {}) => {
  const core = makeTestCore(answer as never, stored)
  return { ...core, layer: Layer.provideMerge(ConfigLive, core.layer) }
}

describe("Config service (spec §3 config keys, §7 app_config and tools)", () => {
  it("loads, persists and tells subscribers the typed settings", async () => {
    const list = [{ key: "points.first-post", value: ["30"] }, { key: "points.daily-post", value: ["5"] }]
    const { kv, layer } = withConfig(() => envelope(0, { list }))
    const seen: Array<number> = []
    await runTest(
      Effect.gen(function* () {
        const config = yield* Config
        config.subscribe((settings) => seen.push(settings.dailyPostCap))
        yield* config.load
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toEqual([35])
    expect(JSON.parse(kv.entries.get(StorageKeys.config) ?? "[]")).toEqual(list)
  })

  it("a corrupt stored config counts as empty", async () => {
    const { layer } = withConfig(() => envelope(0, { list: [] }), { [StorageKeys.config]: "{oops" })
    const current = await runTest(Effect.flatMap(Config, (config) => config.current).pipe(Effect.provide(layer)))
    expect(current).toEqual([])
  })

  it("lists the tools", async () => {
    const { layer } = withConfig(() => envelope(0, { list: [tool] }))
    const tools = await runTest(Effect.flatMap(Config, (config) => config.tools).pipe(Effect.provide(layer)))
    expect(tools).toEqual([tool])
  })

  it.each([
    ["code ≠ 0", () => envelope(500, null, "服务繁忙"), { _tag: "ApiError", msg: "服务繁忙" }],
    ["-401", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }],
    ["a network failure", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })), { _tag: "NetworkError" }],
    ["a malformed tool", () => envelope(0, { list: [{ ...tool, path: 42 }] }), { _tag: "DecodeError", field: "list.0.path" }]
  ] as const)("tools fail with a typed error on %s", async (_name, answer, expected) => {
    const { layer } = withConfig(answer)
    const error = await runTest(Effect.flatMap(Config, (config) => Effect.flip(config.tools)).pipe(Effect.provide(layer)))
    expect(error).toMatchObject(expected)
  })
})
