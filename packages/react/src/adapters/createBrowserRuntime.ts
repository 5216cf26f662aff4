import { Analytics, type CoreRuntime, FileSaver, Http, KeyValueStore, makeCoreRuntime } from "@mido/core"
import { makeFetchHttp } from "@mido/core/browser"
import { Layer } from "effect"
import { makeBrowserAnalytics } from "./browserAnalytics.js"
import { makeBrowserKeyValueStore } from "./browserKeyValueStore.js"
import { makeBrowserFileSaver } from "./BrowserFileSaver.js"

export interface BrowserRuntimeOptions {
  /** Where the API lives; the site root by default (spec §7). */
  readonly baseUrl?: string
}

/**
 * The web app's composition root in one call (docs/ARCHITECTURE.md, the dependency rule): the core's services over fetch,
 * localStorage, `window.dataLayer` and browser downloads. `apps/web/src/main.tsx` passes the result
 * to <CoreProvider runtime={…}>, and disposes it if the app is ever torn down.
 */
export const createBrowserRuntime = (options: BrowserRuntimeOptions = {}): CoreRuntime =>
  makeCoreRuntime(
    Layer.mergeAll(
      Layer.sync(Http, () => makeFetchHttp({ baseUrl: options.baseUrl ?? "/" })),
      Layer.sync(KeyValueStore, () => makeBrowserKeyValueStore()),
      Layer.sync(Analytics, () => makeBrowserAnalytics()),
      Layer.sync(FileSaver, () => makeBrowserFileSaver())
    )
  )
