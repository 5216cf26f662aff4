import { Duration, Effect, Fiber, Layer, Logger, TestClock } from "effect"
import JSZip from "jszip"
import { beforeAll, describe, expect, it } from "vitest"
import { makeMemoryFileSaver } from "../adapters/MemoryFileSaver.js"
import { FileSaver } from "../ports/FileSaver.js"
import { type BinaryResponse, Http, HttpFailure } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore } from "../testing/testCore.js"
import { DownloadsLive } from "./deferredServices.js"
import { Downloads, ZIP_FILE_NAME } from "./Downloads.js"
import { imageBaseName } from "./downloadNames.js"

// The service's code is fetched on first use by a real import() (deferredImplementations.ts). Tests that fork a
// call and then move the TestClock need it fetched already, as a browser has it after the first use,
// whichever test runs first.
beforeAll(() => import("./deferredImplementations.js"))

const CDN = "https://cdn.mido.example.com/artwork"
const bytes = (...values: ReadonlyArray<number>) => Uint8Array.from(values)
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3)
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 4, 5)
const GIF = Uint8Array.from("GIF89a\x01\x00", (char) => char.charCodeAt(0))

const setup = (files: Record<string, BinaryResponse>) => {
  const core = makeTestCore(() => undefined)
  for (const [url, file] of Object.entries(files)) core.memory.files.set(url, file)
  const logs: Array<string> = []
  const capture = Logger.replace(Logger.defaultLogger, Logger.make(({ logLevel, message }) => void logs.push(`${logLevel.label} ${String(message)}`)))
  return { ...core, logs, layer: Layer.merge(Layer.provideMerge(DownloadsLive, core.layer), capture) }
}
const image = (body: Uint8Array, contentType?: string, status = 200): BinaryResponse => ({ status, contentType, bytes: body })

const run = <A>(layer: ReturnType<typeof setup>["layer"], use: (downloads: typeof Downloads.Service) => Effect.Effect<A>) =>
  runTest(Effect.flatMap(Downloads, use).pipe(Effect.provide(layer)))

const unzip = async (data: Uint8Array) => {
  const archive = await JSZip.loadAsync(data)
  const names = Object.keys(archive.files).sort()
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, Array.from(await archive.files[name]!.async("uint8array"))] as const)))
}

describe("Downloads: one image (spec §5 type, §7, §8)", () => {
  it.each([
    ["the content type names it", image(PNG, "image/jpeg"), "52031.jpg", "image/jpeg"],
    ["no content type: the first bytes", image(GIF), "52031.gif", "image/gif"],
    ["octet-stream: the first bytes", image(JPEG, "application/octet-stream"), "52031.jpg", "image/jpeg"],
    ["nothing to go on: png", image(bytes(1, 2, 3), "text/plain"), "52031.png", "image/png"],
    ["webp by header", image(bytes(1), "image/webp; charset=binary"), "52031.webp", "image/webp"]
  ] as const)("%s", async (_name, file, name, type) => {
    const url = `${CDN}/52031.png?x-oss-process=image/resize,w_1024`
    const { files, layer } = setup({ [url]: file })
    expect(await run(layer, (downloads) => downloads.downloadImage(url))).toBe(true)
    expect(files.saved).toEqual([{ name, type, bytes: file.bytes }])
  })

  it("takes the caller's name, cleaned of path characters", async () => {
    const url = `${CDN}/1.png`
    const { files, layer } = setup({ [url]: image(PNG, "image/png") })
    await run(layer, (downloads) => downloads.downloadImage(url, "../江南/烟雨:1"))
    expect(files.saved[0]?.name).toBe("江南烟雨1.png")
  })

  it.each([
    ["no answer", {}, "no file at"],
    ["HTTP 404", { [`${CDN}/1.png`]: image(PNG, "image/png", 404) }, "HTTP 404"],
    ["no bytes", { [`${CDN}/1.png`]: image(bytes(), "image/png") }, "no bytes"]
  ] as const)("%s: logged only, false, nothing saved", async (_name, served, reason) => {
    const { files, logs, layer } = setup(served)
    expect(await run(layer, (downloads) => downloads.downloadImage(`${CDN}/1.png`))).toBe(false)
    expect(files.saved).toEqual([])
    expect(logs).toEqual([expect.stringContaining(reason)])
    expect(logs[0]).toMatch(/^WARN image download failed/)
  })

  it.each([
    ["the caller's name wins", "https://x.test/a/b.png", "作品 1", "作品 1"],
    ["the address's last part without extension", "https://x.test/a/52031.webp?x=1", undefined, "52031"],
    ["an encoded name is decoded", "https://x.test/a/%E7%83%9F%E9%9B%A8.png", undefined, "烟雨"],
    ["a bad encoding falls back", "https://x.test/a/%E7.png", undefined, "image"],
    ["no last part", "https://x.test/", undefined, "image"],
    ["a blank caller's name falls back to the address", "https://x.test/7.png", "  ", "7"],
    ["control characters and reserved ones go", "https://x.test/a.png", "a\u0000b<c>|d", "abcd"],
    ["a leading dot goes (no hidden files)", "https://x.test/.png", undefined, "png"]
  ] as const)("imageBaseName: %s", (_name, url, baseName, expected) => {
    expect(imageBaseName(url, baseName)).toBe(expected)
  })
})

