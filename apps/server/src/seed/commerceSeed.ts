import { parseChinaDateTime } from "@mido/core"
import type { Db } from "../db/database.js"
import { appConfig, coupons, membershipPlans, pointsPackages, tools } from "../db/schema/commerce.js"
import { eq } from "drizzle-orm"
import { ConfigKeys, defaultConfig } from "../features/appConfig/appConfig.js"
import { sanitizePlanHtml } from "../features/commerce/planHtml.js"
import { qrSvgDataUrl } from "../platform/qrSvg.js"
import { iconBody, iconGrid, keepIcons } from "../adapters/engine/offline/subjects/iconSet.js"

/** The seven tools of spec §2 (tools layout), in toolbox order; `icon` is the emoji of the cover. */
const TOOLS = [
  { key: "discount", name: "智能抠图", description: "自动识别主体，一键生成透明底图片", path: "/tools/discount", colors: ["#6366f1", "#a855f7"], icon: "scissors" },
  { key: "hd-repair", name: "高清修复", description: "提升分辨率与清晰度，细节更丰富", path: "/tools/hd-repair", colors: ["#0ea5e9", "#6366f1"], icon: "magnifying-glass-tilted-right" },
  { key: "old-photo-restoration", name: "老照片上色", description: "修复划痕折痕，为黑白老照片智能上色", path: "/tools/old-photo-restoration", colors: ["#f59e0b", "#ef4444"], icon: "framed-picture" },
  { key: "remove-watermark", name: "去水印", description: "智能识别并去除图片中的文字与水印", path: "/tools/remove-watermark", colors: ["#10b981", "#0ea5e9"], icon: "sponge" },
  { key: "redraw", name: "局部重绘", description: "涂抹选区，用一句话重画局部内容", path: "/tools/redraw", colors: ["#ec4899", "#f59e0b"], icon: "paintbrush" },
  { key: "element-elimination", name: "元素消除", description: "圈出多余的人物或物体，一键消除", path: "/tools/element-elimination", colors: ["#14b8a6", "#22c55e"], icon: "magic-wand" },
  { key: "style-avatar", name: "风格头像", description: "上传一张照片，生成多种风格的专属头像", path: "/tools/style-avatar", colors: ["#8b5cf6", "#ec4899"], icon: "smiling-face-with-sunglasses" }
] as const

/**
 * A small generated cover (gradient and the tool's emoji) so the toolbox has images without external
 * files. No text: the card prints the name beside it, and a name drawn here would need a CJK font on
 * whatever renders the SVG (rule OE4).
 */
export const toolCover = (icon: string, [from, to]: readonly [string, string]) => {
  keepIcons([icon])
  const size = 120
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="320" height="200" rx="16" fill="url(#g)"/><circle cx="262" cy="52" r="64" fill="#fff" fill-opacity=".14"/><circle cx="160" cy="100" r="76" fill="#fff" fill-opacity=".22"/><g transform="translate(${160 - size / 2} ${100 - size / 2}) scale(${size / iconGrid})">${iconBody(icon) ?? ""}</g></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}

const list = (items: ReadonlyArray<string>) => sanitizePlanHtml(`<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`)

/** Membership levels 1–3 (spec §3, §9); prices in fen, benefit lists sanitized on write (R15). */
const PLANS = [
  {
    code: "trial", name: "体验会员", level: 1, priceFen: 990, originalPriceFen: null, durationDays: 7, bonusBeans: 500, sortOrder: 1,
    description: "7 天体验全部会员权益，赠送 500 米豆",
    content: list(["赠送 500 米豆", "AI 绘画 8 折", "作品无水印下载"]),
    exclusive: list(["体验 MJ 模型", "高清修复每日 5 次"])
  },
  {
    code: "monthly", name: "月度会员", level: 2, priceFen: 2990, originalPriceFen: 3990, durationDays: 30, bonusBeans: 3000, sortOrder: 2,
    description: "每月赠送 3000 米豆，绘画享 8 折",
    content: list(["每月赠送 3000 米豆", "AI 绘画 8 折", "作品无水印下载", "专属会员标识"]),
    exclusive: list(["MJ 模型优先队列", "高清修复不限次", "<strong>AI 工具箱全部解锁</strong>"])
  },
  {
    code: "yearly", name: "年度会员", level: 3, priceFen: 29800, originalPriceFen: 47880, durationDays: 365, bonusBeans: 40000, sortOrder: 3,
    description: "全年畅享，赠送 40000 米豆，平均每月不到 25 元",
    content: list(["赠送 40000 米豆", "AI 绘画 8 折", "作品无水印下载", "专属年度会员标识"]),
    exclusive: list(["MJ 模型优先队列", "高清修复不限次", "AI 工具箱全部解锁", "<em>新功能抢先体验</em>"])
  }
] as const

