import { Api } from "@mido/core/contract"
import { and, desc, eq, sql } from "drizzle-orm"
import { Schema } from "effect"
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runNamed, sqlLiteral } from "../src/db/namedStatement.js"
import { artworkLikes, artworks } from "../src/db/schema/artworks.js"
import { users } from "../src/db/schema/users.js"
import { cardColumns, publicArtwork, toCard } from "../src/features/artworks/artworkView.js"
import { FETCH_LIMITS, feedStatement, type FeedShape, instantOf } from "../src/features/artworks/feedStatement.js"
import { implement } from "../src/platform/contract.js"
import { encodesAsIdentity } from "../src/platform/identityEncode.js"
import { makeArtwork, makeUser, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

// The feed skips the Schema encode and reads its page as one json text from the database (R39):
// these tests prove that what leaves the server is still exactly what the contract says.

let server: TestServer
let alice: TestUser
let bob: TestUser

const FEED = "/api/v1/open/artwork/artwork/get_profile_list"
const route = Api.artwork.profileList
type Query = Record<string, string | number | undefined>

const rawFeed = async (query: Query, token?: string) => {
  const answer = await server.request("GET", withQuery(FEED, query), undefined, token)
  expect(answer.code, answer.msg).toBe(0)
  return answer.data
}

/** The cards as the drizzle query and the full Schema encode produced them before the fast path. */
const slowCards = async (viewer: number | undefined, filter: { uid?: number; type?: "sd" }, size: number) => {
  const conditions = [publicArtwork]
  if (filter.uid !== undefined) conditions.push(eq(artworks.userUid, filter.uid))
  if (filter.type !== undefined) conditions.push(eq(artworks.type, filter.type))
  const rows = await server.deps.db.select(cardColumns(viewer)).from(artworks).innerJoin(users, eq(users.uid, artworks.userUid))
    .where(and(...conditions)).orderBy(desc(artworks.createdAt), desc(artworks.id)).limit(size)
  return Schema.encodeSync(route.data)({ list: rows.map(toCard) }).list
}

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  alice = await makeUser(db, "引号\"与\\反斜杠 <b>阿雪</b> 🎨")
  bob = await makeUser(db, "星河画师")
  const start = Date.parse("2026-05-01T08:00:00.123456Z")
  const titles = [null, "", "江南烟雨", "</script><script>alert(1)</script>", "换行\n制表\t控制\u0001", "😀 emoji ✨"]
  for (let index = 0; index < 24; index++) {
    const row = await makeArtwork(db, index % 2 === 0 ? alice.uid : bob.uid, {
      type: index % 3 === 0 ? "sd" : "quick",
      title: titles[index % titles.length],
      likeCount: index === 5 ? 2_147_483_647 : index,
      viewCount: index * 7,
      createdAt: new Date(start + index * 1_500)
    })
    if (index % 4 === 0) await db.insert(artworkLikes).values({ uid: bob.uid, artworkId: row.id })
  }
})
afterAll(() => server.stop())

describe("the feed's answer without a Schema encode", () => {
  const cases: Array<[string, Query, () => string | undefined, () => Parameters<typeof slowCards>]> = [
    ["a visitor's first page", { size: 20 }, () => undefined, () => [undefined, {}, 20]],
    ["a viewer's page with likes", { size: 50 }, () => bob.token, () => [bob.uid, {}, 50]],
    ["a user's works", { uid: 0, size: 5 }, () => undefined, () => [undefined, { uid: alice.uid }, 5]],
    ["one type, one card", { type: "sd", size: 1 }, () => alice.token, () => [alice.uid, { type: "sd" }, 1]]
  ]
  it.each(cases)("%s decodes with the route schema (unknown fields refused) and equals the full encode", async (_name, query, token, slow) => {
    const data = await rawFeed(query.uid === 0 ? { ...query, uid: alice.uid } : query, token())
    const decoded = Schema.decodeUnknownSync(route.data)(data, { onExcessProperty: "error" })
    expect(Schema.encodeSync(route.data)(decoded)).toEqual(data)
    expect((data as { list: unknown }).list).toEqual(await slowCards(...slow()))
  })

  it("pages by cursor across the page boundary with the same cards the slow path gives", async () => {
    const first = (await rawFeed({ size: 10 })) as { list: Array<{ id: number }>; next_cursor?: string }
    const second = (await rawFeed({ size: 10, cursor: first.next_cursor })) as { list: Array<{ id: number }> }
    expect([...first.list, ...second.list]).toEqual(await slowCards(undefined, {}, 20))
  })

  it("keeps the R17 headers on the answer", async () => {
    const response = await fetch(`${server.url}${FEED}`)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(response.headers.get("x-frame-options")).toBe("DENY")
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
    expect(response.headers.get("content-type")).toMatch(/^application\/json/)
  })
})

