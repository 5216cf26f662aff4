import { count, eq } from "drizzle-orm"
import { describe, expect, it } from "vitest"
import { appConfig, coupons, membershipPlans, tools } from "../src/db/schema/commerce.js"
import { users } from "../src/db/schema/users.js"
import { ConfigKeys } from "../src/features/appConfig/appConfig.js"
import { localAdapters } from "../src/adapters/localAdapters.js"
import { migrate } from "../src/db/migrate.js"
import { readConfig } from "../src/platform/config.js"
import { jsonLog } from "../src/platform/log.js"
import { seedDemoCoupons } from "../src/seed/commerceSeed.js"
import { startServer } from "../src/server.js"
import { freshDatabase, testConfig } from "./testServer.js"

/**
 * Production defaults (issue 18): a live site never gets demo data unless asked (SEED_DEMO=true), still
 * gets the catalogue it sells from, and a production start over demo data warns loudly.
 */
const SECRET = "production-secret-0123456789-0123456789"

describe("SEED_DEMO: on by default, except in production", () => {
  it.each([
    ["development, unset", {}, true],
    ["development, SEED_DEMO=false", { SEED_DEMO: "false" }, false],
    ["production, unset", { NODE_ENV: "production", MIDO_SECRET: SECRET }, false],
    ["production, SEED_DEMO=true (asked)", { NODE_ENV: "production", MIDO_SECRET: SECRET, SEED_DEMO: "true" }, true],
    ["production, SEED_DEMO=1 (not the documented yes)", { NODE_ENV: "production", MIDO_SECRET: SECRET, SEED_DEMO: "1" }, false],
    ["production, SEED_DEMO=false", { NODE_ENV: "production", MIDO_SECRET: SECRET, SEED_DEMO: "false" }, false]
  ])("%s", (_name, env, seeds) => {
    expect(readConfig(env).seedDemo).toBe(seeds)
    expect(readConfig(env).seedCatalogue).toBe(true)
  })
})

/** A production server's start on `prepare`d database; answers its log lines and row counts. */
const startProduction = async (prepare: (db: Awaited<ReturnType<typeof freshDatabase>>["db"]) => Promise<void> = async () => {}) => {
  const lines: Array<string> = []
  const log = jsonLog((line) => lines.push(line))
  const database = await freshDatabase()
  // a database that already ran (on PostgreSQL a fresh one has no tables yet)
  await migrate(database)
  await prepare(database.db)
  const config = testConfig({ production: true, seedCatalogue: true, seedDemo: readConfig({ NODE_ENV: "production", MIDO_SECRET: SECRET }).seedDemo, workers: false })
  const running = await startServer(config, database, log, localAdapters(config, database.db, log))
  try {
    const rows = async (table: typeof users | typeof coupons | typeof membershipPlans | typeof tools) => (await running.deps.db.select({ n: count() }).from(table))[0]?.n
    const [grant] = await running.deps.db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, ConfigKeys.signupGrant))
    return { lines, users: await rows(users), coupons: await rows(coupons), plans: await rows(membershipPlans), tools: await rows(tools), signupGrant: grant?.value }
  } finally {
    await running.stop()
  }
}

describe("a production start", () => {
  it("on an empty database seeds the catalogue and no demo, and warns of nothing", async () => {
    const started = await startProduction()
    // a live site gives no beans for signing up until its operator says so (the demo's grant is not seeded)
    expect(started).toMatchObject({ users: 0, coupons: 0, plans: 3, tools: 7, signupGrant: ["0"] })
    expect(started.lines.some((line) => line.includes("demo_data_in_production"))).toBe(false)
  })

  it("over demo data warns loudly: an error line with an alert naming the demo accounts and the live demo coupons", async () => {
    const started = await startProduction(async (db) => {
      await seedDemoCoupons(db)
      await db.insert(users).values([
        { phone: "13800000000", nickname: "星河画师", inviteCode: "DEMO00", nid: "10000000" },
        { phone: "13800000001", nickname: "画画的阿雪", inviteCode: "DEMO01", nid: "10000001" },
        // a real user is not demo data
        { phone: "13912345678", nickname: "真实用户", inviteCode: "REAL01", nid: "20000001" }
      ])
    })
    const warning = started.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.alert === "demo_data_in_production")
    expect(warning).toMatchObject({ level: "error", demo_users: 2 })
    // the disabled and the expired demo coupons are no danger; the rest are
    expect(warning?.live_demo_coupons).toEqual(["COURSE20", "FULL10", "INVITE85", "MIDO90", "PLAN50", "USED01"])
  })
})
