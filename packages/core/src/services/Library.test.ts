import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { sampleLibraryItem } from "../api/examples/artworkSamples.js"
import type { HttpRequest, HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { LibraryLive } from "./deferredServices.js"
import { Library } from "./Library.js"

const LIST = "/api/v2/artwork/list"
const DELETE = "/api/v2/artwork/delete"
const CREATE_FILE = "/api/v1/base/file/create"
const UPLOAD = "/api/v2/artwork/upload"


const setup = (answer: (request: HttpRequest) => HttpResponse | undefined) => {
  const core = makeTestCore(answer, storedLogin())
  return { ...core, layer: Layer.provideMerge(LibraryLive, core.layer) }
}
const run = <A, E>(layer: ReturnType<typeof setup>["layer"], use: (library: typeof Library.Service) => Effect.Effect<A, E>) =>
  runTest(Effect.flatMap(Library, use).pipe(Effect.provide(layer)))
const bodyOf = (request: HttpRequest | undefined) => (request?.body?.kind === "json" ? request.body.value : undefined)

describe("Library (/property, issue 12)", () => {
  it.each([
    ["no filter", {}, { page: "2", size: "30" }],
    ["blank words and days are no filter", { q: "   ", from: "", to: "" }, { page: "2", size: "30" }],
    ["every filter, words trimmed", { type: "sd", q: " 灯笼 ", from: "2026-03-01", to: "2026-03-02" }, { type: "sd", q: "灯笼", from: "2026-03-01", to: "2026-03-02", page: "2", size: "30" }]
  ] as const)("a page with %s sends only what narrows the list", async (_name, filter, query) => {
    const { memory, layer } = setup((request) => (request.url === LIST ? envelope(0, { list: [sampleLibraryItem], total: 31 }) : undefined))
    const page = await run(layer, (library) => library.page(filter, 2))
    expect(page.total).toBe(31)
    expect(memory.requests[0]?.query).toEqual(query)
  })

  it("deletes in batches of at most 100 and counts what went", async () => {
    const { memory, layer } = setup((request) =>
      request.url === DELETE ? envelope(0, { deleted: (bodyOf(request) as { ids: Array<number> }).ids.length }) : undefined)
    const ids = Array.from({ length: 230 }, (_, index) => index + 1)
    expect(await run(layer, (library) => library.remove([...ids, 1]))).toBe(230)
    expect(memory.requests.map((request) => (bodyOf(request) as { ids: Array<number> }).ids.length)).toEqual([100, 100, 30])
  })

  it("records an upload: file/create checks the bytes and gives the public address, which artwork/upload saves", async () => {
    const publicUrl = "https://cdn.mido.example.com/uploads/u/20001/202611/a.png"
    const { memory, layer } = setup((request) => {
      if (request.url === CREATE_FILE) return envelope(0, { id: 7, key: "u/20001/202611/a.png", url: publicUrl, size: 100, width: 64, height: 48, content_type: "image/png" })
      if (request.url === UPLOAD) return envelope(0, sampleLibraryItem)
      return undefined
    })
    await run(layer, (library) => library.recordUpload("u/20001/202611/a.png", "我的图.png"))
    expect(bodyOf(memory.requests[0])).toEqual({ key: "u/20001/202611/a.png", scene: "artwork", name: "我的图.png" })
    expect(bodyOf(memory.requests[1])).toMatchObject({ type: "sd", url: publicUrl, parameters: { prompt: "" } })
  })
})
