import { Layer } from "effect"
import { makeMemoryAnalytics } from "../adapters/MemoryAnalytics.js"
import { makeMemoryFileSaver } from "../adapters/MemoryFileSaver.js"
import { type MemoryHandler, makeMemoryHttp } from "../adapters/MemoryHttp.js"
import { makeMemoryKeyValueStore } from "../adapters/MemoryKeyValueStore.js"
import { Analytics } from "../ports/Analytics.js"
import { FileSaver } from "../ports/FileSaver.js"
import { Http } from "../ports/Http.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { type ApiClient, ApiClientLive } from "../services/ApiClient.js"
import { type AuthToken, AuthTokenLive } from "../services/AuthToken.js"

/**
 * The in-memory world a service test runs in: a fake server (`handler`), storage, analytics and a
 * file saver, plus the real AuthToken and ApiClient on top. Tests add the service under test with
 * `Layer.provideMerge(ServiceLive, core.layer)` and inspect `memory.requests`, `kv.entries` and so on.
 */
export const makeTestCore = (handler: MemoryHandler, stored: Readonly<Record<string, string>> = {}) => {
  const memory = makeMemoryHttp(handler)
  const kv = makeMemoryKeyValueStore(stored)
  const analytics = makeMemoryAnalytics()
  const files = makeMemoryFileSaver()
  const ports = Layer.mergeAll(
    Layer.succeed(Http, memory.http),
    Layer.succeed(KeyValueStore, kv.store),
    Layer.succeed(Analytics, analytics.analytics),
    Layer.succeed(FileSaver, files.fileSaver)
  )
  const auth = Layer.provideMerge(AuthTokenLive, ports)
  const layer: Layer.Layer<Http | KeyValueStore | Analytics | FileSaver | AuthToken | ApiClient> = Layer.provideMerge(ApiClientLive, auth)
  return { memory, kv, analytics, files, layer }
}

/** A stored login, as the auth store persists it. */
export const storedLogin = (token = "tok_0123456789abcdef") => ({ "mido.auth": JSON.stringify({ token }) })
