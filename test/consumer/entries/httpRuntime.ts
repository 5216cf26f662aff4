// The smallest real app: the core's runtime over the browser adapters plus a FileSaver of its own
// (./browser has none), and one service call (the app config). Budget: scripts/check-packages.mjs.
import { Config, FileSaver, makeCoreRuntime } from "@mido/core"
import { DataLayerAnalyticsLayer, FetchHttpLayer, WebStorageKeyValueStoreLayer } from "@mido/core/browser"
import { Effect, Layer } from "effect"

const runtime = makeCoreRuntime(
  Layer.mergeAll(
    FetchHttpLayer({ baseUrl: "/" }),
    WebStorageKeyValueStoreLayer(window.localStorage),
    DataLayerAnalyticsLayer([]),
    Layer.succeed(FileSaver, FileSaver.of({ save: () => Effect.void }))
  )
)

runtime.runPromise(Effect.flatMap(Config, (config) => config.load)).then((entries) => {
  document.body.textContent = String(entries.length)
})
