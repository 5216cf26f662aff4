import type { Circle } from "@mido/core"
import { and, eq, inArray } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { circleMembers, circles } from "../../db/schema/community.js"
import { notFound } from "./communityRefusal.js"
import { briefOf, loadBriefs } from "./communityViews.js"
import { unixSeconds } from "../../platform/chinaTime.js"

export type CircleRow = typeof circles.$inferSelect

/** Circles as the API answers them, with the viewer's is_joined and is_owner (false for a visitor). */
export const toCircles = async (db: Db, rows: ReadonlyArray<CircleRow>, viewer: number | undefined, now: Date): Promise<Array<Circle>> => {
  if (rows.length === 0) return []
  const briefs = await loadBriefs(db, rows.map((row) => row.ownerUid), now)
  const joined = viewer === undefined
    ? new Set<number>()
    : new Set((await db.select({ circleId: circleMembers.circleId }).from(circleMembers)
      .where(and(eq(circleMembers.uid, viewer), inArray(circleMembers.circleId, rows.map((row) => row.id))))).map((member) => member.circleId))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    cover: row.cover,
    description: row.description,
    member_count: row.memberCount,
    post_count: row.postCount,
    is_joined: joined.has(row.id),
    is_owner: viewer === row.ownerUid,
    owner: briefOf(briefs, row.ownerUid),
    created_at: unixSeconds(row.createdAt)
  }))
}

/** The circle row, or 404. */
export const findCircle = async (db: Db, id: number): Promise<CircleRow> => {
  const [row] = await db.select().from(circles).where(eq(circles.id, id)).limit(1)
  if (row === undefined) throw notFound("圈子不存在或已解散")
  return row
}

/** One circle for the viewer, or 404. */
export const loadCircle = async (db: Db, id: number, viewer: number | undefined, now: Date): Promise<Circle> => {
  const [circle] = await toCircles(db, [await findCircle(db, id)], viewer, now)
  return circle!
}
