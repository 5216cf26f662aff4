import { Api } from "@mido/core/contract"
import { and, desc, eq, sql } from "drizzle-orm"
import type { Hono } from "hono"
import { activities, activityWorks } from "../../db/schema/community.js"
import { isUniqueViolation } from "./communityDbErrors.js"
import { activityOrderSql, activityStatus, statusSql, toActivities, toActivityWorks } from "./communityActivities.js"
import { ownsArtwork, VISIBLE_ARTWORK } from "./communityViews.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput, conflict, notFound } from "../../platform/failure.js"
import { moderateText } from "../moderation/textCheck.js"

const ONCE = "每个活动只能提交一件作品"

/** A work counts on an activity's page only while its artwork is on the square. */
const visibleWork = sql`exists (select 1 from artworks a where a.id = ${activityWorks.artworkId} and ${VISIBLE_ARTWORK})`

/** 活动: list (status from the times), detail by key, works, handing in an own artwork (R11). */
export const registerActivities = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  implement(app, deps, Api.community.activityList, async (input, { uid }) => {
    const now = deps.now()
    const where = input.status !== undefined ? sql`${statusSql(now)} = ${input.status}` : undefined
    const rows = await db.select().from(activities).where(where)
      .orderBy(...activityOrderSql(now)).limit(input.size).offset((input.page - 1) * input.size)
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(activities).where(where)
    return { list: await toActivities(db, rows, uid, now), total: count?.total ?? 0 }
  })

  implement(app, deps, Api.community.activityDetail, async (input, { uid }) => {
    const [row] = await db.select().from(activities).where(eq(activities.key, input.key)).limit(1)
    if (row === undefined) throw notFound("活动不存在或已下线")
    const [activity] = await toActivities(db, [row], uid, deps.now())
    return activity!
  })

  implement(app, deps, Api.community.activityWorks, async (input, { uid }) => {
    const [activity] = await db.select({ id: activities.id }).from(activities).where(eq(activities.id, input.activity_id)).limit(1)
    if (activity === undefined) throw notFound("活动不存在或已下线")
    const where = and(eq(activityWorks.activityId, input.activity_id), visibleWork)
    const order = input.sort === "hot" ? [desc(activityWorks.voteCount), desc(activityWorks.id)] : [desc(activityWorks.id)]
    const rows = await db.select().from(activityWorks).where(where).orderBy(...order).limit(input.size).offset((input.page - 1) * input.size)
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(activityWorks).where(where)
    return { list: await toActivityWorks(db, rows, uid), total: count?.total ?? 0 }
  })

  implementAuthed(app, deps, Api.community.activitySubmitWork, async (input, { uid }) => {
    await moderateText(deps, uid, "activity", input.description)
    const now = deps.now()
    const row = await db.transaction(async (tx) => {
      const [activity] = await tx.select().from(activities).where(eq(activities.id, input.activity_id)).limit(1)
      if (activity === undefined) throw notFound("活动不存在或已下线")
      const status = activityStatus(activity.startAt, activity.endAt, now)
      if (status === "upcoming") throw badInput("活动尚未开始，开始后再来投稿吧")
      if (status === "ended") throw badInput("活动已结束，无法再提交作品")
      // R11: only the caller's own artwork, checked in the query (user_uid = uid)
      if (!(await ownsArtwork(tx, uid, input.artwork_id, "owned"))) throw notFound("作品不存在或不属于你")
      if (!(await ownsArtwork(tx, uid, input.artwork_id, "owned-visible"))) throw badInput("作品公开发布并通过审核后才能参赛")
      const [already] = await tx.select({ id: activityWorks.id }).from(activityWorks)
        .where(and(eq(activityWorks.activityId, activity.id), eq(activityWorks.uid, uid))).limit(1)
      if (already !== undefined) throw conflict(ONCE)
      const [inserted] = await tx.insert(activityWorks).values({
        activityId: activity.id, artworkId: input.artwork_id, uid, description: input.description, createdAt: now
      }).returning()
      return inserted!
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(ONCE)
      throw error
    })
    const [work] = await toActivityWorks(db, [row], uid)
    if (work === undefined) throw notFound("作品不存在或不属于你")
    return work
  })
}
