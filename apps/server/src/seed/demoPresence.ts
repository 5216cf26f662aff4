import { and, count, eq, gt, inArray, like } from "drizzle-orm"
import type { Db } from "../db/database.js"
import { coupons } from "../db/schema/commerce.js"
import { users } from "../db/schema/users.js"
import type { Log } from "../platform/log.js"
import { DEMO_COUPONS } from "./commerceSeed.js"

export interface DemoPresence {
  /** the seeded creators (phones 1380000XXXX, invite codes DEMOnn): anyone holding such a phone logs in as one */
  readonly users: number
  /** demo coupon codes anyone may redeem right now (PLAN50 takes 50 yuan off a plan) */
  readonly liveCoupons: ReadonlyArray<string>
}

/** What of the demo (seedDemo) is in this database, found by content, so a database seeded before any marker counts too. */
export const findDemoData = async (db: Db, now: Date): Promise<DemoPresence> => {
  const [seeded] = await db.select({ n: count() }).from(users).where(and(like(users.phone, "1380000%"), like(users.inviteCode, "DEMO%")))
  const live = await db.select({ code: coupons.code }).from(coupons)
    .where(and(inArray(coupons.code, DEMO_COUPONS.map((coupon) => coupon.code)), eq(coupons.disabled, false), gt(coupons.validTo, now)))
  return { users: seeded?.n ?? 0, liveCoupons: live.map((row) => row.code).sort() }
}

/**
 * A production start over demo data warns loudly (an error-level line with `alert`, for the log
 * alerting): fake accounts and free-plan coupons on a live site. Answers what it found.
 */
export const warnOfDemoDataInProduction = async (db: Db, log: Log, now: Date): Promise<DemoPresence> => {
  const found = await findDemoData(db, now)
  if (found.users > 0 || found.liveCoupons.length > 0) {
    log.error("DEMO DATA IN PRODUCTION: demo accounts and demo coupons are live on this site", {
      alert: "demo_data_in_production",
      demo_users: found.users,
      live_demo_coupons: found.liveCoupons,
      fix: "start on a fresh database without SEED_DEMO, or disable the coupons (update coupons set disabled = true where code in (…)) and remove the demo accounts"
    })
  }
  return found
}
