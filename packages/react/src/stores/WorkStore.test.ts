import { DrawType, StorageKeys } from "@mido/core"
import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, type World } from "../../test/world.js"
import { emptyWork } from "./WorkStore.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0]) => (world = makeWorld(options))
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const quick = { base_image_url: null, style_info: { group: "pro", name: "国风山水", cover: "https://cdn.mido.test/s.png" } }
const mj = { image_prompts: ["https://cdn.mido.test/1.png"], style_reference: [], character_reference: [], omni_reference: [], version_info: { name: "V7" } }

describe("WorkStore: the persisted work store (spec §3, §4 same-style)", () => {
  it("same-style stores the parameters with their draw type; a new start reads them back", async () => {
    const first = open({})
    first.store.start()
    first.store.work.applySameStyle({ action: "aigc", drawType: DrawType.quick_mj, params: mj })
    first.store.work.setRewardImage("https://cdn.mido.test/reward.png")
    const stored = first.kv.entries.get(StorageKeys.work)
    expect(JSON.parse(stored ?? "null")).toMatchObject({ drawType: 2, params: mj, rewardImage: "https://cdn.mido.test/reward.png", referenceImage: null })
    await first.dispose()

    const second = open({ stored: { [StorageKeys.work]: stored ?? "" } })
    second.store.start()
    expect(second.store.work.drawType).toBe(2)
    expect(second.store.work.params).toEqual(mj)
    expect(second.store.work.rewardImage).toBe("https://cdn.mido.test/reward.png")
  })

  it("switching the draw type drops the other type's parameters; clearParams and clear", () => {
    const { store } = open({})
    store.start()
    store.work.applySameStyle({ action: "aigc", drawType: DrawType.quick, params: quick })
    store.work.setReferenceImage("https://cdn.mido.test/ref.png")
    store.work.setDrawType(DrawType.quick)
    expect(store.work.params).toEqual(quick)
    store.work.setDrawType(DrawType.quick_mj)
    expect(store.work.params).toBeNull()
    expect(store.work.referenceImage).toBe("https://cdn.mido.test/ref.png")
    store.work.applySameStyle({ action: "aigc", drawType: DrawType.quick, params: quick })
    store.work.clearParams()
    expect(store.work.state).toMatchObject({ drawType: 1, params: null })
    store.work.clear()
    expect(store.work.state).toEqual(emptyWork)
  })

  it.each([
    ["not JSON", "{"],
    ["an unknown draw type", JSON.stringify({ ...emptyWork, drawType: 3 })],
    ["quick_mj parameters under draw type 1", JSON.stringify({ ...emptyWork, drawType: 1, params: { image_prompts: 5 } })],
    ["a missing field", JSON.stringify({ drawType: 1, params: null })]
  ])("a corrupt stored value (%s) counts as absent and is removed", (_name, text) => {
    const { store, kv } = open({ stored: { [StorageKeys.work]: text } })
    store.start()
    expect(store.work.state).toEqual(emptyWork)
    expect(kv.entries.has(StorageKeys.work)).toBe(false)
  })
})
