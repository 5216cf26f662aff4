import type { Activity, ActivityStatus, ActivityWork } from "@mido/core"
import { and, eq, inArray, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { activities, activityWorks } from "../../db/schema/community.js"
import { loadArtworkCards } from "./communityViews.js"
import { unixSeconds } from "../../platform/chinaTime.js"

export type ActivityRow = typeof activities.$inferSelect
export type ActivityWorkRow = typeof activityWorks.$inferSelect

/**
 * Where an activity stands at `now`: upcoming before start_at, ended from end_at on, ongoing between.
 * Never stored, so it cannot go stale (docs/community-model.md).
 */
export const activityStatus = (startAt: Date, endAt: Date, now: Date): ActivityStatus =>
  now < startAt ? "upcoming" : now >= endAt ? "ended" : "ongoing"

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`

/** The same rule in SQL, for filtering lists. */
export const statusSql = (now: Date) =>
  sql`case when ${at(now)} < ${activities.startAt} then 'upcoming' when ${at(now)} >= ${activities.endAt} then 'ended' else 'ongoing' end`

/** List order: ongoing (ending soonest first), then upcoming (starting soonest), then ended (latest first). */
export const activityOrderSql = (now: Date) => [
  sql`case when ${at(now)} < ${activities.startAt} then 1 when ${at(now)} >= ${activities.endAt} then 2 else 0 end`,
  sql`case when ${at(now)} < ${activities.startAt} then extract(epoch from ${activities.startAt})
    when ${at(now)} >= ${activities.endAt} then -extract(epoch from ${activities.endAt})
    else extract(epoch from ${activities.endAt}) end`,
  sql`${activities.id}`
]

/** Activities as the API answers them, with their counts and the viewer's is_joined. */
export const toActivities = async (db: Db, rows: ReadonlyArray<ActivityRow>, viewer: number | undefined, now: Date): Promise<Array<Activity>> => {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const counts = await db.select({
    activityId: activityWorks.activityId,
    works: sql<number>`count(*)::int`,
    people: sql<number>`count(distinct ${activityWorks.uid})::int`
  }).from(activityWorks).where(inArray(activityWorks.activityId, ids)).groupBy(activityWorks.activityId)
  const joined = viewer === undefined
    ? new Set<number>()
    : new Set((await db.select({ activityId: activityWorks.activityId }).from(activityWorks)
      .where(and(eq(activityWorks.uid, viewer), inArray(activityWorks.activityId, ids)))).map((work) => work.activityId))
  return rows.map((row) => {
    const count = counts.find((entry) => entry.activityId === row.id)
    return {
      id: row.id,
      key: row.key,
      title: row.title,
      cover: row.cover,
      banner: row.banner,
      description: row.description,
      rules: row.rules,
      reward: row.reward,
      start_at: unixSeconds(row.startAt),
      end_at: unixSeconds(row.endAt),
      status: activityStatus(row.startAt, row.endAt, now),
      participant_count: count?.people ?? 0,
      work_count: count?.works ?? 0,
      is_joined: joined.has(row.id)
    }
  })
}

/** Works with their artwork cards; a work whose artwork left the square is dropped (it is not shown). */
export const toActivityWorks = async (db: Db, rows: ReadonlyArray<ActivityWorkRow>, viewer: number | undefined): Promise<Array<ActivityWork>> => {
  const cards = await loadArtworkCards(db, rows.map((row) => row.artworkId), viewer)
  return rows.flatMap((row) => {
    const card = cards.get(row.artworkId)
    return card === undefined ? [] : [{
      id: row.id,
      activity_id: row.activityId,
      artwork: card,
      description: row.description,
      vote_count: row.voteCount,
      award: row.award,
      created_at: unixSeconds(row.createdAt)
    }]
  })
}
