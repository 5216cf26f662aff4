import { Effect, Layer } from "effect"
import { KeyValueStore } from "../ports/KeyValueStore.js"

/** KeyValueStore in a Map: for tests, the harness and server-side rendering. */
export const makeMemoryKeyValueStore = (initial: Readonly<Record<string, string>> = {}) => {
  const entries = new Map(Object.entries(initial))
  return {
    entries,
    store: KeyValueStore.of({
      get: (key) => Effect.sync(() => entries.get(key)),
      set: (key, value) => Effect.sync(() => void entries.set(key, value)),
      remove: (key) => Effect.sync(() => void entries.delete(key))
    })
  }
}

export const MemoryKeyValueStoreLayer = (initial: Readonly<Record<string, string>> = {}) =>
  Layer.sync(KeyValueStore, () => makeMemoryKeyValueStore(initial).store)
