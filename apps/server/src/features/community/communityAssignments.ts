import type { Assignment } from "@mido/core"
import { and, eq, inArray, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { assignments, circles, posts } from "../../db/schema/community.js"
import { notFound } from "./communityRefusal.js"
import { briefOf, loadBriefs } from "./communityViews.js"
import { unixSeconds } from "../../platform/chinaTime.js"

export type AssignmentRow = typeof assignments.$inferSelect

/** Assignments as the API answers them: circle name, setter, hand-in count and the viewer's is_submitted. */
export const toAssignments = async (db: Db, rows: ReadonlyArray<AssignmentRow>, viewer: number | undefined, now: Date): Promise<Array<Assignment>> => {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const briefs = await loadBriefs(db, rows.map((row) => row.authorUid), now)
  const names = new Map((await db.select({ id: circles.id, name: circles.name }).from(circles)
    .where(inArray(circles.id, rows.map((row) => row.circleId)))).map((circle) => [circle.id, circle.name]))
  const counts = await db.select({ assignmentId: posts.assignmentId, total: sql<number>`count(*)::int` }).from(posts)
    .where(inArray(posts.assignmentId, ids)).groupBy(posts.assignmentId)
  const submitted = viewer === undefined
    ? new Set<number | null>()
    : new Set((await db.select({ assignmentId: posts.assignmentId }).from(posts)
      .where(and(eq(posts.uid, viewer), inArray(posts.assignmentId, ids)))).map((post) => post.assignmentId))
  return rows.map((row) => ({
    id: row.id,
    circle_id: row.circleId,
    circle_name: names.get(row.circleId) ?? "",
    title: row.title,
    description: row.description,
    cover: row.cover,
    author: briefOf(briefs, row.authorUid),
    deadline: unixSeconds(row.deadline),
    submission_count: counts.find((count) => count.assignmentId === row.id)?.total ?? 0,
    is_submitted: submitted.has(row.id),
    created_at: unixSeconds(row.createdAt)
  }))
}

/** The assignment row, or 404. */
export const findAssignment = async (db: Db, id: number): Promise<AssignmentRow> => {
  const [row] = await db.select().from(assignments).where(eq(assignments.id, id)).limit(1)
  if (row === undefined) throw notFound("作业不存在或已删除")
  return row
}
