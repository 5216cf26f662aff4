import { mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { FileSaverShape } from "../ports/FileSaver.js"
import { makeDataLayerAnalytics } from "./DataLayerAnalytics.js"
import { makeMemoryAnalytics } from "./MemoryAnalytics.js"
import { makeMemoryFileSaver } from "./MemoryFileSaver.js"
import { makeDirectoryFileSaver } from "./node/DirectoryFileSaver.js"

describe("Analytics port contract", () => {
  const live = () => {
    const dataLayer: Array<Record<string, unknown>> = []
    return { events: dataLayer, analytics: makeDataLayerAnalytics(dataLayer) }
  }
  it.each([["data layer", live], ["memory", makeMemoryAnalytics]] as const)("%s: events arrive in order, as copies", async (_name, make) => {
    const { events, analytics } = make()
    const event = { event: "page_view", user_id_hash: "ab12" }
    await Effect.runPromise(Effect.zipRight(analytics.push(event), analytics.push({ event: "login" })))
    event.event = "changed later"
    expect(events).toEqual([{ event: "page_view", user_id_hash: "ab12" }, { event: "login" }])
  })

  it("a data layer that throws does not break the caller", async () => {
    const analytics = makeDataLayerAnalytics({ push: () => { throw new Error("blocked by an extension") } })
    await expect(Effect.runPromise(analytics.push({ event: "x" }))).resolves.toBeUndefined()
  })
})

describe("FileSaver port contract", () => {
  const directory = mkdtempSync(join(tmpdir(), "mido-save-"))
  const adapters: ReadonlyArray<readonly [string, () => { save: FileSaverShape["save"]; read: () => Array<[string, Array<number>]> }]> = [
    ["memory", () => {
      const { saved, fileSaver } = makeMemoryFileSaver()
      return { save: fileSaver.save, read: () => saved.map((file) => [file.name, [...file.bytes]]) }
    }],
    ["directory", () => {
      const saver = makeDirectoryFileSaver(directory)
      return { save: saver.save, read: () => readdirSync(directory).map((name) => [name, [...readFileSync(join(directory, name))]]) }
    }]
  ]
  it.each(adapters)("%s: saves the bytes under the given name, and never outside its place", async (_name, make) => {
    const { save, read } = make()
    await Effect.runPromise(save({ name: "image_zip.zip", type: "application/zip", bytes: new Uint8Array([80, 75, 3, 4]) }))
    expect(read()).toContainEqual(["image_zip.zip", [80, 75, 3, 4]])
  })

  it("the directory saver strips path segments from names", async () => {
    const saver = makeDirectoryFileSaver(directory)
    await Effect.runPromise(saver.save({ name: "../../escape.png", type: "image/png", bytes: new Uint8Array([1]) }))
    expect(readdirSync(directory)).toContain("escape.png")
  })
})
