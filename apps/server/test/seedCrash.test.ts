import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { sql } from "drizzle-orm"
import { afterAll, describe, expect, inject, it } from "vitest"
import { type Database, openPglite, openPostgres } from "../src/db/database.js"
import { DEMO_COUPONS } from "../src/seed/commerceSeed.js"
import { builtHarness } from "./builtEntry.js"

/**
 * kill -9 during the first start's seeding (issue 18): a real server process (test/seedCrashServer.ts:
 * startServer seeding the demo) kills itself with SIGKILL when the seed reaches the community step,
 * after the creators, artworks, likes and follows were written. The next start on the same database
 * must find no half of a demo and seed it whole: the seed is one transaction.
 */
const directory = mkdtempSync(join(tmpdir(), "mido-seed-crash-"))
const children: Array<ChildProcess> = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  rmSync(directory, { recursive: true, force: true })
})

const postgres = process.env.MIDO_TEST_DATABASE_URL
const databaseUrl = async (): Promise<string | undefined> => {
  if (postgres === undefined || postgres === "") return undefined
  const name = `mido_seed_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = await openPostgres(postgres)
  await admin.exec(`create database ${name}`)
  await admin.close()
  return postgres.replace(/\/[^/]*$/, `/${name}`)
}

const spawnServer = async (env: Record<string, string>): Promise<ChildProcess> => {
  const child = spawn(process.execPath, await builtHarness("seedCrashServer"), {
    cwd: new URL("..", import.meta.url).pathname,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"]
  })
  children.push(child)
  return child
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })))

const listening = (child: ChildProcess) =>
  new Promise<string>((resolve, reject) => {
    child.once("exit", (code, signal) => reject(new Error(`the server exited before listening (${code ?? signal})`)))
    createInterface({ input: child.stdout! }).once("line", (line) => resolve((JSON.parse(line) as { url: string }).url))
  })

const counts = async (database: Database) => {
  const one = async (table: string) =>
    Number(((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)
  const tables = ["users", "artworks", "sd_models", "follows", "circles", "posts", "articles", "activities", "messages", "coupons", "tools", "membership_plans"]
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await one(table)] as const)))
}

describe("seeding survives a kill -9 during the first start", () => {
  it("a crash mid-seed leaves no half-seeded database: the next start seeds the whole demo", async () => {
    const url = await databaseUrl()
    const where: Record<string, string> = url !== undefined ? { SEED_DATABASE_URL: url } : { SEED_DATA_DIR: join(directory, "data") }
    const common = { ...where, SEED_UPLOAD_DIR: join(directory, "uploads") }

    const first = await spawnServer({ ...common, SEED_CRASH_AT: "community", ...(url === undefined ? { SEED_TEMPLATE: inject("pgliteTemplate") } : {}) })
    expect(await exited(first)).toEqual({ code: null, signal: "SIGKILL" })

    const second = await spawnServer(common)
    const stopped = exited(second)
    const address = await listening(second)
    const feed = (await (await fetch(`${address}/api/v1/open/artwork/artwork/get_profile_list?size=20`)).json()) as { code: number; data: { list: Array<unknown> } }
    expect(feed.code).toBe(0)
    expect(feed.data.list).toHaveLength(20)
    second.kill("SIGTERM")
    expect(await stopped).toEqual({ code: 0, signal: null })

    const database = url !== undefined ? await openPostgres(url) : await openPglite({ dataDir: join(directory, "data") })
    try {
      const seeded = await counts(database)
      // exactly one demo: nothing of the killed start's half is left beside it
      expect(seeded).toMatchObject({ users: 30, artworks: 300, coupons: DEMO_COUPONS.length, tools: 7, membership_plans: 3 })
      for (const table of ["sd_models", "follows", "circles", "posts", "articles", "activities", "messages"]) expect(seeded[table], table).toBeGreaterThan(0)
    } finally {
      await database.close()
    }
  }, 300_000)
})
