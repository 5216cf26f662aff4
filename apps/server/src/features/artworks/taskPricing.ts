import { floorToUnits, multiply, parseDecimal, type TaskPoints, type TaskPointsPayload } from "@mido/core"
import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { users } from "../../db/schema/users.js"
import { ConfigKeys, configTexts, configWholeNumbers } from "../appConfig/appConfig.js"
import { beanBalance } from "../beans/beans.js"
import { isMember } from "../users/userView.js"

/**
 * What a drawing task costs in beans (POST /api/v2/quick/task/points), from config: beans per image
 * by type, a pro-style surcharge per quick image, an HD multiplier, and the member rate (floored to
 * whole beans). The generation module charges with the same function so the preview never lies.
 */
export const taskCost = async (db: Db, uid: number, task: TaskPointsPayload, now: Date): Promise<TaskPoints> => {
  const prices = await configWholeNumbers(db, {
    [ConfigKeys.taskQuick]: 4,
    [ConfigKeys.taskQuickMj]: 10,
    [ConfigKeys.taskHdMultiplier]: 2,
    [ConfigKeys.taskProExtra]: 2
  })
  const perImage = (task.type === "quick" ? prices[ConfigKeys.taskQuick] ?? 4 : prices[ConfigKeys.taskQuickMj] ?? 10)
    + (task.type === "quick" && task.style_group === "pro" ? prices[ConfigKeys.taskProExtra] ?? 0 : 0)
  const original = perImage * task.num * (task.hd === true ? Math.max(1, prices[ConfigKeys.taskHdMultiplier] ?? 1) : 1)
  const [user] = await db.select({ vipLevel: users.vipLevel, vipExpiredAt: users.vipExpiredAt }).from(users).where(eq(users.uid, uid)).limit(1)
  const rateText = (await configTexts(db, [ConfigKeys.taskMemberRate]))[ConfigKeys.taskMemberRate] ?? "1"
  const rate = parseDecimal(rateText)
  const usableRate = rate !== undefined && rate.units >= 0n && Number(rateText) <= 1 ? rate : undefined
  const discounted = user !== undefined && isMember(user, now) && usableRate !== undefined
    ? Number(floorToUnits(multiply({ units: BigInt(original), scale: 0 }, usableRate), 0))
    : original
  const balance = await beanBalance(db, uid)
  return discounted < original ? { points: discounted, original_points: original, balance } : { points: original, balance }
}