describe("Downloads: batch into image_zip.zip (spec §7, §8)", () => {
  it("zips the images as image_{n}.{ext}, n their place in the list, skipping failures", async () => {
    const urls = [`${CDN}/1.png`, `${CDN}/missing.png`, `${CDN}/3`, `${CDN}/4.gif`]
    const { files, logs, layer } = setup({ [urls[0]!]: image(PNG, "image/png"), [urls[2]!]: image(JPEG), [urls[3]!]: image(GIF, "image/gif") })
    expect(await run(layer, (downloads) => downloads.downloadZip(urls))).toBe(3)
    expect(files.saved).toHaveLength(1)
    expect(files.saved[0]).toMatchObject({ name: "image_zip.zip", type: "application/zip" })
    expect(ZIP_FILE_NAME).toBe("image_zip.zip")
    expect(await unzip(files.saved[0]!.bytes)).toEqual({ "image_1.png": Array.from(PNG), "image_3.jpg": Array.from(JPEG), "image_4.gif": Array.from(GIF) })
    expect(logs).toEqual([expect.stringContaining("missing.png")])
  })

  it("an empty list warns and saves nothing", async () => {
    const { files, memory, logs, layer } = setup({})
    expect(await run(layer, (downloads) => downloads.downloadZip([]))).toBe(0)
    expect(files.saved).toEqual([])
    expect(memory.requests).toEqual([])
    expect(logs).toEqual(["WARN batch download: no images to download"])
  })

  it("every image failing warns and saves no empty zip", async () => {
    const { files, logs, layer } = setup({})
    expect(await run(layer, (downloads) => downloads.downloadZip([`${CDN}/a.png`, `${CDN}/b.png`]))).toBe(0)
    expect(files.saved).toEqual([])
    expect(logs.at(-1)).toBe("WARN batch download: none of 2 images could be fetched")
  })

  it("fetches at most 4 at once, and keeps list order whatever finishes first", async () => {
    let inFlight = 0
    let most = 0
    const urls = Array.from({ length: 10 }, (_, i) => `${CDN}/${i + 1}.png`)
    const http = Http.of({
      request: () => Effect.fail(new HttpFailure({ reason: "unused", timeout: false })),
      download: (url) =>
        Effect.acquireUseRelease(
          Effect.sync(() => {
            inFlight++
            most = Math.max(most, inFlight)
          }),
          // later images answer sooner
          () => Effect.as(Effect.sleep(Duration.millis(1000 - urls.indexOf(url) * 50)), image(bytes(urls.indexOf(url) + 1), "image/png")),
          () => Effect.sync(() => void inFlight--)
        )
    })
    const files = makeMemoryFileSaver()
    const layer = Layer.provide(DownloadsLive, Layer.merge(Layer.succeed(Http, http), Layer.succeed(FileSaver, files.fileSaver)))
    const count = await runTest(
      Effect.gen(function* () {
        const fiber = yield* Effect.fork(Effect.flatMap(Downloads, (downloads) => downloads.downloadZip(urls)))
        yield* TestClock.adjust("10 seconds")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(layer))
    )
    expect(count).toBe(10)
    expect(most).toBe(4)
    const entries = await unzip(files.saved[0]!.bytes)
    expect(Object.keys(entries)).toHaveLength(10)
    expect(urls.map((_, i) => entries[`image_${i + 1}.png`])).toEqual(urls.map((_, i) => [i + 1]))
  })
})
