import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { sampleCircle, samplePost } from "../api/examples/communitySamples.js"
import type { HttpRequest, HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { type CirclesShape, makeCirclesService } from "./Circles.js"

const LIST = "/api/v1/open/community/circle/list"
const CREATE = "/api/v1/community/circle/create"
const UPDATE = "/api/v1/community/circle/update"
const SUBMIT = "/api/v1/community/assignment/submit"
const POSTS = "/api/v1/open/community/post/list"

const run = <A, E>(answer: (request: HttpRequest) => HttpResponse | undefined, use: (circles: CirclesShape) => Effect.Effect<A, E>) => {
  const { memory, layer } = makeTestCore(answer, storedLogin())
  const result = runTest(Effect.either(Effect.flatMap(makeCirclesService, use)).pipe(Effect.provide(layer)))
  return { memory, result }
}
const bodyOf = (request: HttpRequest | undefined) => (request?.body?.kind === "json" ? request.body.value : undefined)
const cover = "https://oss.mido.example/u/1/cover.png"

describe("Circles (issue 17, the circle pages)", () => {
  it.each([
    ["a blank search is no filter", "all", "  ", { scope: "all", page: "2", size: "12" }],
    ["a search sends its words trimmed", "joined", " 水彩 ", { scope: "joined", keyword: "水彩", page: "2", size: "12" }]
  ] as const)("list: %s", async (_name, scope, keyword, query) => {
    const { memory, result } = run((request) => (request.url === LIST ? envelope(0, { list: [sampleCircle], total: 1 }) : undefined), (circles) => circles.circles(scope, keyword, 2, 12))
    const answer = await result
    expect(Either.isRight(answer) && answer.right.total).toBe(1)
    expect(memory.requests[0]?.query).toEqual(query)
  })

  it("list: a search over 20 characters is refused before anything is sent", async () => {
    const { memory, result } = run(() => undefined, (circles) => circles.circles("all", "字".repeat(21), 1, 12))
    const answer = await result
    expect(Either.isLeft(answer) && answer.left._tag === "InvalidInput" && answer.left.message).toBe("搜索词不能超过 20 个字")
    expect(memory.requests).toHaveLength(0)
  })

  it.each([
    ["CI3 no cover", { name: "水彩", avatar: "", cover: "", description: "" }, "请上传圈子封面"],
    ["the route's schema: no name", { name: "  ", avatar: "", cover, description: "" }, "请输入圈子名称"],
    ["the route's schema: a long name", { name: "圈".repeat(21), avatar: "", cover, description: "" }, "圈子名称不能超过 20 个字"],
    ["the route's schema: a long description", { name: "水彩", avatar: "", cover, description: "简".repeat(201) }, "圈子简介不能超过 200 个字"],
    ["the route's schema: not an image address", { name: "水彩", avatar: "", cover: "javascript:alert(1)", description: "" }, "图片地址无效"]
  ] as const)("save refuses %s with the form's message and sends nothing", async (_name, values, message) => {
    const { memory, result } = run(() => undefined, (circles) => circles.save(null, values))
    const answer = await result
    expect(Either.isLeft(answer) && answer.left._tag === "InvalidInput" && answer.left.message).toBe(message)
    expect(memory.requests).toHaveLength(0)
  })

  it("save creates without an id and updates with one, the cover standing in for a missing avatar", async () => {
    const answer = (request: HttpRequest) => (request.url === CREATE || request.url === UPDATE ? envelope(0, sampleCircle) : undefined)
    const created = run(answer, (circles) => circles.save(null, { name: " 水彩 ", avatar: "", cover, description: "" }))
    expect(Either.isRight(await created.result)).toBe(true)
    expect(created.memory.requests[0]?.url).toBe(CREATE)
    expect(bodyOf(created.memory.requests[0])).toEqual({ name: "水彩", avatar: cover, cover, description: "" })
    const updated = run(answer, (circles) => circles.save(7, { name: "水彩", avatar: cover, cover, description: "新简介" }))
    expect(Either.isRight(await updated.result)).toBe(true)
    expect(updated.memory.requests[0]?.url).toBe(UPDATE)
    expect(bodyOf(updated.memory.requests[0])).toEqual({ id: 7, name: "水彩", avatar: cover, cover, description: "新简介" })
  })

  it("submit hands in the work with its cover as the post's image", async () => {
    const { memory, result } = run((request) => (request.url === SUBMIT ? envelope(0, samplePost) : undefined),
      (circles) => circles.submit(3, "交作业", { id: 42, cover, width: 768, height: 1024 }))
    expect(Either.isRight(await result)).toBe(true)
    expect(bodyOf(memory.requests[0])).toEqual({ assignment_id: 3, content: "交作业", artwork_id: 42, images: [{ url: cover, width: 768, height: 1024 }] })
  })

  it("a circle's posts are the feed filtered by the circle, newest first", async () => {
    const { memory, result } = run((request) => (request.url === POSTS ? envelope(0, { list: [samplePost] }) : undefined),
      (circles) => circles.posts(5, "abc", 20))
    expect(Either.isRight(await result)).toBe(true)
    expect(memory.requests[0]?.query).toEqual({ circle_id: "5", sort: "new", size: "20", cursor: "abc" })
  })
})

describe("Circles: an image of the circle form", () => {
  it("is recorded with file/create (scene community) after its direct upload, and its checked address is used", async () => {
    const stored = { id: 9, key: "u/1/202611/a.png", url: "https://oss.mido.example/uploads/u/1/202611/a.png", size: 2048, content_type: "image/png", width: 800, height: 160 }
    const { memory, result } = run((request) => (request.url === "/api/v1/base/file/create" ? envelope(0, stored) : undefined), (circles) => circles.storeImage("u/1/202611/a.png"))
    const answer = await result
    expect(Either.isRight(answer) && answer.right).toBe(stored.url)
    expect(bodyOf(memory.requests[0])).toEqual({ key: "u/1/202611/a.png", scene: "community" })
  })
})
