import { StorageKeys } from "@mido/core"
import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, type World } from "../../test/world.js"

const worlds: Array<World> = []
const open = (options: Parameters<typeof makeWorld>[0] = {}) => {
  const world = makeWorld(options)
  worlds.push(world)
  return world
}
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.dispose()
})

describe("SavedFlagsStore: the persisted flags (spec §3)", () => {
  it("isReadFixedMessage and feature-prompt-show are kept for good", () => {
    const first = open()
    first.store.start()
    expect(first.store.flags.isReadFixedMessage).toBe(false)
    first.store.flags.markFixedMessageRead()
    first.store.flags.dismissFeaturePrompt()
    expect(first.kv.entries.get(StorageKeys.readFixedMessage)).toBe("true")
    expect(first.kv.entries.get(StorageKeys.featurePromptShown)).toBe("true")

    const second = open({ stored: Object.fromEntries(first.kv.entries) })
    second.store.start()
    expect(second.store.flags.isReadFixedMessage).toBe(true)
    expect(second.store.flags.featurePromptShown).toBe(true)
  })

  it("a flag set before the stored flags were read (a busy start) is still saved once they are", () => {
    const world = open()
    world.store.flags.rememberH5()
    world.store.flags.markFixedMessageRead()
    world.store.flags.dismissFeaturePrompt()
    expect(world.kv.entries.get(StorageKeys.h5Flag)).toBeUndefined()
    world.store.start()
    expect(world.kv.entries.get(StorageKeys.h5Flag)).toBe("true")
    expect(world.kv.entries.get(StorageKeys.readFixedMessage)).toBe("true")
    expect(world.kv.entries.get(StorageKeys.featurePromptShown)).toBe("true")
    expect(world.store.flags.h5).toBe(true)
  })

  it("the H5 flag (spec §2, NV7) is kept for good under the core's key, as the text true", () => {
    const first = open()
    first.store.start()
    expect(first.store.flags.h5).toBe(false)
    first.store.flags.rememberH5()
    expect(first.store.flags.h5).toBe(true)
    expect(first.kv.entries.get(StorageKeys.h5Flag)).toBe("true")

    const second = open({ stored: Object.fromEntries(first.kv.entries) })
    second.store.start()
    expect(second.store.flags.h5).toBe(true)
    const corrupt = open({ stored: { [StorageKeys.h5Flag]: "H5" } })
    corrupt.store.start()
    expect(corrupt.store.flags.h5).toBe(false)
  })

  it("a corrupt flag counts as unset and is removed", () => {
    const { store, kv } = open({ stored: { [StorageKeys.readFixedMessage]: "yes please", [StorageKeys.featurePromptShown]: "1" } })
    store.start()
    expect(store.flags.isReadFixedMessage).toBe(false)
    expect(store.flags.featurePromptShown).toBe(false)
    expect(kv.entries.size).toBe(0)
  })

  it("a logout keeps the flags: they are the device's", async () => {
    const { store } = open()
    store.start()
    store.flags.markFixedMessageRead()
    store.flags.reset()
    expect(store.flags.isReadFixedMessage).toBe(true)
  })
})
