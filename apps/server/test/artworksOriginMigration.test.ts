import { asc, eq, inArray, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database.js"
import { migrate } from "../src/db/migrate.js"
import { artworks } from "../src/db/schema/artworks.js"
import { makeUser, parametersOf } from "./artworksFixtures.js"
import { freshDatabase } from "./testServer.js"

/**
 * LB3: 1300_artwork_origin.sql classifies the artworks saved before the library told uploads and tool
 * results apart. The test takes a migrated database back to before 1300, writes rows the old way
 * (every one of them an sd, quick… artwork with no origin) and applies 1300 again.
 */
let database: Database
const db = () => database.db
const STORAGE = "http://127.0.0.1:8081/uploads"

beforeAll(async () => {
  database = await freshDatabase()
  await migrate(database)
  await database.exec(`
    alter table artworks drop column origin;
    delete from mido_migrations where name = '1300_artwork_origin.sql';`)
})
afterAll(() => database.close())

const toolArgs = (tool: string) => [{ key: "tool", title: "工具", value: tool }, { key: "size", title: "Size", value: "192x128" }, { key: "engine", title: "引擎", value: "本地演示引擎" }]

/** An artwork as the server wrote it before 1300: no origin column. */
const oldRow = async (uid: number, type: string, cover: string, parameters: unknown): Promise<number> => {
  const answer = await db().execute(sql`insert into artworks (user_uid, type, cover, width, height, parameters)
    values (${uid}, ${type}, ${cover}, 64, 64, ${JSON.stringify(parameters)}::jsonb) returning id`)
  return Number((answer as unknown as { rows: Array<{ id: number | string }> }).rows[0]!.id)
}

describe("1300 classifies the existing artworks", () => {
  it("tool results by their tool argument, uploads by their upload prefix, the rest stay drawings", async () => {
    const { uid } = await makeUser(db(), "老用户")
    const rows: Array<[string, number]> = [
      ["tool", await oldRow(uid, "sd", `${STORAGE}/generated/u/${uid}/7/1.png`, { prompt: "", negative_prompt: "", models: [], args: toolArgs("高清修复") })],
      ["tool", await oldRow(uid, "sd", `${STORAGE}/generated/u/${uid}/8/1.jpg`, { prompt: "换成星空", negative_prompt: "", models: [], args: toolArgs("局部重绘") })],
      ["upload", await oldRow(uid, "sd", `${STORAGE}/u/${uid}/202611/183000_k3f9.png`, { prompt: "", negative_prompt: "", models: [], args: [] })],
      // an upload saved with the settings it came with (the old /webui save) is still an upload
      ["upload", await oldRow(uid, "sd", `${STORAGE}/u/${uid}/202611/183001_a1b2.png`, parametersOf("sd"))],
      ["draw", await oldRow(uid, "sd", `${STORAGE}/generated/u/${uid}/9/1.png`, parametersOf("sd"))],
      // a drawing whose prompt merely mentions "tool" or whose args are missing is no tool result
      ["draw", await oldRow(uid, "sd", `${STORAGE}/generated/u/${uid}/10/1.png`, { prompt: "tool", negative_prompt: "", models: [], args: [{ key: "steps", title: "Steps", value: "tool" }] })],
      ["draw", await oldRow(uid, "sd", "https://cdn.mido.example.com/artwork/3.png", { prompt: "", models: [] })],
      ["draw", await oldRow(uid, "quick", `${STORAGE}/generated/u/${uid}/11/1.png`, parametersOf("quick"))],
      ["draw", await oldRow(uid, "agent", `${STORAGE}/generated/u/${uid}/12/1.png`, parametersOf("agent"))],
      // seeded pictures of the demo live under the storage too, but not under a user's prefix
      ["draw", await oldRow(uid, "sd", `${STORAGE}/seed/artworks/5.png`, parametersOf("sd"))]
    ]

    expect(await migrate(database)).toEqual(["1300_artwork_origin.sql"])
    const ids = rows.map(([, id]) => id)
    const after = await db().select({ id: artworks.id, origin: artworks.origin }).from(artworks).where(inArray(artworks.id, ids)).orderBy(asc(artworks.id))
    expect(after.map((row) => row.origin)).toEqual(rows.map(([origin]) => origin))
  })

  it("new rows default to drawings and the column refuses an unknown origin", async () => {
    const { uid } = await makeUser(db(), "新用户")
    const id = await oldRow(uid, "sd", `${STORAGE}/generated/u/${uid}/1/1.png`, parametersOf("sd"))
    expect((await db().select({ origin: artworks.origin }).from(artworks).where(eq(artworks.id, id)))[0]).toEqual({ origin: "draw" })
    await expect(db().execute(sql`update artworks set origin = 'video' where id = ${id}`)).rejects.toThrow()
  })
})
