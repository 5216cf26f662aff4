import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { Effect, Layer } from "effect"
import { KeyValueStore } from "../../ports/KeyValueStore.js"

/**
 * KeyValueStore in one JSON file, for the harness (it remembers a login between commands).
 * Writes go to a temporary file first and are renamed over the old one, so a crash never leaves
 * half a file; an unreadable file counts as empty.
 */
export const makeFileKeyValueStore = (path: string) => {
  const read = (): Record<string, string> => {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, "utf8"))
      return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
        ? Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
        : {}
    } catch {
      return {}
    }
  }
  const write = (entries: Record<string, string>) => {
    mkdirSync(dirname(path), { recursive: true })
    const temporary = `${path}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify(entries, null, 2), { mode: 0o600 })
    renameSync(temporary, path)
  }
  return KeyValueStore.of({
    get: (key) => Effect.sync(() => read()[key]),
    set: (key, value) => Effect.sync(() => write({ ...read(), [key]: value })),
    remove: (key) => Effect.sync(() => {
      const { [key]: _removed, ...rest } = read()
      write(rest)
    })
  })
}

export const FileKeyValueStoreLayer = (path: string) => Layer.sync(KeyValueStore, () => makeFileKeyValueStore(path))
