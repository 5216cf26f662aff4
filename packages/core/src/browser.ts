/**
 * @mido/core/browser: the adapters a web app composes the core with (docs/ARCHITECTURE.md, the dependency rule: only a composition
 * root chooses adapters). fetch (through ofetch) for HTTP (it runs in Node too, so the harness uses it), Web Storage
 * for the key-value port, the page's data layer for analytics. Kept out of the main entry so that code
 * which only needs the rules, schemas and services (the server, the stores) never pulls in an adapter.
 * Node adapters: @mido/core/node; in-memory ones: @mido/core/testing.
 */
export { FetchHttpLayer, type FetchHttpOptions, type HttpRequestInfo, type HttpResponseInfo, makeFetchHttp } from "./adapters/FetchHttp.js"
export {
  makeWebStorageKeyValueStore,
  openWebStorageKeyValueStore,
  type WebStorage,
  WebStorageKeyValueStoreLayer
} from "./adapters/WebStorageKeyValueStore.js"
export { type DataLayer, DataLayerAnalyticsLayer, makeDataLayerAnalytics } from "./adapters/DataLayerAnalytics.js"
