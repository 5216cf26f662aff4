import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { articleDraftKey } from "../domain/article/articleDraft.js"
import type { HttpRequest, HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { type ArticleForm, type ArticlesShape, makeArticlesService } from "./Articles.js"

const PUBLISH = "/api/v1/community/article/publish"
const CIRCLES = "/api/v1/open/community/circle/list"

const setup = (answer: (request: HttpRequest) => HttpResponse | undefined = () => undefined, stored: Record<string, string> = {}) => {
  const core = makeTestCore(answer, { ...storedLogin(), ...stored })
  const run = <A, E>(use: (articles: ArticlesShape) => Effect.Effect<A, E>) => runTest(Effect.flatMap(makeArticlesService, use).pipe(Effect.provide(core.layer)))
  return { ...core, run }
}
const bodyOf = (request: HttpRequest | undefined) => (request?.body?.kind === "json" ? request.body.value : undefined)
const form: ArticleForm = { title: " 我的文章 ", cover: "", summary: "  ", circle_id: null, content: "# 标题\n\n正文" }

describe("Articles (the article pages, issue 17)", () => {
  it("publish leaves blank optional fields out and sends the trimmed title", async () => {
    const { memory, run } = setup((request) => (request.url === PUBLISH ? envelope(500, null, "stop here") : undefined))
    await run((articles) => Effect.either(articles.publish(form)))
    expect(bodyOf(memory.requests[0])).toEqual({ title: "我的文章", summary: "", content: "# 标题\n\n正文" })
  })

  it("publish sends the cover, summary and circle when given", async () => {
    const { memory, run } = setup((request) => (request.url === PUBLISH ? envelope(500, null, "stop here") : undefined))
    await run((articles) => Effect.either(articles.publish({ ...form, cover: "http://127.0.0.1/uploads/a.png", summary: "摘要", circle_id: 4 })))
    expect(bodyOf(memory.requests[0])).toEqual({ title: "我的文章", content: "# 标题\n\n正文", cover: "http://127.0.0.1/uploads/a.png", summary: "摘要", circle_id: 4 })
  })

  it.each([
    ["no title", { ...form, title: "  " }, "请输入标题"],
    ["a data: cover", { ...form, cover: "data:image/png;base64,AAAA" }]
  ] as const)("publish with %s is refused before anything is sent", async (_name, bad, message?: string) => {
    const { memory, run } = setup()
    const result = await run((articles) => Effect.either(articles.publish(bad)))
    expect(result._tag).toBe("Left")
    if (message !== undefined && result._tag === "Left") expect(result.left.message).toBe(message)
    expect(memory.requests).toEqual([])
  })

  it("an image sent to storage is recorded as a community upload and its public address used", async () => {
    const url = "https://cdn.mido.example.com/uploads/u/20001/202611/a.png"
    const { memory, run } = setup((request) => (request.url === "/api/v1/base/file/create" ? envelope(0, { id: 7, key: "u/20001/202611/a.png", url, size: 100, width: 64, height: 48, content_type: "image/png" }) : undefined))
    expect(await run((articles) => articles.recordImage("u/20001/202611/a.png"))).toBe(url)
    expect(bodyOf(memory.requests[0])).toEqual({ key: "u/20001/202611/a.png", scene: "community" })
  })

  it("the circles offered are the caller's joined ones", async () => {
    const { memory, run } = setup((request) => (request.url === CIRCLES ? envelope(0, { list: [], total: 0 }) : undefined))
    await run((articles) => articles.joinedCircles())
    expect(memory.requests[0]?.query).toEqual({ scope: "joined", page: "1", size: "50" })
  })

  it("AR5 a draft is kept per account, read back and cleared", async () => {
    const { kv, run } = setup()
    const draft = { title: "草稿", cover: "", summary: "", circle_id: null, content: "正文", saved_at: 1 }
    const read = await run((articles) => Effect.gen(function* () {
      yield* articles.saveDraft(7, draft)
      const mine = yield* articles.loadDraft(7)
      const theirs = yield* articles.loadDraft(8)
      yield* articles.clearDraft(7)
      return { mine, theirs, after: yield* articles.loadDraft(7) }
    }))
    expect(read.mine).toEqual(Option.some(draft))
    expect(read.theirs).toEqual(Option.none())
    expect(read.after).toEqual(Option.none())
    expect(kv.entries.has(articleDraftKey(7))).toBe(false)
  })

  it("AR5 a corrupt stored draft counts as absent and is removed", async () => {
    const { kv, run } = setup(undefined, { [articleDraftKey(7)]: "{\"title\":1}" })
    expect(await run((articles) => articles.loadDraft(7))).toEqual(Option.none())
    expect(kv.entries.has(articleDraftKey(7))).toBe(false)
  })
})