const PACKAGES = [
  { code: "p600", points: 600, bonus: 0, priceFen: 600, sortOrder: 1 },
  { code: "p3000", points: 3000, bonus: 100, priceFen: 3000, sortOrder: 2 },
  { code: "p6800", points: 6800, bonus: 500, priceFen: 6800, sortOrder: 3 },
  { code: "p12800", points: 12800, bonus: 1500, priceFen: 12800, sortOrder: 4 }
] as const

/** A China-time wall clock (the operator's calendar) as an instant. */
const chinaTime = (text: string): Date => new Date(parseChinaDateTime(text) ?? Number.NaN)

const OPEN_FROM = chinaTime("2025-01-01 00:00:00")
const OPEN_TO = chinaTime("2099-12-31 23:59:59")

/** Demo coupons of every type (threshold, discount, invite), scope and status (spec §4, §5). */
export const DEMO_COUPONS = [
  { code: "MIDO90", type: "discount", scope: "plan,points", discountAmount: "0.9", minimumAmount: null },
  { code: "FULL10", type: "threshold", scope: "points", discountAmount: "5", minimumAmount: "10" },
  { code: "PLAN50", type: "threshold", scope: "plan", discountAmount: "50", minimumAmount: null },
  { code: "INVITE85", type: "invite", scope: "plan,points", discountAmount: "0.85", minimumAmount: null },
  { code: "USED01", type: "threshold", scope: "plan,points", discountAmount: "10", minimumAmount: null, maxUses: 1, usedCount: 1 },
  { code: "OLD2025", type: "discount", scope: "plan,points", discountAmount: "0.8", minimumAmount: null, validTo: chinaTime("2025-12-31 23:59:59") },
  { code: "STOP01", type: "discount", scope: "plan,points", discountAmount: "0.5", minimumAmount: null, disabled: true },
  // a scope this app sells nothing of (an operator's coupon for another product): 未知优惠码作用范围!
  { code: "COURSE20", type: "threshold", scope: "course", discountAmount: "20", minimumAmount: null }
] as const

/**
 * The catalogue every site needs, demo or not: the config defaults, the tools, plans and packages.
 * Idempotent (insert … on conflict do nothing), so it runs at every start: operators' changes to the
 * rows are kept (deactivate a plan or package rather than delete it, or the next start brings it back).
 */
export const seedCatalogue = async (db: Db): Promise<void> => {
  const wecom = qrSvgDataUrl("https://work.weixin.qq.com/ca/cawcde-mido-ai", "扫码添加米豆AI助手")
  await db.insert(appConfig).values(defaultConfig(wecom).map((entry, index) => ({ key: entry.key, value: [...entry.value], sortOrder: index }))).onConflictDoNothing()
  // covers only for tools not there yet: drawing one reads the emoji set, which a later start need not
  const present = new Set((await db.select({ key: tools.key }).from(tools)).map((row) => row.key))
  const missing = TOOLS.flatMap(({ colors, icon, ...tool }) => (present.has(tool.key) ? [] : [{ ...tool, cover: toolCover(icon, colors), sortOrder: TOOLS.findIndex((t) => t.key === tool.key) }]))
  if (missing.length > 0) await db.insert(tools).values(missing).onConflictDoNothing()
  await db.insert(membershipPlans).values(PLANS.map((plan) => ({ ...plan }))).onConflictDoNothing()
  await db.insert(pointsPackages).values(PACKAGES.map((pack) => ({ ...pack }))).onConflictDoNothing()
}

/** The demo's coupons (DEMO_COUPONS): demo data, never on a production site unless asked (SEED_DEMO). */
export const seedDemoCoupons = async (db: Db): Promise<void> => {
  await db
    .insert(coupons)
    .values(DEMO_COUPONS.map((coupon) => ({ validFrom: OPEN_FROM, validTo: OPEN_TO, ...coupon })))
    .onConflictDoNothing()
}

/** The demo's sign-up grant: a visitor trying the demo draws a few pictures before paying. */
export const DEMO_SIGNUP_GRANT = 300

/**
 * The config a demo site differs in (demo data, SEED_DEMO): new accounts get DEMO_SIGNUP_GRANT beans.
 * Runs with the first seeding only, so an operator's later change stays.
 */
export const seedDemoConfig = async (db: Db): Promise<void> => {
  await db.update(appConfig).set({ value: [String(DEMO_SIGNUP_GRANT)] }).where(eq(appConfig.key, ConfigKeys.signupGrant))
}

/** The catalogue and the demo coupons: what the commerce tests buy with. Idempotent. */
export const seedCommerce = async (db: Db): Promise<void> => {
  await seedCatalogue(db)
  await seedDemoCoupons(db)
}
