import { lt, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { rateWindows } from "../../db/schema/orderRequests.js"
import { fixedWindowWait } from "../../platform/rateWait.js"

/**
 * Fixed-window request counters in the database (rate_windows), so every process behind a load
 * balancer counts the same hits. One upsert per request; old windows are purged by the jobs.
 */

/** Counts one hit for `key` in the window containing `now` and answers the window's hits so far. */
export const hitRateWindow = async (db: Db, key: string, windowMs: number, now: Date): Promise<number> => {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs)
  const [row] = await db
    .insert(rateWindows)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateWindows.key, rateWindows.windowStart], set: { hits: sql`${rateWindows.hits} + 1` } })
    .returning({ hits: rateWindows.hits })
  return row?.hits ?? 1
}

/** Drops windows that ended before `cutoff`. */
export const purgeRateWindows = async (db: Db, cutoff: Date): Promise<number> =>
  (await db.delete(rateWindows).where(lt(rateWindows.windowStart, cutoff)).returning({ key: rateWindows.key })).length

/** R29: order status checks per user and minute. The client polls every 2 s (30 a minute). */
export const ORDER_CHECKS_PER_MINUTE = 60

/**
 * Counts the check; when the user's order checks in this minute are over the limit, the seconds until
 * the next minute (the caller answers 429 with them as Retry-After), else undefined.
 */
export const orderCheckWait = async (db: Db, uid: number, now: Date): Promise<number | undefined> =>
  (await hitRateWindow(db, `order-check:${uid}`, 60_000, now)) > ORDER_CHECKS_PER_MINUTE ? fixedWindowWait(60_000, now) : undefined