describe("which routes may skip the encode", () => {
  it("the feed's data schema encodes as the identity", () => {
    expect(encodesAsIdentity(route.data.ast)).toBe(true)
  })

  it("schemas that change a value on the way out do not", () => {
    expect(encodesAsIdentity(Schema.Struct({ at: Schema.Date }).ast)).toBe(false)
    expect(encodesAsIdentity(Schema.Array(Schema.NumberFromString).ast)).toBe(false)
    expect(encodesAsIdentity(Schema.Struct({ n: Schema.optionalWith(Schema.Number, { default: () => 1 }) }).ast)).toBe(false)
    expect(encodesAsIdentity(Schema.Union(Schema.Literal("a"), Schema.Int.pipe(Schema.positive())).ast)).toBe(true)
  })

  it("registering a transforming route with output identity fails at start, not per request", () => {
    const transforming = Object.values(Api).flatMap((group) => Object.values(group)).find((candidate) => !encodesAsIdentity(candidate.data.ast))
    expect(transforming).toBeDefined()
    expect(() => implement(new Hono(), server.deps, transforming!, async () => undefined as never, { output: "identity" })).toThrow(/cannot skip/)
  })
})

describe("the feed's prepared statements", () => {
  const shapes: Array<FeedShape> = []
  for (let bits = 0; bits < 32; bits++) {
    for (const limit of FETCH_LIMITS) {
      const shape = { uid: (bits & 1) > 0, type: (bits & 2) > 0, category: (bits & 4) > 0, cursor: (bits & 8) > 0, viewer: (bits & 16) > 0, limit }
      shapes.push({ ...shape, hot: false })
      // 最热 is the square's sort: indexed without a uid or a category (a user's few works may sort)
      if (!shape.uid && !shape.category) shapes.push({ ...shape, hot: true })
    }
  }
  const valuesFor = (shape: FeedShape) => [
    ...(shape.uid ? [alice.uid] : []),
    ...(shape.type ? ["sd"] : []),
    ...(shape.category ? [1] : []),
    ...(shape.cursor ? [shape.hot ? 3 : instantOf("1777622400123456"), 99] : []),
    ...(shape.viewer ? [bob.uid] : [])
  ]

  it("a cursor's microseconds become an exact instant", () => {
    expect(instantOf("1777622400123456")).toBe("2026-05-01T08:00:00.123456Z")
    expect(instantOf("1")).toBe("1970-01-01T00:00:00.000001Z")
    expect(instantOf("99999999999999999")).toBe("5138-11-16T09:46:39.999999Z")
  })

  it("values are literals that cannot leave their quotes", async () => {
    expect(sqlLiteral(42)).toBe("42")
    expect(sqlLiteral("it's")).toBe("'it''s'")
    expect(sqlLiteral("a\\'b")).toBe("E'a\\\\''b'")
    expect(() => sqlLiteral(Number.NaN)).toThrow()
    expect(() => sqlLiteral("a\0b")).toThrow()
    const statement = feedStatement({ uid: false, type: true, category: false, cursor: false, viewer: false, hot: false, limit: 11 }, "rows")
    for (const hostile of ["sd'); delete from artworks; --", "sd\\'); delete from artworks; --"]) {
      expect(await runNamed(server.deps.db, statement, [hostile])).toEqual([])
    }
    expect(((await rawFeed({ size: 50 })) as { list: Array<unknown> }).list).toHaveLength(24)
  })

  // last in the file: no HTTP call follows its long run
  it("every shape runs in both forms with the same rows, and walks an artworks index in feed order: no sequential scan, no sort of the table", async () => {
    for (const shape of shapes) {
      const values = valuesFor(shape)
      const rows = await runNamed(server.deps.db, feedStatement(shape, "rows"), values)
      const [json] = await runNamed(server.deps.db, feedStatement(shape, "json"), values)
      expect(JSON.parse(String(json?.page)), feedStatement(shape, "json").name).toEqual(rows)
      if (shape.limit !== 21) continue // the plan's shape does not depend on the limit
      const statement = feedStatement(shape, "rows")
      const text = statement.text.replace(/\$(\d+)/g, (_match, at: string) => sqlLiteral(values[Number(at) - 1]!))
      const plan = await server.deps.db.transaction(async (tx) => {
        // a small test table would rather be scanned: ask whether the index CAN serve the statement
        await tx.execute(sql`set local enable_seqscan = off`)
        const result = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as { rows: Array<Record<string, string>> }
        return result.rows.map((line) => Object.values(line)[0]).join("\n")
      })
      expect(plan, statement.name).toMatch(/Index (Only )?Scan (Backward )?using artworks_/)
      expect(plan, statement.name).not.toMatch(/Seq Scan on artworks|Sort Key: a\.(created_at|like_count)|\bSort\b/)
    }
  })
})
