import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createHash } from "node:crypto"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { silentLog } from "../src/platform/log.js"
import { subjectsOfPrompt } from "../src/adapters/engine/offline/subjects/subjectTable.js"
import { ConfigKeys, defaultConfig } from "../src/features/appConfig/appConfig.js"
import { DEMO_SIGNUP_GRANT } from "../src/seed/commerceSeed.js"
import { seedDemo } from "../src/seed/seedDemo.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
const rows = async <Row>(query: string) => ((await server.deps.db.execute(sql.raw(query))) as unknown as { rows: Array<Row> }).rows
const count = async (query: string) => (await rows<{ n: number }>(query))[0]?.n ?? 0

/** The stored file behind a seed address, as a hash of its bytes (two addresses may not hide one picture). */
const fileHash = async (url: string) => {
  const key = url.slice(url.indexOf("/uploads/") + "/uploads/".length)
  const bytes = await server.deps.objectStore.read(key)
  expect(bytes, key).toBeDefined()
  return createHash("sha256").update(bytes!).digest("hex")
}

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

/**
 * Issue 25: the square and the community look varied because every seeded picture is drawn by the
 * offline engine from its own item's text (seed/seedPictures.ts): a cover per circle, assignment,
 * article, activity and topic, a picture per post text, an avatar per creator. Before, a handful of
 * palette landscapes (seed/art-N.jpg, seed/cover-N.jpg) were shared round the community.
 */
describe("the demo's community pictures come from their own titles (issue 25)", () => {
  const DRAWN_COVER = /\/uploads\/seed\/drawn-cover-\d+\.jpg$/

  it.each([
    ["circles", "select name as title, description as text, cover as url from circles"],
    ["circle avatars", "select name as title, description as text, avatar as url from circles"],
    ["assignments", "select title, description as text, cover as url from assignments"],
    ["articles", "select title, summary as text, cover as url from articles"],
    ["activities", "select title, description as text, cover as url from activities"],
    ["activity banners", "select title, description as text, banner as url from activities"],
    ["topics", "select title, description as text, cover as url from special_topics"]
  ])("%s: each a picture drawn for its own title, a different file per title", async (_kind, query) => {
    const items = await rows<{ title: string; text: string; url: string }>(query)
    expect(items.length).toBeGreaterThanOrEqual(3)
    for (const item of items) expect(item.url, item.title).toMatch(DRAWN_COVER)
    const titles = new Set(items.map((item) => item.title))
    expect(new Set(items.map((item) => item.url)).size).toBe(titles.size)
    expect(new Set(await Promise.all(items.map((item) => fileHash(item.url)))).size).toBe(titles.size)
  })

  it("most covers show a subject their title names; only abstract titles (新手指南, 国风) fall back to the scene alone", async () => {
    const items = await rows<{ prompt: string }>(
      "select name || ' ' || description as prompt from circles union all select title || ' ' || description from assignments " +
        "union all select title || ' ' || summary from articles union all select title || ' ' || description from activities " +
        "union all select title || ' ' || description from special_topics"
    )
    const withSubject = items.filter((item) => !subjectsOfPrompt(item.prompt).fallback)
    expect(withSubject.length / items.length).toBeGreaterThanOrEqual(0.75)
  })

  it("no two kinds share a cover: every circle, assignment, article, activity and topic has its own file", async () => {
    const covers = await rows<{ url: string }>(
      "select cover as url from circles union all select cover from assignments union all select cover from articles " +
        "union all select cover from activities union all select cover from special_topics"
    )
    expect(new Set(covers.map((cover) => cover.url)).size).toBe(covers.length)
  })

  it("posts: a picture drawn from the post's text (the same text → the same picture) or an own artwork showing what it names", async () => {
    const pictured = await rows<{ uid: number; content: string; url: string; artwork_uid: number | null; artwork_title: string | null }>(
      "select p.uid, p.content, p.images->0->>'url' as url, a.user_uid as artwork_uid, a.title as artwork_title " +
        "from posts p left join artworks a on a.id = p.artwork_id where jsonb_array_length(p.images) > 0"
    )
    expect(pictured.length).toBeGreaterThan(10)
    const drawnByText = new Map<string, Set<string>>()
    for (const post of pictured) {
      if (post.artwork_title === null) {
        expect(post.url, post.content).toMatch(DRAWN_COVER)
        drawnByText.set(post.content, (drawnByText.get(post.content) ?? new Set()).add(post.url))
      } else {
        expect(post.artwork_uid).toBe(post.uid)
        const named = new Set(subjectsOfPrompt(post.content).icons)
        expect(subjectsOfPrompt(post.artwork_title).icons.some((icon) => named.has(icon)), `${post.content} / ${post.artwork_title}`).toBe(true)
      }
    }
    expect(drawnByText.size).toBeGreaterThan(5)
    for (const urls of drawnByText.values()) expect(urls.size).toBe(1)
    const urls = [...drawnByText.values()].map((set) => [...set][0]!)
    expect(new Set(urls).size).toBe(urls.length)
    expect(new Set(await Promise.all(urls.map(fileHash))).size).toBe(urls.length)
  })

  it("every creator has an avatar of their own, drawn for them", async () => {
    const avatars = await rows<{ avatar: string }>("select avatar from users where avatar like '%/seed/drawn-avatar-%'")
    expect(avatars.length).toBeGreaterThanOrEqual(30)
    expect(await count("select count(*)::int as n from users where avatar not like '%/seed/drawn-avatar-%'")).toBe(0)
    expect(new Set(avatars.map((row) => row.avatar)).size).toBe(avatars.length)
    expect(new Set(await Promise.all(avatars.map((row) => fileHash(row.avatar)))).size).toBe(avatars.length)
  })
})

describe("the demo's sign-up grant", () => {
  it("is set, and lets a new user draw several times before the low-beans reminder (production's default stays 0)", async () => {
    const config = async (key: string): Promise<string | undefined> => (await rows<{ value: Array<string> }>(`select value from app_config where key = '${key}'`))[0]?.value[0]
    expect(await config(ConfigKeys.signupGrant)).toBe(String(DEMO_SIGNUP_GRANT))
    expect(defaultConfig("").find((entry) => entry.key === ConfigKeys.signupGrant)?.value).toEqual(["0"])
    const threshold = Number(await config(ConfigKeys.remainingBeanThreshold))
    const prices = { quick: Number(await config(ConfigKeys.taskQuick)), mj: Number(await config(ConfigKeys.taskQuickMj)), sd: Number(await config(ConfigKeys.taskSd)) }
    // what a new user may spend before the balance drops below the reminder's threshold (RM1: strictly below)
    const spendable = DEMO_SIGNUP_GRANT - threshold
    // a four-image run of each kind (quick, MJ, SD), twice over; or four four-image MJ runs
    expect(spendable).toBeGreaterThanOrEqual(2 * 4 * (prices.quick + prices.mj + prices.sd))
    expect(spendable).toBeGreaterThanOrEqual(4 * 4 * prices.mj)
  })
})
