import { Effect, Layer } from "effect"
import { KeyValueStore, type KeyValueStoreShape } from "../ports/KeyValueStore.js"
import { makeMemoryKeyValueStore } from "./MemoryKeyValueStore.js"

/** The part of the Web Storage API the adapter needs (localStorage, sessionStorage). */
export interface WebStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * KeyValueStore over Web Storage. Private browsing and full quotas make storage throw; a failed
 * write is dropped (the app keeps working for this tab) rather than crashing the caller.
 */
export const makeWebStorageKeyValueStore = (storage: WebStorage) =>
  KeyValueStore.of({
    get: (key) => Effect.sync(() => {
      try {
        return storage.getItem(key) ?? undefined
      } catch {
        return undefined
      }
    }),
    set: (key, value) => Effect.sync(() => {
      try {
        storage.setItem(key, value)
      } catch {
        // quota or privacy mode: nothing to do but carry on
      }
    }),
    remove: (key) => Effect.sync(() => {
      try {
        storage.removeItem(key)
      } catch {
        // as above
      }
    })
  })

export const WebStorageKeyValueStoreLayer = (storage: WebStorage) => Layer.sync(KeyValueStore, () => makeWebStorageKeyValueStore(storage))

/**
 * KeyValueStore over the Web Storage `open` gives (localStorage in the app). Where the browser refuses
 * storage altogether (some privacy modes throw on the `localStorage` getter) the app keeps working for
 * this tab on an in-memory store.
 */
export const openWebStorageKeyValueStore = (open: () => WebStorage): KeyValueStoreShape => {
  try {
    return makeWebStorageKeyValueStore(open())
  } catch {
    return makeMemoryKeyValueStore().store
  }
}
