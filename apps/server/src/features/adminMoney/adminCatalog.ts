import { asc, eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { appConfig, membershipPlans, pointsPackages } from "../../db/schema/commerce.js"
import { sanitizePlanHtml } from "../commerce/planHtml.js"
import type { RecordAudit } from "../commerce/refundTakeBack.js"
import { refuse, textOf, wholeIn } from "./moneyAdminRefusal.js"
import { validConfigValue } from "./configRules.js"

/**
 * Plans, packages and app_config edited from the console (spec §3's membership_plans / points_packages
 * fields, §7's plan and package answers): each edit is validated, sanitized (R15: the benefit lists are
 * HTML), written with its audit row in one transaction, and read by the next purchase dialog at once —
 * the plan and package lists and app_config are answered fresh on every call (no shared answer cache
 * holds them; platform/sharedAnswer.ts serves only the square's feed).
 */
export type PlanRow = typeof membershipPlans.$inferSelect
export type PackageRow = typeof pointsPackages.$inferSelect

export interface PlanEdit {
  readonly name: string
  readonly level: number
  readonly priceFen: number
  readonly originalPriceFen: number | null
  readonly durationDays: number
  readonly bonusBeans: number
  readonly description: string
  readonly content: string
  readonly exclusive: string
  readonly active: boolean
  readonly sortOrder: number
}

export interface PackageEdit {
  readonly points: number
  readonly bonus: number
  readonly priceFen: number
  readonly active: boolean
  readonly sortOrder: number
}

const MAX_PRICE_FEN = 10_000_000

export const validatePlan = (edit: PlanEdit): PlanEdit => {
  const priceFen = wholeIn(edit.priceFen, 1, MAX_PRICE_FEN, "价格（分）")
  if (edit.originalPriceFen !== null && wholeIn(edit.originalPriceFen, 1, MAX_PRICE_FEN, "原价（分）") < priceFen) refuse("原价不能低于现价")
  return {
    ...edit,
    name: textOf(edit.name, 20, "套餐名称"),
    level: wholeIn(edit.level, 1, 3, "会员等级"),
    priceFen,
    durationDays: wholeIn(edit.durationDays, 1, 3660, "有效天数"),
    bonusBeans: wholeIn(edit.bonusBeans, 0, 10_000_000, "赠送米豆"),
    description: textOf(edit.description, 200, "套餐说明", true),
    content: sanitizePlanHtml(textOf(edit.content, 4000, "权益列表", true)),
    exclusive: sanitizePlanHtml(textOf(edit.exclusive, 4000, "专属权益", true)),
    sortOrder: wholeIn(edit.sortOrder, 0, 1000, "排序")
  }
}

export const validatePackage = (edit: PackageEdit): PackageEdit => ({
  ...edit,
  points: wholeIn(edit.points, 1, 10_000_000, "米豆数量"),
  bonus: wholeIn(edit.bonus, 0, 10_000_000, "加赠米豆"),
  priceFen: wholeIn(edit.priceFen, 1, MAX_PRICE_FEN, "价格（分）"),
  sortOrder: wholeIn(edit.sortOrder, 0, 1000, "排序")
})

export const listCatalog = async (db: Db) => ({
  plans: await db.select().from(membershipPlans).orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.id)),
  packages: await db.select().from(pointsPackages).orderBy(asc(pointsPackages.sortOrder), asc(pointsPackages.id)),
  config: await db.select().from(appConfig).orderBy(asc(appConfig.sortOrder), asc(appConfig.key))
})

export const editPlan = async (db: Db, audit: RecordAudit, actorUid: number, id: number, raw: PlanEdit): Promise<PlanRow> => {
  const edit = validatePlan(raw)
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, id)).limit(1).for("update")
    if (before === undefined) return refuse("套餐不存在")
    const [after] = await tx.update(membershipPlans).set(edit).where(eq(membershipPlans.id, id)).returning()
    if (after === undefined) return refuse("套餐不存在")
    await audit(tx, { actorId: actorUid, action: "plan.edit", targetType: "membership_plan", targetId: String(id), before, after })
    return after
  })
}

export const editPackage = async (db: Db, audit: RecordAudit, actorUid: number, id: number, raw: PackageEdit): Promise<PackageRow> => {
  const edit = validatePackage(raw)
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(pointsPackages).where(eq(pointsPackages.id, id)).limit(1).for("update")
    if (before === undefined) return refuse("米豆套餐不存在")
    const [after] = await tx.update(pointsPackages).set(edit).where(eq(pointsPackages.id, id)).returning()
    if (after === undefined) return refuse("米豆套餐不存在")
    await audit(tx, { actorId: actorUid, action: "package.edit", targetType: "points_package", targetId: String(id), before, after })
    return after
  })
}

/** An existing app_config key's values, each checked by the key's rule (configRules.ts). New keys are not made here. */
export const editConfig = async (db: Db, audit: RecordAudit, actorUid: number, key: string, value: ReadonlyArray<string>) => {
  const values = value.map((entry) => entry.trim())
  const problem = validConfigValue(key, values)
  if (problem !== undefined) refuse(problem)
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(appConfig).where(eq(appConfig.key, key)).limit(1).for("update")
    if (before === undefined) return refuse("配置项不存在")
    const [after] = await tx.update(appConfig).set({ value: values }).where(eq(appConfig.key, key)).returning()
    await audit(tx, { actorId: actorUid, action: "config.edit", targetType: "app_config", targetId: key, before: before.value, after: values })
    return after ?? before
  })
}
