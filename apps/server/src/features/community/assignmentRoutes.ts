import { Api } from "@mido/core/contract"
import { and, desc, eq, sql } from "drizzle-orm"
import type { Hono } from "hono"
import { assignments, circles, posts } from "../../db/schema/community.js"
import { findAssignment, toAssignments } from "./communityAssignments.js"
import { findCircle } from "./communityCircles.js"
import { isUniqueViolation } from "./communityDbErrors.js"
import { insertPost, isCircleMember, loadPost, postColumns, toPosts } from "./communityPosts.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput, conflict, forbidden } from "../../platform/failure.js"
import { objectBaseUrl } from "../files/storedFiles.js"
import { shownPost } from "./communityViews.js"
import { moderateImages, moderateTexts } from "../moderation/textCheck.js"

const ONCE = "你已经提交过这份作业了"

/** 作业: a circle's assignments, detail, hand-ins (posts), handing in (members only, before the deadline, once). */
export const registerAssignments = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  implement(app, deps, Api.community.assignmentList, async (input, { uid }) => {
    await findCircle(db, input.circle_id)
    const where = eq(assignments.circleId, input.circle_id)
    const rows = await db.select().from(assignments).where(where)
      .orderBy(desc(assignments.id)).limit(input.size).offset((input.page - 1) * input.size)
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(assignments).where(where)
    return { list: await toAssignments(db, rows, uid, deps.now()), total: count?.total ?? 0 }
  })

  implement(app, deps, Api.community.assignmentDetail, async (input, { uid }) => {
    const [assignment] = await toAssignments(db, [await findAssignment(db, input.id)], uid, deps.now())
    return assignment!
  })

  implement(app, deps, Api.community.assignmentSubmissions, async (input, { uid }) => {
    await findAssignment(db, input.id)
    const where = and(eq(posts.assignmentId, input.id), shownPost)
    const rows = await db.select(postColumns).from(posts).leftJoin(circles, eq(circles.id, posts.circleId)).where(where)
      .orderBy(desc(posts.id)).limit(input.size).offset((input.page - 1) * input.size)
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(posts).where(where)
    return { list: await toPosts(db, rows, uid, deps.now()), total: count?.total ?? 0 }
  })

  implementAuthed(app, deps, Api.community.assignmentSubmit, async (input, { uid }) => {
    await moderateTexts(deps, uid, [{ place: "assignment", text: input.content }])
    await moderateImages(deps, uid, "post_image", "assignment", input.images.map((image) => image.url))
    const now = deps.now()
    const { assignment_id: assignmentId, ...body } = input
    const id = await db.transaction(async (tx) => {
      const assignment = await findAssignment(tx, assignmentId)
      if (!(await isCircleMember(tx, assignment.circleId, uid))) throw forbidden("加入圈子后才能提交作业")
      if (now >= assignment.deadline) throw badInput("作业已截止，无法再提交")
      const [already] = await tx.select({ id: posts.id }).from(posts)
        .where(and(eq(posts.assignmentId, assignmentId), eq(posts.uid, uid))).limit(1)
      if (already !== undefined) throw conflict(ONCE)
      return insertPost(tx, {
        uid, circleId: assignment.circleId, assignmentId, body, topics: [], objectBase: objectBaseUrl(deps.config), ledgerKey: deps.ledgerKey, now
      })
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(ONCE)
      throw error
    })
    // a hand-in is a post of its circle: the shared community pages (ADR 0027) list it from now on
    deps.feedCache.invalidate()
    return loadPost(db, id, uid, now)
  })
}
