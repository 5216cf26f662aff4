import { type TaskPoints, type TaskPointsPayload } from "@mido/core"
import { type ToolKey } from "@mido/core/generation"
import { DEFAULT_TASK_PRICES, memberCost, priceTask, type TaskPrices } from "@mido/core/generation"
import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { users } from "../../db/schema/users.js"
import { badInput } from "../../platform/failure.js"
import { ConfigKeys, configTexts, configWholeNumbers, TaskToolConfigKeys } from "../appConfig/appConfig.js"
import { beanBalance } from "../beans/beans.js"
import { isMember } from "../users/userView.js"

const TOOL_KEYS = Object.keys(TaskToolConfigKeys) as Array<ToolKey>

/** The task prices in config (points.task.*); a missing or malformed row reads as the core's default. */
export const taskPrices = async (db: Db): Promise<TaskPrices> => {
  const d = DEFAULT_TASK_PRICES
  const fallbacks: Record<string, number> = {
    [ConfigKeys.taskQuick]: d.quick,
    [ConfigKeys.taskQuickMj]: d.quickMj,
    [ConfigKeys.taskHdMultiplier]: d.hdMultiplier,
    [ConfigKeys.taskProExtra]: d.proExtra,
    [ConfigKeys.taskSd]: d.sd,
    [ConfigKeys.taskSdHiresExtra]: d.sdHiresExtra,
    [ConfigKeys.taskAgent]: d.agent,
    ...Object.fromEntries(TOOL_KEYS.map((tool) => [TaskToolConfigKeys[tool], d.tools[tool]]))
  }
  const read = await configWholeNumbers(db, fallbacks)
  const at = (key: string, fallback: number): number => read[key] ?? fallback
  return {
    quick: at(ConfigKeys.taskQuick, d.quick),
    quickMj: at(ConfigKeys.taskQuickMj, d.quickMj),
    hdMultiplier: at(ConfigKeys.taskHdMultiplier, d.hdMultiplier),
    proExtra: at(ConfigKeys.taskProExtra, d.proExtra),
    sd: at(ConfigKeys.taskSd, d.sd),
    sdHiresExtra: at(ConfigKeys.taskSdHiresExtra, d.sdHiresExtra),
    agent: at(ConfigKeys.taskAgent, d.agent),
    tools: Object.fromEntries(TOOL_KEYS.map((tool) => [tool, at(TaskToolConfigKeys[tool], d.tools[tool])])) as Record<ToolKey, number>
  }
}

/**
 * What a drawing task costs this user in beans (POST /api/v2/quick/task/points, and the charge at
 * submit with taskCostInputOf(submit)): the core's priceTask on the config prices (GC1–GC5), then
 * memberCost with the member rate (GC6). One function for the preview and the charge, so the
 * preview never lies. A tool task must name its tool.
 */
export const taskCost = async (db: Db, uid: number, task: TaskPointsPayload, now: Date): Promise<TaskPoints> => {
  if (task.type === "tool" && task.tool === undefined) throw badInput("请选择工具")
  const original = priceTask(task, await taskPrices(db))
  const [user] = await db.select({ vipLevel: users.vipLevel, vipExpiredAt: users.vipExpiredAt }).from(users).where(eq(users.uid, uid)).limit(1)
  const rateText = (await configTexts(db, [ConfigKeys.taskMemberRate]))[ConfigKeys.taskMemberRate]
  const cost = memberCost(original, rateText, user !== undefined && isMember(user, now))
  return { ...cost, balance: await beanBalance(db, uid) }
}
