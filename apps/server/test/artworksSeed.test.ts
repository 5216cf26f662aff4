import { ApiClient } from "@mido/core"
import { Api } from "@mido/core/contract"
import { sql } from "drizzle-orm"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seedArtworks, seedSdModels, seedSocial } from "../src/seed/artworkSeed.js"
import { makeUser, runWebApp, type TestUser } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let people: Array<TestUser>
let ids: Array<number>

const rows = async <T,>(query: ReturnType<typeof sql>) => ((await server.deps.db.execute(query)) as unknown as { rows: Array<T> }).rows

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  people = []
  for (const name of ["画画的阿雪", "星河画师", "墨池", "小满", "青柠"]) people.push(await makeUser(db, name))
  const images = [
    { url: "https://cdn.mido.example.com/seed/1.jpg", width: 768, height: 1024 },
    { url: "https://cdn.mido.example.com/seed/2.jpg", width: 1024, height: 576 }
  ]
  await seedSdModels(db, images.map((image) => image.url))
  ids = await seedArtworks(db, { users: people.map((person) => person.uid), images, count: 120, now: new Date("2026-11-22T10:00:00Z") })
  await seedSocial(db, { users: people.map((person) => person.uid), artworkIds: ids, actions: 10 })
})
afterAll(() => server.stop())

describe("the demo seed helpers (for the lead's seed)", () => {
  it("inserts artworks of all four types, mostly on the square, every one readable by the contract", async () => {
    expect(ids).toHaveLength(120)
    const types = await rows<{ type: string; n: number }>(sql`select type, count(*)::int as n from artworks group by type order by type`)
    expect(types.map((row) => [row.type, Number(row.n)])).toEqual([["agent", 30], ["quick", 30], ["quick_mj", 30], ["sd", 30]])
    const [square] = await rows<{ n: number }>(sql`select count(*)::int as n from artworks where is_public and audit_status = 'approved'`)
    expect(Number(square?.n)).toBeGreaterThan(90)
    const owner = people[0]!
    for (const id of ids) {
      const answer = await runWebApp(server, owner.token, Effect.flatMap(ApiClient, (api) => api.call(Api.artwork.info, { id })))
      if (answer._tag === "Left") expect(answer.left).toMatchObject({ code: 404 })
    }
  })

  it("names SD models that exist in the catalogue", async () => {
    const missing = await rows<{ name: string }>(sql`
      select distinct m ->> 'name' as name from artworks, jsonb_array_elements(parameters -> 'models') m
      where type = 'sd' and not exists (select 1 from sd_models s where s.name = m ->> 'name' and s.type = m ->> 'type')`)
    expect(missing).toEqual([])
  })

  it("makes likes, collections and follows whose counters match the rows, with their messages", async () => {
    const drift = await rows<{ id: number }>(sql`
      select a.id from artworks a
      where a.like_count <> (select count(*) from artwork_likes l where l.artwork_id = a.id)
         or a.favorite_count <> (select count(*) from collections c where c.artwork_id = a.id)`)
    expect(drift).toEqual([])
    const [counts] = await rows<{ likes: number; follows: number; like_messages: number; follow_messages: number }>(sql`
      select (select count(*)::int from artwork_likes) as likes, (select count(*)::int from follows) as follows,
             (select count(*)::int from messages where type = 'like') as like_messages,
             (select count(*)::int from messages where type = 'follow') as follow_messages`)
    expect(Number(counts?.likes)).toBeGreaterThan(0)
    expect(Number(counts?.follow_messages)).toBe(Number(counts?.follows))
    expect(Number(counts?.like_messages)).toBeGreaterThan(0)
  })
})
