import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { containsPattern } from "../src/features/artworks/libraryFilters.js"
import { makeArtwork, makeUser, sdParameters, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let alice: TestUser
let bob: TestUser
const ids: Record<string, number> = {}

// China days: 2026-03-01 00:30 in China is 2026-02-28 16:30 UTC, so the day filter must use China time
const at = (chinaTime: string) => new Date(`${chinaTime}+08:00`)

beforeAll(async () => {
  server = await startTestServer()
  alice = await makeUser(server.deps.db, "搜索的阿雪")
  bob = await makeUser(server.deps.db, "隔壁画师")
  const { db } = server.deps
  const make = async (key: string, uid: number, prompt: string, createdAt: Date, title: string | null = null) => {
    ids[key] = (await makeArtwork(db, uid, { parameters: sdParameters(prompt), createdAt, title })).id
  }
  await make("lantern", alice.uid, "snowy night, Red Lanterns, stone bridge", at("2026-02-27T12:00:00"))
  await make("percent", alice.uid, "100% pure ink wash", at("2026-03-01T00:30:00"))
  await make("underscore", alice.uid, "cat_girl portrait", at("2026-03-02T23:59:00"))
  await make("titled", alice.uid, "mountains", at("2026-03-05T10:00:00"), "雪夜江南")
  await make("bobLantern", bob.uid, "red lanterns everywhere", at("2026-03-01T10:00:00"))
})
afterAll(() => server.stop())

const listIds = async (query: Record<string, string>) => {
  const answer = await server.request("GET", withQuery("/api/v2/artwork/list", query), undefined, alice.token)
  expect(answer.code).toBe(0)
  return (answer.data as { list: Array<{ id: number }> }).list.map((item) => item.id)
}

describe("GET /api/v2/artwork/list: search and days", () => {
  it.each([
    ["words of the prompt, any case", { q: "red lantern" }, ["lantern"]],
    ["the title", { q: "江南" }, ["titled"]],
    ["% is a literal percent sign, not a wildcard", { q: "100%" }, ["percent"]],
    ["a lone % finds only prompts containing one", { q: "%" }, ["percent"]],
    ["_ is a literal underscore", { q: "t_g" }, ["underscore"]],
    ["a quote and a backslash are plain text", { q: "'\\" }, []],
    ["SQL in the box is just words", { q: "' or 1=1 --" }, []],
    ["another user's prompt is never found (R11)", { q: "everywhere" }, []],
    ["a China day from 00:00 (the 00:30 work is on 03-01, the UTC day before)", { from: "2026-03-01", to: "2026-03-01" }, ["percent"]],
    ["from only", { from: "2026-03-02" }, ["titled", "underscore"]],
    ["to only, inclusive of the whole last day", { to: "2026-03-02" }, ["underscore", "percent", "lantern"]],
    ["days and words together", { from: "2026-03-01", q: "ink" }, ["percent"]]
  ])("finds %s", async (_name, query, expected) => {
    expect(await listIds(query)).toEqual(expected.map((key) => ids[key]))
  })

  it.each([
    ["a day that does not exist", { from: "2026-02-31" }, "日期无效"],
    ["from after to", { from: "2026-03-05", to: "2026-03-01" }, "开始日期不能晚于结束日期"],
    ["a malformed day", { to: "2026/03/01" }, "日期格式应为 YYYY-MM-DD"],
    ["a search over 50 characters", { q: "长".repeat(51) }, "搜索内容不能超过 50 个字"]
  ])("refuses %s with a Chinese message", async (_name, query, msg) => {
    expect(await server.request("GET", withQuery("/api/v2/artwork/list", query), undefined, alice.token)).toMatchObject({ code: 400, msg })
  })

  it("escapes LIKE's wildcards and its escape character", () => {
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%")
  })
})
