import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { silentLog } from "../src/platform/log.js"
import { seedDemo } from "../src/seed/seedDemo.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
const count = async (query: string) =>
  ((await server.deps.db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0

beforeAll(async () => {
  const uploadDir = mkdtempSync(join(tmpdir(), "mido-seed-"))
  server = await startTestServer({ uploadDir })
  const config = { ...server.deps.config, uploadDir, publicUrl: server.url, storageUrl: server.storageUrl }
  expect(await seedDemo(server.deps.db, config, server.deps.objectStore, silentLog)).toBe(true)
}, 240_000)
afterAll(() => server.stop())

describe("demo data (issue 4): Chinese, realistic, seeded once", () => {
  it.each([
    ["users", "select count(*)::int as n from users", 30],
    ["artworks", "select count(*)::int as n from artworks", 300],
    ["artwork types", "select count(distinct type)::int as n from artworks", 4],
    ["message types", "select count(distinct type)::int as n from messages", 4],
    ["coupon types", "select count(distinct type)::int as n from coupons", 3],
    ["a used-up coupon", "select count(*)::int as n from coupons where max_uses is not null and used_count >= max_uses", 1],
    ["an expired coupon", "select count(*)::int as n from coupons where valid_to < now()", 1],
    ["tools", "select count(*)::int as n from tools", 7],
    ["plans", "select count(distinct level)::int as n from membership_plans", 3]
  ])("has %s", async (_name, query, atLeast) => {
    expect(await count(query)).toBeGreaterThanOrEqual(atLeast)
  })

  it("the square shows real pictures that the storage serves", async () => {
    const feed = await server.request("GET", "/api/v1/open/artwork/artwork/get_profile_list?size=20")
    expect(feed.code).toBe(0)
    const first = (feed.data as { list: Array<{ cover: string }> }).list[0]
    expect(first?.cover).toMatch(/\/uploads\/seed\/drawn-art-\d+\.jpg$/)
    // from the storage origin, never the app's (R20)
    expect(first?.cover.startsWith(`${server.storageUrl}/uploads/`)).toBe(true)
    const image = await fetch(first!.cover)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/jpeg")
  })

  it("the seeded creators' welcome claims no sign-up grant they never received", async () => {
    expect(await count("select count(*)::int as n from messages where type = 'system' and content::text like '%新人礼包%'")).toBe(0)
    expect(await count("select count(*)::int as n from messages where type = 'system' and content::text like '%欢迎来到米豆AI%'")).toBeGreaterThanOrEqual(30)
  })

  it("a second start seeds nothing", async () => {
    const config = server.deps.config
    expect(await seedDemo(server.deps.db, config, server.deps.objectStore, silentLog)).toBe(false)
  })
})
