import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { sampleCard, sampleLibraryItem } from "../api/examples/artworkSamples.js"
import type { HttpRequest, HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { LibraryLive } from "./deferredServices.js"
import { Library } from "./Library.js"

const LIST = "/api/v2/artwork/list"
const DELETE = "/api/v2/artwork/delete"
const DETAIL = "/api/v1/open/user/get_artwork_group_detail"
const UPDATE = "/api/v1/user/update_artwork_group"
const CREATE_FILE = "/api/v1/base/file/create"
const UPLOAD = "/api/v2/artwork/upload"

const group = { id: 8801, name: "国风山水", description: "", cover: null, artwork_count: 0, is_public: true, created_at: 1793520000 }
const owner = { uid: 20001, nickname: "阿雪", avatar: "https://cdn.mido.example.com/a.png", is_vip: false }

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

  it("adds to a group by keeping every current artwork (read page by page) and appending the new ones once", async () => {
    const current = Array.from({ length: 130 }, (_, index) => index + 1)
    const { memory, layer } = setup((request) => {
      if (request.url === DETAIL) {
        const page = Number(request.query?.page)
        const list = current.slice((page - 1) * 100, page * 100).map((id) => ({ ...sampleCard, id }))
        return envelope(0, { group, owner, list, total: current.length })
      }
      if (request.url === UPDATE) return envelope(0, { ...group, artwork_count: (bodyOf(request) as { artwork_ids: Array<number> }).artwork_ids.length })
      return undefined
    })
    const saved = await run(layer, (library) => library.addToGroup(8801, [5, 500, 501]))
    expect(saved.artwork_count).toBe(132)
    const update = memory.requests.find((request) => request.url === UPDATE)
    expect(bodyOf(update)).toEqual({ id: 8801, artwork_ids: [...current, 500, 501] })
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
