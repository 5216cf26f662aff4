import { Api } from "@mido/core/contract"
import { and, eq, sql } from "drizzle-orm"
import type { Hono } from "hono"
import { circles, postCollects, postReports, postShares, posts } from "../../db/schema/community.js"
import { chinaDate } from "../../platform/chinaTime.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { conflict } from "../../platform/failure.js"
import { deleteComment, findPost, insertComment, listComments } from "./communityComments.js"
import { forbidden } from "./communityRefusal.js"
import { forgettingFlags } from "./postFeedViewer.js"
import { moderateTexts } from "../moderation/textCheck.js"

/** The post detail's calls besides like: comments, delete own post, collect, share, report (R11 in the queries). */
export const registerPostComments = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  implement(app, deps, Api.community.postCommentList, async (input, { uid }) =>
    listComments(db, input.post_id, input.page, input.size, uid, deps.now()))

  implementAuthed(app, deps, Api.community.postCommentCreate, async (input, { uid }) => {
    await moderateTexts(deps, uid, [{ place: "comment", text: input.content }])
    return db.transaction((tx) => insertComment(tx, { uid, postId: input.post_id, content: input.content, replyId: input.reply_id, now: deps.now() }))
  })

  implementAuthed(app, deps, Api.community.postCommentDelete, async (input, { uid }) =>
    db.transaction((tx) => deleteComment(tx, uid, input.id)))

  implementAuthed(app, deps, Api.community.postDelete, async (input, { uid }) => {
    const answer = await db.transaction(async (tx) => {
      const post = await findPost(tx, input.id)
      if (post.uid !== uid) throw forbidden("只能删除自己的帖子")
      await tx.delete(posts).where(eq(posts.id, post.id))
      if (post.circleId !== null) {
        await tx.update(circles).set({ postCount: sql`greatest(${circles.postCount} - 1, 0)` }).where(eq(circles.id, post.circleId))
      }
      return { success: true }
    })
    // committed: the shared community pages (ADR 0027) drop it in every process
    deps.feedCache.invalidate()
    return answer
  })

  implementAuthed(app, deps, Api.community.postCollect, async (input, { uid }) => forgettingFlags(deps, uid, db.transaction(async (tx) => {
    await findPost(tx, input.id)
    // the wanted state, not a toggle: a retry changes nothing
    const changed = input.action === "collect"
      ? await tx.insert(postCollects).values({ postId: input.id, uid, createdAt: deps.now() }).onConflictDoNothing().returning({ uid: postCollects.uid })
      : await tx.delete(postCollects).where(and(eq(postCollects.postId, input.id), eq(postCollects.uid, uid))).returning({ uid: postCollects.uid })
    const delta = changed.length === 0 ? sql`${posts.collectCount}`
      : input.action === "collect" ? sql`${posts.collectCount} + 1` : sql`greatest(${posts.collectCount} - 1, 0)`
    const [row] = await tx.update(posts).set({ collectCount: delta }).where(eq(posts.id, input.id)).returning({ collectCount: posts.collectCount })
    return { is_collected: input.action === "collect", collect_count: row!.collectCount }
  })))

  // a sharer counts once a China day per post (R12): a loop of share calls cannot pump the count
  implement(app, deps, Api.community.postShare, async (input, { uid, ip }) => db.transaction(async (tx) => {
    await findPost(tx, input.id)
    const sharer = uid === undefined ? `ip:${ip}` : `user:${uid}`
    const counted = await tx.insert(postShares).values({ postId: input.id, sharer, day: chinaDate(deps.now()) }).onConflictDoNothing()
      .returning({ postId: postShares.postId })
    // a repeat only reads: no write, no lock on a popular post's row
    const [row] = counted.length === 0
      ? await tx.select({ shareCount: posts.shareCount }).from(posts).where(eq(posts.id, input.id))
      : await tx.update(posts).set({ shareCount: sql`${posts.shareCount} + 1` }).where(eq(posts.id, input.id)).returning({ shareCount: posts.shareCount })
    return { share_count: row!.shareCount }
  }))

  implementAuthed(app, deps, Api.community.postReport, async (input, { uid }) => {
    const post = await findPost(db, input.id)
    if (post.uid === uid) throw forbidden("不能举报自己的帖子")
    const stored = await db.insert(postReports).values({ postId: input.id, uid, reason: input.reason, detail: input.detail, createdAt: deps.now() })
      .onConflictDoNothing().returning({ uid: postReports.uid })
    if (stored.length === 0) throw conflict("你已经举报过该帖子")
    return { success: true }
  })
}
