import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { KeyValueStoreShape } from "../ports/KeyValueStore.js"
import { keyValueStoreContract } from "../testing/keyValueStoreContract.js"
import { makeMemoryKeyValueStore } from "./MemoryKeyValueStore.js"
import { makeFileKeyValueStore } from "./node/FileKeyValueStore.js"
import { makeWebStorageKeyValueStore, type WebStorage } from "./WebStorageKeyValueStore.js"

/** A Storage with the real API's quirks: string values only, throwing when "full". */
const fakeStorage = (full = false): WebStorage => {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      if (full) throw new Error("QuotaExceededError")
      map.set(key, String(value))
    },
    removeItem: (key) => void map.delete(key)
  }
}

const adapters: ReadonlyArray<readonly [string, () => KeyValueStoreShape]> = [
  ["memory", () => makeMemoryKeyValueStore().store],
  ["web storage", () => makeWebStorageKeyValueStore(fakeStorage())],
  ["file", () => makeFileKeyValueStore(join(mkdtempSync(join(tmpdir(), "mido-kv-")), "store.json"))]
]

describe.each(adapters)("KeyValueStore contract: %s", (_name, make) => {
  it.each(keyValueStoreContract)("%s", async (_check, check) => {
    await Effect.runPromise(check(make()))
  })
})

describe("KeyValueStore adapters under failure", () => {
  it("web storage that throws on write (quota, private mode) does not crash the caller", async () => {
    const store = makeWebStorageKeyValueStore(fakeStorage(true))
    await Effect.runPromise(store.set("k", "v"))
    expect(await Effect.runPromise(store.get("k"))).toBeUndefined()
  })

  it("a file store whose file is corrupt reads as empty and can be written again", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "mido-kv-")), "store.json")
    const { writeFileSync } = await import("node:fs")
    writeFileSync(path, "{not json")
    const store = makeFileKeyValueStore(path)
    expect(await Effect.runPromise(store.get("k"))).toBeUndefined()
    await Effect.runPromise(store.set("k", "v"))
    expect(await Effect.runPromise(store.get("k"))).toBe("v")
  })
})
