import { formatYuan } from "@mido/core"
import { asc, eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { membershipPlans, pointsPackages } from "../../db/schema/commerce.js"
import { ConfigKeys, configTexts, configWholeNumbers } from "../appConfig/appConfig.js"

export interface HelpPackage {
  readonly points: number
  readonly bonus: number
  readonly priceFen: number
}

export interface HelpPlan {
  readonly name: string
  readonly level: number
  readonly priceFen: number
  readonly durationDays: number
  readonly bonusBeans: number
  readonly description: string
}

/** What the bean rules, the membership agreement and the invite rules quote, as the shop sells it today. */
export interface HelpFacts {
  readonly packages: ReadonlyArray<HelpPackage>
  readonly plans: ReadonlyArray<HelpPlan>
  /** beans per image of a quick / MJ drawing, the HD multiplier and the pro-style surcharge (taskPricing.ts) */
  readonly taskQuick: number
  readonly taskQuickMj: number
  readonly taskHdMultiplier: number
  readonly taskProExtra: number
  /** the members' rate of a task's cost as config holds it ("0.8"), undefined when there is none */
  readonly memberRate: string | undefined
  readonly firstPostBeans: number
  readonly dailyPostBeans: number
  readonly inviteRewardBeans: number
  /** the customer-service QR image, when config holds one as a data URL the page's CSP allows */
  readonly serviceQrImage: string | undefined
}

/**
 * Reads the active plans and packages (as the shop lists them) and the pricing config. Fallbacks are
 * the ones taskPricing.ts and beans.ts charge and award with when a config row is missing.
 */
export const loadHelpFacts = async (db: Db): Promise<HelpFacts> => {
  const packages = await db
    .select({ points: pointsPackages.points, bonus: pointsPackages.bonus, priceFen: pointsPackages.priceFen })
    .from(pointsPackages)
    .where(eq(pointsPackages.active, true))
    .orderBy(asc(pointsPackages.sortOrder), asc(pointsPackages.id))
  const plans = await db
    .select({
      name: membershipPlans.name,
      level: membershipPlans.level,
      priceFen: membershipPlans.priceFen,
      durationDays: membershipPlans.durationDays,
      bonusBeans: membershipPlans.bonusBeans,
      description: membershipPlans.description
    })
    .from(membershipPlans)
    .where(eq(membershipPlans.active, true))
    .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.id))
  const numbers = await configWholeNumbers(db, {
    [ConfigKeys.taskQuick]: 4,
    [ConfigKeys.taskQuickMj]: 10,
    [ConfigKeys.taskHdMultiplier]: 2,
    [ConfigKeys.taskProExtra]: 2,
    [ConfigKeys.firstPost]: 0,
    [ConfigKeys.dailyPost]: 0,
    [ConfigKeys.inviteReward]: 0
  })
  const texts = await configTexts(db, [ConfigKeys.taskMemberRate, ConfigKeys.wecomQrcode])
  const qr = texts[ConfigKeys.wecomQrcode]
  return {
    packages,
    plans,
    taskQuick: numbers[ConfigKeys.taskQuick] ?? 4,
    taskQuickMj: numbers[ConfigKeys.taskQuickMj] ?? 10,
    taskHdMultiplier: Math.max(1, numbers[ConfigKeys.taskHdMultiplier] ?? 1),
    taskProExtra: numbers[ConfigKeys.taskProExtra] ?? 0,
    memberRate: texts[ConfigKeys.taskMemberRate],
    firstPostBeans: numbers[ConfigKeys.firstPost] ?? 0,
    dailyPostBeans: numbers[ConfigKeys.dailyPost] ?? 0,
    inviteRewardBeans: numbers[ConfigKeys.inviteReward] ?? 0,
    serviceQrImage: qr !== undefined && /^data:image\/(svg\+xml|png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(qr) ? qr : undefined
  }
}

/** A price as the agreements write it: 29.90 元. */
export const yuanText = (fen: number): string => `${formatYuan(fen)} 元`

/**
 * How many beans one yuan buys at the packages' base rate (before their bonus), when every package
 * has the same whole rate; undefined otherwise (the table then speaks for itself).
 */
export const beansPerYuan = (packages: ReadonlyArray<HelpPackage>): number | undefined => {
  const rates = new Set(packages.map((pack) => (pack.points * 100) / pack.priceFen))
  const [rate] = [...rates]
  return rates.size === 1 && rate !== undefined && Number.isInteger(rate) ? rate : undefined
}

/** A members' rate as a Chinese discount: "0.8" → "8 折", "0.85" → "8.5 折"; undefined for none. */
export const discountText = (rate: string | undefined): string | undefined => {
  if (rate === undefined || !/^0?\.\d{1,4}$|^1(\.0*)?$/.test(rate)) return undefined
  const tenths = Number(rate) * 10
  return tenths >= 10 ? undefined : `${Number(tenths.toFixed(2))} 折`
}
