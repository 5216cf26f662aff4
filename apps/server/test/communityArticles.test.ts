import { Api } from "@mido/core/contract"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { articles } from "../src/db/schema/community.js"
import { callAsWebApp, makePerson, makeUpload, type Person, withQuery } from "./communityFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let writer: Person
let reader: Person
let circleId: number

const PUBLISH = "/api/v1/community/article/publish"
const LIST = "/api/v1/open/community/article/list"
const DETAIL = "/api/v1/open/community/article/detail"

const MARKDOWN = "## 一、先定构图\n\n半身像用 `upper body`。<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[灵感](/inspiration)"

beforeAll(async () => {
  server = await startTestServer()
  writer = await makePerson(server.deps.db, "画画的阿雪")
  reader = await makePerson(server.deps.db, "墨池")
  const created = await server.request("POST", "/api/v1/community/circle/create", {
    name: "AI 摄影后期", avatar: await makeUpload(server, writer.uid), cover: await makeUpload(server, writer.uid), description: ""
  }, writer.token)
  circleId = (created.data as { id: number }).id
})
afterAll(() => server.stop())

describe("article publish (R16: Markdown stored as written, never HTML)", () => {
  it("stores the Markdown byte for byte (raw HTML inside stays literal text) and derives a plain summary", async () => {
    const answer = await server.request("POST", PUBLISH, { title: "SDXL 国风人像提示词入门", content: MARKDOWN }, writer.token)
    expect(answer).toMatchObject({ code: 0, data: { title: "SDXL 国风人像提示词入门", content: MARKDOWN, cover: null, circle_id: null, is_owner: true, view_count: 0 } })
    const summary = (answer.data as { summary: string }).summary
    expect(summary.startsWith("一、先定构图 半身像用 upper body。")).toBe(true)
    expect(summary).not.toMatch(/##|`/)
  })

  it("publishes in a circle the writer joined, with an uploaded cover and an own summary", async () => {
    const cover = await makeUpload(server, writer.uid)
    const answer = await server.request("POST", PUBLISH, { title: "局部重绘修脸", content: "正文", summary: "三步修好", cover, circle_id: circleId }, writer.token)
    expect(answer).toMatchObject({ code: 0, data: { cover, summary: "三步修好", circle_id: circleId } })
  })

  it("refuses a circle not joined, a missing circle and a foreign cover; nothing written", async () => {
    expect(await server.request("POST", PUBLISH, { title: "t", content: "c", circle_id: circleId }, reader.token)).toMatchObject({ code: 403 })
    expect(await server.request("POST", PUBLISH, { title: "t", content: "c", circle_id: 999_999 }, reader.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", PUBLISH, { title: "t", content: "c", cover: "https://evil.example.com/c.png" }, reader.token))
      .toMatchObject({ code: 400, msg: "请先上传封面图片" })
    expect(await server.deps.db.select().from(articles)).toHaveLength(2)
  })

  it.each([
    ["a server-owned view_count (R12)", { title: "t", content: "c", view_count: 9 }],
    ["an HTML body field", { title: "t", content: "c", html: "<p>x</p>" }],
    ["an empty title", { title: "", content: "c" }],
    ["a 51-character title", { title: "长".repeat(51), content: "c" }],
    ["a 5001-character body", { title: "t", content: "长".repeat(5001) }],
    ["a data: cover", { title: "t", content: "c", cover: "data:image/png;base64,AAAA" }]
  ])("refuses %s", async (_name, body) => {
    expect((await server.request("POST", PUBLISH, body, reader.token)).code).toBe(400)
  })

  it("-401 without a token", async () => {
    expect(await server.request("POST", PUBLISH, { title: "t", content: "c" })).toMatchObject({ code: -401 })
  })
})

describe("article list and detail", () => {
  it("lists newest first without bodies; filters by circle and author", async () => {
    const all = await server.request("GET", withQuery(LIST, {}))
    expect(all).toMatchObject({ code: 0, data: { total: 2, list: [{ title: "局部重绘修脸" }, { title: "SDXL 国风人像提示词入门" }] } })
    expect(JSON.stringify(all.data)).not.toContain("content")
    expect(await server.request("GET", withQuery(LIST, { circle_id: circleId }))).toMatchObject({ data: { total: 1 } })
    expect(await server.request("GET", withQuery(LIST, { uid: reader.uid }))).toMatchObject({ data: { total: 0, list: [] } })
    expect(await server.request("GET", withQuery(LIST, { page: 0 }))).toMatchObject({ code: 400 })
  })

  it("detail counts one view per call and shows is_owner to the writer only; decodes with the web app's client", async () => {
    const [first] = (await server.deps.db.select().from(articles).orderBy(articles.id))
    expect(await server.request("GET", withQuery(DETAIL, { id: first!.id }))).toMatchObject({ code: 0, data: { view_count: 1, is_owner: false, is_like: false } })
    const result = await callAsWebApp(server, writer.token, Api.community.articleDetail, { id: first!.id })
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") expect(result.right).toMatchObject({ view_count: 2, is_owner: true, content: MARKDOWN })
    expect(await server.request("GET", withQuery(DETAIL, { id: 999_999 }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery(DETAIL, { id: "1;drop" }))).toMatchObject({ code: 400 })
  })
})
