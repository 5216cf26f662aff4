import type { KeyValueStoreShape } from "@mido/core"
import { openWebStorageKeyValueStore, type WebStorage } from "@mido/core/browser"

/**
 * The KeyValueStore port over localStorage (the core's Web Storage adapter). Where the browser refuses
 * storage altogether (some privacy modes throw on the `localStorage` getter) the app keeps working
 * for this tab on an in-memory store.
 */
export const makeBrowserKeyValueStore = (storage?: () => WebStorage): KeyValueStoreShape =>
  openWebStorageKeyValueStore(storage ?? (() => globalThis.localStorage))
