import { type KeyValueStoreShape, makeMemoryKeyValueStore, makeWebStorageKeyValueStore, type WebStorage } from "@mido/core"

/**
 * The KeyValueStore port over localStorage (the core's Web Storage adapter). Where the browser refuses
 * storage altogether (some privacy modes throw on the `localStorage` getter) the app keeps working
 * for this tab on an in-memory store.
 */
export const makeBrowserKeyValueStore = (storage?: () => WebStorage): KeyValueStoreShape => {
  try {
    return makeWebStorageKeyValueStore(storage === undefined ? globalThis.localStorage : storage())
  } catch {
    return makeMemoryKeyValueStore().store
  }
}
