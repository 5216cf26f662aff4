import { Effect, Layer, Logger } from "effect"
import JSZip from "jszip"
import { describe, expect, it } from "vitest"
import type { BinaryResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore } from "../testing/testCore.js"
import { DownloadsLive } from "./deferredServices.js"
import { Downloads, downloadsMembers } from "./Downloads.js"
import { NetworkError } from "../api/ApiErrors.js"

const CDN = "https://cdn.mido.example.com/artwork"
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 2])
const image = (bytes: Uint8Array, status = 200): BinaryResponse => ({ status, contentType: undefined, bytes })

const setup = (files: Record<string, BinaryResponse>) => {
  const core = makeTestCore(() => undefined)
  for (const [url, file] of Object.entries(files)) core.memory.files.set(url, file)
  const quiet = Logger.replace(Logger.defaultLogger, Logger.none)
  return { ...core, layer: Layer.merge(Layer.provideMerge(DownloadsLive, core.layer), quiet) }
}

describe("Downloads.downloadZipReport: the batch with its outcome for the page (spec §7, issue 12)", () => {
  it("names every image left out by its n and reports progress for each image", async () => {
    const urls = [`${CDN}/1.png`, `${CDN}/gone.png`, `${CDN}/3.jpg`, `${CDN}/forbidden.png`]
    const { files, layer } = setup({ [urls[0]!]: image(PNG), [urls[2]!]: image(JPEG), [urls[3]!]: image(PNG, 403) })
    const progress: Array<string> = []
    const report = await runTest(
      Effect.flatMap(Downloads, (downloads) => downloads.downloadZipReport(urls, (done, total) => progress.push(`${done}/${total}`))).pipe(Effect.provide(layer))
    )
    expect(report.saved).toBe(2)
    expect(report.failed.map((failure) => [failure.n, failure.url])).toEqual([[2, urls[1]], [4, urls[3]]])
    expect(report.failed[1]!.reason).toBe("HTTP 403")
    expect(progress).toHaveLength(4)
    expect(progress.at(-1)).toBe("4/4")
    const archive = await JSZip.loadAsync(files.saved[0]!.bytes)
    expect(Object.keys(archive.files).sort()).toEqual(["image_1.png", "image_3.jpg"])
  })

  it("every image failing saves nothing and names them all", async () => {
    const { files, layer } = setup({})
    const report = await runTest(Effect.flatMap(Downloads, (downloads) => downloads.downloadZipReport([`${CDN}/a.png`, `${CDN}/b.png`])).pipe(Effect.provide(layer)))
    expect(report).toMatchObject({ saved: 0, failed: [{ n: 1 }, { n: 2 }] })
    expect(files.saved).toEqual([])
  })

  it("an empty list saves nothing and names nothing", async () => {
    const { layer } = setup({})
    expect(await runTest(Effect.flatMap(Downloads, (downloads) => downloads.downloadZipReport([])).pipe(Effect.provide(layer)))).toEqual({ saved: 0, failed: [] })
  })

  it("offline (the code cannot be fetched) names every image as failed, with the network message", async () => {
    const plan = downloadsMembers.downloadZipReport
    if (typeof plan !== "object" || !("offline" in plan)) throw new Error("downloadZipReport must answer offline")
    const report = await runTest(plan.offline(new NetworkError({ route: "code:Downloads", reason: "fetch failed" }), [`${CDN}/a.png`]))
    expect(report).toEqual({ saved: 0, failed: [{ n: 1, url: `${CDN}/a.png`, reason: "网络异常，请检查网络后重试" }] })
  })
})
