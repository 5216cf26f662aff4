import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { makeMemoryAnalytics } from "../adapters/MemoryAnalytics.js"
import { makeMemoryFileSaver } from "../adapters/MemoryFileSaver.js"
import { envelope, makeMemoryHttp } from "../adapters/MemoryHttp.js"
import { makeMemoryKeyValueStore } from "../adapters/MemoryKeyValueStore.js"
import { Analytics } from "../ports/Analytics.js"
import { FileSaver } from "../ports/FileSaver.js"
import { Http } from "../ports/Http.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { Artworks } from "../services/Artworks.js"
import { Inbox } from "../services/Inbox.js"
import { Wallet } from "../services/Wallet.js"
import { startApp } from "../services/startApp.js"
import { makeCoreRuntime } from "./coreLayer.js"

describe("the core runtime (composition of every service over the ports)", () => {
  it("starts, answers through every layer, and disposes", async () => {
    const memory = makeMemoryHttp((request) =>
      request.url === "/api/v1/open/config/app_config" ? envelope(0, { list: [] }) : envelope(-401, null, "请先登录"))
    const ports = Layer.mergeAll(
      Layer.succeed(Http, memory.http),
      Layer.succeed(KeyValueStore, makeMemoryKeyValueStore().store),
      Layer.succeed(Analytics, makeMemoryAnalytics().analytics),
      Layer.succeed(FileSaver, makeMemoryFileSaver().fileSaver)
    )
    const runtime = makeCoreRuntime(ports)
    const report = await runtime.runPromise(startApp(""))
    expect(report).toEqual({ loggedIn: false, configLoaded: true, search: "" })
    const wiring = await runtime.runPromise(Effect.all([Wallet, Inbox, Artworks]).pipe(Effect.map((services) => services.length)))
    expect(wiring).toBe(3)
    const failure = await runtime.runPromise(Effect.flip(Effect.flatMap(Artworks, (artworks) => artworks.info(undefined))))
    expect(failure).toMatchObject({ _tag: "ArtworkIdMissing" })
    await runtime.dispose()
  })
})
