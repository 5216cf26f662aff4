import { Effect, Exit, Option } from "effect"
import { describe, expect, it } from "vitest"
import { makeMemoryKeyValueStore } from "../adapters/MemoryKeyValueStore.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { makePersistedValue } from "./persistedValue.js"
import { flag, nullOr, struct, text } from "./storedShape.js"

const sidebar = struct({ expanded: flag })

const open = <A>(saved: Readonly<Record<string, string>>, shape: (value: unknown) => A | undefined) => {
  const memory = makeMemoryKeyValueStore(saved)
  const value = Effect.runSync(makePersistedValue("k", shape).pipe(Effect.provideService(KeyValueStore, memory.store)))
  return { memory, value }
}

// docs/ARCHITECTURE.md, Conventions: a corrupt saved value counts as absent and is removed (ADR 0032)
describe("a saved value read back with its StoredShape", () => {
  it.each([
    ["text that is not JSON", "{expanded"],
    ["JSON of another shape", '{"expanded":"yes"}'],
    ["JSON of another type", "[true]"]
  ])("%s counts as absent and is removed", (_name, saved) => {
    const { memory, value } = open({ k: saved }, sidebar)
    expect(Effect.runSync(value.get)).toEqual(Option.none())
    expect(memory.entries.has("k")).toBe(false)
  })

  it("a value that fits is read, its unknown keys dropped", () => {
    const { value } = open({ k: '{"expanded":false,"old":1}' }, sidebar)
    expect(Effect.runSync(value.get)).toEqual(Option.some({ expanded: false }))
  })

  it("a saved null is a value when the shape allows it, as Schema.NullOr read it", () => {
    const { memory, value } = open({ k: "null" }, nullOr(text()))
    expect(Effect.runSync(value.get)).toEqual(Option.some(null))
    expect(memory.entries.get("k")).toBe("null")
  })

  it("writes, keeps and tells what its shape reads of the value (no unknown keys), as a reload would read it", () => {
    const { memory, value } = open({}, sidebar)
    const heard: Array<unknown> = []
    value.subscribe((next) => heard.push(next))
    Effect.runSync(value.set({ expanded: true, extra: 1 } as { expanded: boolean }))
    expect(memory.entries.get("k")).toBe('{"expanded":true}')
    expect(heard).toEqual([Option.some({ expanded: true })])
    expect(Effect.runSync(value.get)).toEqual(Option.some({ expanded: true }))
    Effect.runSync(value.clear)
    expect(memory.entries.has("k")).toBe(false)
    expect(heard.at(-1)).toEqual(Option.none())
  })

  it("refuses to save a value that does not fit (a defect of the caller), and keeps the saved one", () => {
    const { memory, value } = open({ k: '{"expanded":true}' }, sidebar)
    const exit = Effect.runSyncExit(value.set({ expanded: "yes" } as unknown as { expanded: boolean }))
    expect(Exit.isFailure(exit) && Exit.causeOption(exit).pipe(Option.isSome)).toBe(true)
    expect(memory.entries.get("k")).toBe('{"expanded":true}')
  })
})
