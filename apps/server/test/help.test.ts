import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { dailyPostRewardCap, formatYuan } from "@mido/core"
import { HELP_LINKS, helpLink, pageTitle } from "@mido/core/navigation"
import { asc, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appConfig, membershipPlans, pointsPackages } from "../src/db/schema/commerce.js"
import { ConfigKeys, defaultConfig } from "../src/features/appConfig/appConfig.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { startTestServer, type TestServer } from "./testServer.js"

// the built web app is present, so its deep-link fallback would answer /help/* if it came first
const SPA_MARKER = "<!-- the web app's index.html -->"

let server: TestServer
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "mido-help-dist-"))
  writeFileSync(join(dist, "index.html"), `<!doctype html><title>米豆AI</title>${SPA_MARKER}`)
  server = await startTestServer({ webDist: dist })
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`)
  return { response, html: await response.text() }
}

/** The page's visible text: tags dropped, entities of the escaper (&#NN;) decoded. */
const textOf = (html: string) =>
  html.replace(/<style>[\s\S]*?<\/style>/, "").replace(/<[^>]+>/g, " ").replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))).replace(/\s+/g, " ")

const seedValue = (key: string) => Number(defaultConfig("").find((entry) => entry.key === key)?.value[0])

describe("help pages (spec §3 help links; R17)", () => {
  it.each(HELP_LINKS.map((link) => [link.title, link.path, link] as const))("%s at %s is an HTML page with its title and the security headers", async (_title, path, link) => {
    const { response, html } = await get(path)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(html).toContain(`<title>${pageTitle(link.title)}</title>`)
    expect(html).toContain(`<h1>${link.title}</h1>`)
    expect(html).not.toContain(SPA_MARKER)
    const policy = response.headers.get("content-security-policy") ?? ""
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain("script-src 'self'")
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(response.headers.get("x-frame-options")).toBe("DENY")
    // no script at all (the CSP would refuse an inline one), and every reference of the texts resolved
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toContain("[[")
    expect(textOf(html).length).toBeGreaterThan(200)
  })

  it("links only to help pages that exist, sections that exist and the app's own paths", async () => {
    const anchors = new Map<string, string>()
    for (const link of HELP_LINKS) anchors.set(link.path, (await get(link.path)).html)
    for (const html of anchors.values()) {
      for (const [, href] of html.matchAll(/<a href="([^"]*)"/g)) {
        expect(href).toMatch(/^\/[a-z0-9/_-]*(#[a-z0-9-]+)?$/)
        const [path, anchor] = href!.split("#")
        if (!path!.startsWith("/help")) continue
        expect(anchors.has(path!), href).toBe(true)
        if (anchor !== undefined) expect(anchors.get(path!)).toContain(`id="${anchor}"`)
      }
    }
  })

  it("a trailing slash finds the same page", async () => {
    const { response, html } = await get(`${helpLink("beanRules").path}/`)
    expect(response.status).toBe(200)
    expect(html).toContain("<h1>米豆规则</h1>")
  })

  it.each(["/help/unknown", "/help/bean-rules/more", "/help/%E7%B1%B3"])("%s is a 404 page, not the web app", async (path) => {
    const { response, html } = await get(path)
    expect(response.status).toBe(404)
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'")
    expect(html).toContain("页面不存在")
    expect(html).not.toContain(SPA_MARKER)
  })

  it("other paths still reach the web app", async () => {
    expect((await get("/helpers")).html).toContain(SPA_MARKER)
  })

  it("the help centre's contact section names the official account and shows the service QR from config", async () => {
    const { html } = await get(`${helpLink("help").path}`)
    const contact = html.slice(html.indexOf(`id="contact"`))
    expect(textOf(contact)).toContain("官方公众号：米豆AI")
    expect(textOf(contact)).toContain("在微信中搜索“米豆AI”")
    const [qr] = (await server.deps.db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, ConfigKeys.wecomQrcode))).map((row) => row.value[0])
    expect(contact).toContain(`src="${qr}"`)
  })
})

describe("the numbers the pages quote are the shop's (commerce seed, taskPricing config)", () => {
  it("米豆规则 states every package's beans, bonus and price, and the beans one yuan buys", async () => {
    const packages = await server.deps.db.select().from(pointsPackages).orderBy(asc(pointsPackages.sortOrder))
    expect(packages.length).toBeGreaterThan(0)
    const text = textOf((await get(helpLink("beanRules").path)).html)
    const [first] = packages
    expect(text).toContain(`1 元 = ${(first!.points * 100) / first!.priceFen} 米豆`)
    for (const pack of packages) {
      const bonus = pack.bonus > 0 ? `${pack.bonus} 米豆` : "—"
      expect(text).toContain(`${pack.points} 米豆 ${bonus} ${pack.points + pack.bonus} 米豆 ${formatYuan(pack.priceFen)} 元`)
    }
  })

  it("米豆规则 states the task costs, the member discount and the post and invite rewards of the config", async () => {
    const text = textOf((await get(helpLink("beanRules").path)).html)
    expect(text).toContain(`AI绘画 · 快速模式 每张 ${seedValue(ConfigKeys.taskQuick)} 米豆`)
    expect(text).toContain(`AI绘画 · MJ 模型 每张 ${seedValue(ConfigKeys.taskQuickMj)} 米豆`)
    expect(text).toContain(`每张另加 ${seedValue(ConfigKeys.taskProExtra)} 米豆`)
    expect(text).toContain(`的 ${seedValue(ConfigKeys.taskHdMultiplier)} 倍计算`)
    expect(text).toContain(`享 ${seedValue(ConfigKeys.taskMemberRate) * 10} 折优惠`)
    const first = seedValue(ConfigKeys.firstPost)
    const daily = seedValue(ConfigKeys.dailyPost)
    expect(text).toContain(`首次在社区发帖奖励 ${first} 米豆，之后每次发帖奖励 ${daily} 米豆`)
    expect(text).toContain(`合计不超过 ${dailyPostRewardCap(first, daily)} 米豆`)
    expect(text).toContain(`您将获得 ${seedValue(ConfigKeys.inviteReward)} 米豆`)
  })

  it("会员服务协议 lists every active plan with its price, term and bonus beans", async () => {
    const plans = await server.deps.db.select().from(membershipPlans).orderBy(asc(membershipPlans.sortOrder))
    expect(plans.map((plan) => plan.level)).toEqual([1, 2, 3])
    const text = textOf((await get(helpLink("membershipAgreement").path)).html)
    for (const plan of plans) expect(text).toContain(`${plan.name} ${["", "体验", "月度", "年度"][plan.level]} ${formatYuan(plan.priceFen)} 元 ${plan.durationDays} 天 ${plan.bonusBeans} 米豆`)
  })

  it("邀请规则 states the inviter's reward of the config", async () => {
    const text = textOf((await get(helpLink("inviteRules").path)).html)
    expect(text).toContain(`您将获得 ${seedValue(ConfigKeys.inviteReward)} 米豆奖励`)
  })

  it("an operator's change of a price shows on the next view", async () => {
    await server.deps.db.update(appConfig).set({ value: ["5"] }).where(eq(appConfig.key, ConfigKeys.taskQuick))
    await server.deps.db.update(pointsPackages).set({ active: false }).where(eq(pointsPackages.code, "p12800"))
    try {
      const text = textOf((await get(helpLink("beanRules").path)).html)
      expect(text).toContain("AI绘画 · 快速模式 每张 5 米豆")
      expect(text).not.toContain("12800 米豆")
    } finally {
      await server.deps.db.update(appConfig).set({ value: [String(seedValue(ConfigKeys.taskQuick))] }).where(eq(appConfig.key, ConfigKeys.taskQuick))
      await server.deps.db.update(pointsPackages).set({ active: true }).where(eq(pointsPackages.code, "p12800"))
    }
  })
})
