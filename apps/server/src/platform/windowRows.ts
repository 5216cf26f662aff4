import { and, desc, gt, type SQL } from "drizzle-orm"
import type { PgColumn, PgTable } from "drizzle-orm/pg-core"
import type { Db } from "../db/database.js"
import { slidingWindowWait } from "./rateWait.js"

/** The rows a sliding-window limit counts: one row per event, `at` its time, `where` whose events. */
export interface WindowRows {
  readonly table: PgTable
  readonly at: PgColumn
  readonly where: SQL | undefined
  readonly limit: number
  readonly windowMs: number
}

/**
 * R37's sliding window over a table of events (orders, tasks, community writes, coupon look-ups): the
 * limit-th newest event inside the window means the limit is reached, and the answer is the seconds
 * until it leaves the window (the 429's Retry-After); undefined while the request may pass. One row is
 * read, through an index on (who, at desc).
 */
export const windowRowsWait = async (db: Db, rows: WindowRows, now: Date): Promise<number | undefined> => {
  const [limitThNewest] = await db.select({ at: rows.at }).from(rows.table)
    .where(and(rows.where, gt(rows.at, new Date(now.getTime() - rows.windowMs))))
    .orderBy(desc(rows.at)).offset(rows.limit - 1).limit(1)
  return limitThNewest === undefined ? undefined : slidingWindowWait(limitThNewest.at as Date, rows.windowMs, now)
}
