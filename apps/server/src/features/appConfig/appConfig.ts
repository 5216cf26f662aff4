import type { ConfigEntry } from "@mido/core"
import { ReminderConfigKeys } from "@mido/core/account"
import { type ToolKey } from "@mido/core/generation"
import { DEFAULT_TASK_PRICES } from "@mido/core/generation"
import { asc, inArray } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { appConfig } from "../../db/schema/commerce.js"

/** The config keys the server and the app read (spec §3 plus the server's own pricing keys). */
export const ConfigKeys = {
  wecomQrcode: "config.wecom.promotion.qrcode",
  firstPost: "points.first-post",
  dailyPost: "points.daily-post",
  ...ReminderConfigKeys,
  /** beans the inviter gets on the invitee's first paid order (R35) */
  inviteReward: "points.invite-reward",
  /** beans a new account gets once at registration, to try drawing before paying (0: none) */
  signupGrant: "points.signup-grant",
  /** beans per image of a quick / MJ drawing task, the HD multiplier, the pro-style surcharge */
  taskQuick: "points.task.quick",
  taskQuickMj: "points.task.quick_mj",
  taskHdMultiplier: "points.task.hd-multiplier",
  taskProExtra: "points.task.pro-extra",
  /** beans per sd image, the hires-fix surcharge per sd image, beans per agent image (GC3, GC4) */
  taskSd: "points.task.sd",
  taskSdHiresExtra: "points.task.sd-hires-extra",
  taskAgent: "points.task.agent",
  /** members pay this rate of a task's cost (0.8 = 20% off) */
  taskMemberRate: "points.task.member-rate",
  /** per user: drawing tasks running at once, and waiting in the queue */
  generationMaxRunning: "generation.max-running",
  generationMaxQueued: "generation.max-queued",
  /** the visible AI生成 label: its corner (bottom-left, bottom-right, top-left, top-right) and style (dark, light); AL7 */
  aigcLabelCorner: "aigc.label.corner",
  aigcLabelStyle: "aigc.label.style"
} as const

/** Beans per run of each AI tool (GC5): points.task.tool.<the tool's page key>. */
export const TaskToolConfigKeys: Readonly<Record<ToolKey, string>> = {
  "hd-repair": "points.task.tool.hd-repair",
  discount: "points.task.tool.discount",
  "remove-watermark": "points.task.tool.remove-watermark",
  "element-elimination": "points.task.tool.element-elimination",
  "style-avatar": "points.task.tool.style-avatar",
  "old-photo-restoration": "points.task.tool.old-photo-restoration",
  redraw: "points.task.tool.redraw"
}

/** Sensible defaults, seeded once (seedCommerce); operators change the rows, not the code. */
export const defaultConfig = (wecomQrcode: string): ReadonlyArray<ConfigEntry> => [
  { key: ConfigKeys.wecomQrcode, value: [wecomQrcode] },
  { key: ConfigKeys.firstPost, value: ["50"] },
  { key: ConfigKeys.dailyPost, value: ["10"] },
  { key: ConfigKeys.dailyConsumeThreshold, value: ["500"] },
  { key: ConfigKeys.remainingBeanThreshold, value: ["100"] },
  { key: ConfigKeys.expireRemainDays, value: ["3"] },
  { key: ConfigKeys.inviteReward, value: ["500"] },
  // none on a live site unless its operator sets it; the demo seed turns it on (seedDemoConfig)
  { key: ConfigKeys.signupGrant, value: ["0"] },
  { key: ConfigKeys.taskQuick, value: [String(DEFAULT_TASK_PRICES.quick)] },
  { key: ConfigKeys.taskQuickMj, value: [String(DEFAULT_TASK_PRICES.quickMj)] },
  { key: ConfigKeys.taskHdMultiplier, value: [String(DEFAULT_TASK_PRICES.hdMultiplier)] },
  { key: ConfigKeys.taskProExtra, value: [String(DEFAULT_TASK_PRICES.proExtra)] },
  { key: ConfigKeys.taskSd, value: [String(DEFAULT_TASK_PRICES.sd)] },
  { key: ConfigKeys.taskSdHiresExtra, value: [String(DEFAULT_TASK_PRICES.sdHiresExtra)] },
  { key: ConfigKeys.taskAgent, value: [String(DEFAULT_TASK_PRICES.agent)] },
  ...Object.entries(TaskToolConfigKeys).map(([tool, key]) => ({ key, value: [String(DEFAULT_TASK_PRICES.tools[tool as ToolKey])] })),
  { key: ConfigKeys.taskMemberRate, value: ["0.8"] },
  { key: ConfigKeys.generationMaxRunning, value: ["2"] },
  { key: ConfigKeys.generationMaxQueued, value: ["10"] },
  { key: ConfigKeys.aigcLabelCorner, value: ["bottom-left"] },
  { key: ConfigKeys.aigcLabelStyle, value: ["dark"] }
]

/** The whole config as app_config answers it (spec §7: data.list of key/value). */
export const readAppConfig = async (db: Db): Promise<Array<ConfigEntry>> =>
  db.select({ key: appConfig.key, value: appConfig.value }).from(appConfig).orderBy(asc(appConfig.sortOrder), asc(appConfig.key))

/** The first value of each key as text; missing keys are absent. */
export const configTexts = async (db: Db, keys: ReadonlyArray<string>): Promise<Record<string, string>> => {
  if (keys.length === 0) return {}
  const rows = await db.select({ key: appConfig.key, value: appConfig.value }).from(appConfig).where(inArray(appConfig.key, [...keys]))
  return Object.fromEntries(rows.flatMap((row) => (row.value[0] === undefined ? [] : [[row.key, row.value[0].trim()]])))
}

/** Whole, non-negative numbers from config; a missing or malformed value reads as `fallback`. */
export const configWholeNumbers = async <K extends string>(db: Db, fallbacks: Readonly<Record<K, number>>): Promise<Record<K, number>> => {
  const texts = await configTexts(db, Object.keys(fallbacks))
  const result: Record<K, number> = { ...fallbacks }
  for (const key of Object.keys(fallbacks) as Array<K>) {
    const text = texts[key]
    if (text !== undefined && /^\d{1,12}$/.test(text)) result[key] = Number(text)
  }
  return result
}
