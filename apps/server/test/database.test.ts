import { sql } from "drizzle-orm"
import { afterAll, describe, expect, it } from "vitest"
import { type Database, openPostgres } from "../src/db/database.js"
import { migrate, migrationFiles } from "../src/db/migrate.js"
import { freshDatabase } from "./testServer.js"

/**
 * The database handle on both engines (the suite runs once on PGlite, once on PostgreSQL when
 * MIDO_TEST_DATABASE_URL is set): each test states what its engine does.
 */
const postgresUrl = process.env.MIDO_TEST_DATABASE_URL || undefined
const opened: Array<Database> = []
afterAll(async () => {
  for (const database of opened.reverse()) await database.close()
})

/** A new empty PostgreSQL database and its address (to open it more than once). */
const newPostgresDatabase = async (url: string): Promise<string> => {
  const name = `mido_dbtest_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = await openPostgres(url)
  await admin.exec(`create database ${name}`)
  await admin.close()
  return url.replace(/\/[^/]*$/, `/${name}`)
}

const open = async (opening: Promise<Database>) => {
  const database = await opening
  opened.push(database)
  return database
}

describe("R40: the statement budget", () => {
  it(postgresUrl ? "PostgreSQL cuts a statement past the budget; the pool stays usable" : "PGlite cannot cut a statement (why R40 keeps payments on PostgreSQL)", async () => {
    if (postgresUrl !== undefined) {
      const database = await open(openPostgres(await newPostgresDatabase(postgresUrl), undefined, 500))
      await expect(database.exec("select pg_sleep(2)")).rejects.toThrow(/statement timeout/)
      const answer = (await database.db.execute(sql`select current_setting('statement_timeout') as budget`)) as unknown as { rows: Array<{ budget: string }> }
      expect(answer.rows[0]?.budget).toBe("500ms")
    } else {
      const database = await open(freshDatabase())
      await database.exec("set statement_timeout = 100")
      const started = Date.now()
      await database.exec("select pg_sleep(0.3)")
      expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    }
  })
})

describe("migrations", () => {
  it(postgresUrl ? "two processes starting together migrate once and release the lock" : "a migrated database applies nothing again and lists every migration", async () => {
    if (postgresUrl !== undefined) {
      const url = await newPostgresDatabase(postgresUrl)
      const [first, second] = await Promise.all([open(openPostgres(url)), open(openPostgres(url))])
      const applied = await Promise.all([migrate(first!), migrate(second!)])
      expect([...applied[0], ...applied[1]]).toEqual(migrationFiles())
      const third = await open(openPostgres(url))
      const lock = (await third.db.execute(sql`select pg_try_advisory_lock(720417) as free`)) as unknown as { rows: Array<{ free: boolean }> }
      expect(lock.rows[0]?.free).toBe(true)
    } else {
      const database = await open(freshDatabase())
      expect(await migrate(database)).toEqual([])
    }
    const database = opened.at(-1)!
    const names = (await database.db.execute(sql`select name from mido_migrations order by name`)) as unknown as { rows: Array<{ name: string }> }
    expect(names.rows.map((row) => row.name)).toEqual(migrationFiles())
  })
})
