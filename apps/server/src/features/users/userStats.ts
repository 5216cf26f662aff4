import type { UserStat } from "@mido/core"
import { sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"

type StatRow = Record<"artwork_count" | "artwork_like_count" | "artwork_view_count" | "followee_count" | "follower_count", number | string>

/**
 * An author's counters (spec §3 user_stat): public works, likes and views received over live works,
 * and the follow counts. Computed from the rows themselves, so they never drift.
 */
export const userStat = async (db: Db, uid: number): Promise<UserStat> => {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from artworks
        where user_uid = ${uid} and deleted_at is null and is_public and audit_status = 'approved') as artwork_count,
      (select coalesce(sum(like_count), 0)::bigint from artworks where user_uid = ${uid} and deleted_at is null) as artwork_like_count,
      (select coalesce(sum(view_count), 0)::bigint from artworks where user_uid = ${uid} and deleted_at is null) as artwork_view_count,
      (select count(*)::int from follows where follower_uid = ${uid}) as followee_count,
      (select count(*)::int from follows where followee_uid = ${uid}) as follower_count
  `)) as unknown as { rows: Array<StatRow> }
  const row = result.rows[0]
  const read = (key: keyof StatRow) => Number(row?.[key] ?? 0)
  return {
    artwork_count: read("artwork_count"),
    artwork_like_count: read("artwork_like_count"),
    artwork_view_count: read("artwork_view_count"),
    followee_count: read("followee_count"),
    follower_count: read("follower_count")
  }
}
